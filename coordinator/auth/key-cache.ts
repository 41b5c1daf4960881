// Recently seen API keys, so a busy client costs one hash, not one database round trip, per call.
// Only keys that exist are cached (random wrong keys cannot fill it); a revoked key keeps working
// on a coordinator for at most `ttlMs` after the revoke.
import type { ApiKeyRecord } from '../store/records.js';
import type { Store } from '../store/types.js';

const MAX_ENTRIES = 10_000;

export class KeyCache {
  private readonly entries = new Map<string, { record: ApiKeyRecord; expiresMs: number }>();

  constructor(
    private readonly store: Store,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async find(hash: string): Promise<ApiKeyRecord | null> {
    const hit = this.entries.get(hash);
    if (hit && hit.expiresMs > this.now()) return hit.record;
    if (hit) this.entries.delete(hash);
    const record = await this.store.findApiKeyByHash(hash);
    if (record && this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(hash, { record, expiresMs: this.now() + this.ttlMs });
    }
    return record;
  }
}
