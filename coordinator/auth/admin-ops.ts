// Creating and revoking API keys and device tokens; used by the admin command and by tests.
import { randomUUID } from 'node:crypto';
import type { ApiKeyRecord, DeviceRecord, Store } from '../store/types.js';
import { hashSecret, newSecret } from './secrets.js';

export async function createApiKey(
  store: Store,
  opts: { name?: string; ownerId?: string; admin?: boolean; key?: string } = {},
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = opts.key ?? newSecret('ck');
  const record: ApiKeyRecord = {
    id: randomUUID(),
    ownerId: opts.ownerId ?? randomUUID(),
    name: opts.name ?? 'default',
    admin: opts.admin ?? false,
    createdAt: new Date().toISOString(),
    revokedAt: null,
  };
  await store.insertApiKey(record, hashSecret(key));
  return { key, record };
}

export async function createDevice(
  store: Store,
  opts: { id?: string; name?: string; token?: string } = {},
): Promise<{ token: string; record: DeviceRecord }> {
  const token = opts.token ?? newSecret('dt');
  const id = opts.id ?? randomUUID();
  const record: DeviceRecord = {
    id,
    name: opts.name ?? id,
    createdAt: new Date().toISOString(),
    revokedAt: null,
    lastSeenAt: null,
  };
  await store.insertDevice(record, hashSecret(token));
  return { token, record };
}
