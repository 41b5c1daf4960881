// Opens the store named by the `store` setting.
import type { Store } from './types.js';

export async function openStore(spec: string): Promise<Store> {
  if (spec.startsWith('sqlite:')) {
    const { SqliteStore } = await import('./sqlite/sqlite-store.js');
    return new SqliteStore(spec.slice('sqlite:'.length));
  }
  throw new Error(`unsupported store ${spec.split(':')[0]}: this build has sqlite`);
}
