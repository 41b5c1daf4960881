// API key cache over a real (in-memory) SQLite store, with an injected clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { KeyCache } from '../../coordinator/auth/key-cache.js';
import { hashSecret } from '../../coordinator/auth/secrets.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';

test('a found key is trusted for the TTL, then looked up again; a revoke shows after it', async () => {
  const store = new SqliteStore(':memory:');
  let now = 1_000;
  const cache = new KeyCache(store, 5_000, () => now);
  const { key, record } = await createApiKey(store);
  assert.equal((await cache.find(hashSecret(key)))?.id, record.id);
  await store.revokeApiKey(record.id, new Date().toISOString());
  now += 4_999;
  assert.equal((await cache.find(hashSecret(key)))?.id, record.id, 'still cached');
  now += 2;
  assert.equal(await cache.find(hashSecret(key)), null, 'the revoke applies once the entry expires');
  await store.close();
});

test('unknown keys are not cached: a key created afterwards works at once', async () => {
  const store = new SqliteStore(':memory:');
  const cache = new KeyCache(store, 60_000);
  const wanted = 'ck_created_later';
  assert.equal(await cache.find(hashSecret(wanted)), null);
  await createApiKey(store, { key: wanted });
  assert.ok(await cache.find(hashSecret(wanted)));
  await store.close();
});
