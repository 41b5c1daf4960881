// The caller's current usage against its limits (GET /crawl/v1/usage).
import type { ApiKeyRecord } from '../store/records.js';
import type { Store } from '../store/types.js';
import { DAY_MS, MINUTE_MS, windowStartMs } from './policies.js';

export interface UsageView {
  key_id: string;
  limits: {
    requests_per_minute: number | null;
    jobs_per_day: number | null;
    concurrent_jobs: number | null;
    sweeps_per_day: number | null;
    proxy_bytes_per_day: number | null;
    proxy_connections_per_day: number | null;
  };
  usage: {
    requests_this_minute: number;
    jobs_today: number;
    sweeps_today: number;
    unfinished_jobs: number;
    proxy_bytes_today: number;
    proxy_connections_today: number;
  };
  /** When the current minute and UTC day windows end (ISO 8601). */
  resets: { minute: string; day: string };
}

const orNull = (v: number | null | undefined): number | null => (typeof v === 'number' && v > 0 ? v : null);

export async function usageOf(
  store: Store,
  key: ApiKeyRecord,
  nowMs: number = Date.now(),
): Promise<UsageView> {
  const minute = windowStartMs('minute', nowMs);
  const day = windowStartMs('jobs-day', nowMs);
  const { counts, unfinished } = await store.limits.readUsage(key.id, key.ownerId, [
    { name: 'requests', windowStartMs: minute },
    { name: 'jobs', windowStartMs: day },
    { name: 'sweeps', windowStartMs: day },
    { name: 'proxy_bytes', windowStartMs: day },
    { name: 'proxy_connections', windowStartMs: day },
  ]);
  const l = key.limits ?? {};
  return {
    key_id: key.id,
    limits: {
      requests_per_minute: orNull(l.requestsPerMinute),
      jobs_per_day: orNull(l.jobsPerDay),
      concurrent_jobs: orNull(l.concurrentJobs),
      sweeps_per_day: orNull(l.sweepsPerDay),
      proxy_bytes_per_day: orNull(l.proxyBytesPerDay),
      proxy_connections_per_day: orNull(l.proxyConnectionsPerDay),
    },
    usage: {
      requests_this_minute: counts[0] ?? 0,
      jobs_today: counts[1] ?? 0,
      sweeps_today: counts[2] ?? 0,
      unfinished_jobs: unfinished,
      proxy_bytes_today: counts[3] ?? 0,
      proxy_connections_today: counts[4] ?? 0,
    },
    resets: {
      minute: new Date(minute + MINUTE_MS).toISOString(),
      day: new Date(day + DAY_MS).toISOString(),
    },
  };
}
