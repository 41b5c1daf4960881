// Creating and revoking API keys and device tokens, and a key's default webhook and signing secret;
// used by the admin command, the webhook routes and tests.
import { randomUUID } from 'node:crypto';
import { newWebhookSecret } from '../push/signer.js';
import type { KeyLimits } from '../store/limit-types.js';
import type { ApiKeyRecord, DeviceRecord } from '../store/records.js';
import type { Store } from '../store/types.js';
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

/** Admin flags for each limit; `0` or `none` removes that limit. */
export const LIMIT_FLAGS = {
  'requests-per-minute': 'requestsPerMinute',
  'jobs-per-day': 'jobsPerDay',
  'concurrent-jobs': 'concurrentJobs',
  'sweeps-per-day': 'sweepsPerDay',
  'proxy-bytes-per-day': 'proxyBytesPerDay',
  'proxy-connections-per-day': 'proxyConnectionsPerDay',
} as const satisfies Record<string, keyof KeyLimits>;

/**
 * Sets the limits named in `flags` on the key, keeping the others as they were. Returns the limits
 * now in force, or an error text for a bad value or an unknown key.
 */
export async function setKeyLimits(
  store: Store,
  keyId: string,
  flags: Readonly<Record<string, string | undefined>>,
): Promise<{ limits: KeyLimits } | { error: string }> {
  const key = (await store.listApiKeys()).find((k) => k.id === keyId && !k.revokedAt);
  if (!key) return { error: `no active key ${keyId}` };
  const limits: KeyLimits = { ...key.limits };
  let given = 0;
  const verification = flags.verification;
  if (verification !== undefined) {
    given++;
    if (verification !== 'on' && verification !== 'off') {
      return { error: `--verification: expected on or off, got ${verification}` };
    }
    limits.verification = verification === 'on' ? null : false;
  }
  const crawlRobots = flags['crawl-robots'];
  if (crawlRobots !== undefined) {
    given++;
    if (crawlRobots !== 'optional' && crawlRobots !== 'required') {
      return { error: `--crawl-robots: expected optional or required, got ${crawlRobots}` };
    }
    // optional: the key's site crawls may send robots: false (docs/crawl.md).
    limits.crawlRobotsOptional = crawlRobots === 'optional' ? true : null;
  }
  for (const [flag, field] of Object.entries(LIMIT_FLAGS)) {
    const raw = flags[flag];
    if (raw === undefined) continue;
    given++;
    if (raw === 'none' || raw === '0') {
      limits[field] = null;
      continue;
    }
    if (!/^\d{1,9}$/.test(raw)) return { error: `--${flag}: expected a whole number, 0 or none, got ${raw}` };
    limits[field] = Number(raw);
  }
  if (given === 0)
    return {
      error: `give at least one of ${[...Object.keys(LIMIT_FLAGS), 'verification', 'crawl-robots']
        .map((f) => `--${f}`)
        .join(', ')}`,
    };
  await store.limits.setApiKeyLimits(keyId, limits);
  return { limits };
}

/** `requests-per-minute=60 jobs-per-day=none …` for listings. */
export function describeLimits(limits: KeyLimits | undefined): string {
  return [
    ...Object.entries(LIMIT_FLAGS).map(([flag, field]) => `${flag}=${limits?.[field] ?? 'none'}`),
    `verification=${limits?.verification === false ? 'off' : 'on'}`,
    `crawl-robots=${limits?.crawlRobotsOptional === true ? 'optional' : 'required'}`,
  ].join(' ');
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
