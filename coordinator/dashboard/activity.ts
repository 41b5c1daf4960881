// Recent job activity on this coordinator for the dashboard: completions and failures in 10-second
// buckets over the last hour, and the hour's error types. Fed by the job lifecycle's events; the
// memory is fixed (360 buckets, error types capped).
import type { JobEvent, JobListener } from '../jobs/events.js';
import { BoundedLabel } from '../metrics/bounded-label.js';

export const BUCKET_MS = 10_000;
export const HOUR_MS = 3_600_000;
const BUCKETS = HOUR_MS / BUCKET_MS;

interface Bucket {
  startMs: number;
  completed: number;
  failed: number;
  /** Error type → count: completed jobs whose device reported an error, and failed jobs. */
  errors: Map<string, number>;
}

export interface ActivityView {
  bucket_sec: number;
  /** Oldest first, ending with the current bucket. */
  completed: number[];
  failed: number[];
  /** Over the last minute. */
  jobs_per_sec: number;
  errors_last_hour: Array<{ type: string; count: number }>;
}

export class Activity implements JobListener {
  private readonly buckets: Bucket[] = [];
  private readonly types = new BoundedLabel();

  constructor(private readonly now: () => number = Date.now) {}

  private current(atMs: number): Bucket {
    const startMs = Math.floor(atMs / BUCKET_MS) * BUCKET_MS;
    const last = this.buckets.at(-1);
    if (last && last.startMs === startMs) return last;
    const b: Bucket = { startMs, completed: 0, failed: 0, errors: new Map() };
    this.buckets.push(b);
    while (this.buckets.length > BUCKETS) this.buckets.shift();
    return b;
  }

  private error(b: Bucket, type: string): void {
    const t = this.types.of(type);
    b.errors.set(t, (b.errors.get(t) ?? 0) + 1);
  }

  onJobEvent(e: JobEvent): void {
    if (e.transition === 'complete') {
      const b = this.current(e.atMs);
      b.completed++;
      if (e.result.errorType) this.error(b, e.result.errorType);
    } else if (e.transition === 'fail') {
      const b = this.current(e.atMs);
      b.failed++;
      this.error(b, e.failureType);
    }
  }

  /** The last `spanMs` (default 10 minutes) as a series, and the hour's error types. */
  view(spanMs = 600_000): ActivityView {
    const nowMs = this.now();
    const endMs = Math.floor(nowMs / BUCKET_MS) * BUCKET_MS;
    const n = Math.max(1, Math.floor(spanMs / BUCKET_MS));
    const byStart = new Map(this.buckets.map((b) => [b.startMs, b]));
    const completed: number[] = [];
    const failed: number[] = [];
    for (let i = n - 1; i >= 0; i--) {
      const b = byStart.get(endMs - i * BUCKET_MS);
      completed.push(b?.completed ?? 0);
      failed.push(b?.failed ?? 0);
    }
    let lastMinute = 0;
    const errors = new Map<string, number>();
    for (const b of this.buckets) {
      if (b.startMs <= nowMs - HOUR_MS) continue;
      if (b.startMs > nowMs - 60_000) lastMinute += b.completed + b.failed;
      for (const [t, c] of b.errors) errors.set(t, (errors.get(t) ?? 0) + c);
    }
    return {
      bucket_sec: BUCKET_MS / 1000,
      completed,
      failed,
      jobs_per_sec: Math.round((lastMinute / 60) * 100) / 100,
      errors_last_hour: [...errors]
        .map(([type, count]) => ({ type, count }))
        .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
    };
  }
}
