// Creating and revoking API keys and device tokens, and a key's default webhook and signing secret;
// used by the admin command, the webhook routes and tests.
import { randomUUID } from 'node:crypto';
import { newWebhookSecret } from '../push/signer.js';
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

/**
 * Sets the owner's default webhook (url null removes it; events empty means every type). A signing
 * secret is made when the owner has none or `rotateSecret` is set, and returned only then.
 */
export async function setDefaultWebhook(
  store: Store,
  ownerId: string,
  opts: { url?: string | null; events?: string[]; rotateSecret?: boolean },
): Promise<{ url: string | null; events: string[]; secret: string | null }> {
  const current = await store.push.getOwnerWebhook(ownerId);
  const fresh = !current?.secret || opts.rotateSecret === true;
  const secret = fresh ? newWebhookSecret() : current.secret;
  const url = opts.url === undefined ? (current?.url ?? null) : opts.url;
  const events = opts.events ?? current?.events ?? [];
  await store.push.setOwnerWebhook({ ownerId, url, events, secret });
  return { url, events, secret: fresh ? secret : null };
}
