// Pure parts of operating the network: RateLimit header syntax and fixed windows, bounded labels,
// the dashboard's activity buckets, cookie and listen-address parsing. No sockets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Activity } from '../../coordinator/dashboard/activity.js';
import { cookieValue } from '../../coordinator/dashboard/auth.js';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import {
  policiesOf,
  policyHeader,
  rateLimitHeader,
  secondsToReset,
  windowStartMs,
} from '../../coordinator/limits/policies.js';
import { BoundedLabel } from '../../coordinator/metrics/bounded-label.js';
import { parseListen } from '../../coordinator/metrics/metrics-server.js';
import type { JobRecord } from '../../coordinator/store/records.js';

describe('rate limit policies', () => {
  test('policies in a fixed order, absent and zero limits left out', () => {
    const p = policiesOf({ sweepsPerDay: 2, requestsPerMinute: 60, jobsPerDay: 0, concurrentJobs: 5 });
    assert.equal(policyHeader(p), '"minute";q=60;w=60, "sweeps-day";q=2;w=86400, "concurrent";q=5');
    assert.deepEqual(policiesOf(undefined), []);
  });

  test('RateLimit items never go below r=0', () => {
    assert.equal(
      rateLimitHeader([
        { name: 'minute', remaining: -3, resetSec: 12 },
        { name: 'jobs-day', remaining: 7, resetSec: 100 },
      ]),
      '"minute";r=0;t=12, "jobs-day";r=7;t=100',
    );
  });

  test('fixed minute and UTC day windows and the seconds left in them', () => {
    const now = Date.UTC(2026, 10, 23, 7, 14, 48, 200);
    assert.equal(windowStartMs('minute', now), Date.UTC(2026, 10, 23, 7, 14));
    assert.equal(windowStartMs('jobs-day', now), Date.UTC(2026, 10, 23));
    assert.equal(secondsToReset('minute', now), 12);
    assert.equal(secondsToReset('sweeps-day', now), 16 * 3600 + 45 * 60 + 12);
    assert.equal(secondsToReset('minute', Date.UTC(2026, 10, 23, 7, 14, 59, 999)), 1);
    assert.equal(secondsToReset('concurrent', now), 5);
  });
});

describe('bounded labels', () => {
  test('past the cap new values are other, known ones stay', () => {
    const l = new BoundedLabel(2);
    assert.equal(l.of('a'), 'a');
    assert.equal(l.of(''), 'none');
    assert.equal(l.of('b'), 'other');
    assert.equal(l.of('a'), 'a');
  });
});

function job(): JobRecord {
  return { id: 'j', method: 'GET', submittedAtMs: 0, placement: {} } as JobRecord;
}

describe('dashboard activity', () => {
  test('buckets completions and failures, counts the hour of error types, forgets older ones', () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 5);
    const a = new Activity(() => now);
    const fail = (atMs: number, failureType: string): JobEvent => ({
      transition: 'fail',
      job: job(),
      atMs,
      failureType,
      message: '',
    });
    const done = (atMs: number, errorType: string) =>
      ({ transition: 'complete', job: job(), atMs, result: { errorType } }) as unknown as JobEvent;
    a.onJobEvent(fail(now - 2 * 3_600_000, 'old'));
    a.onJobEvent(done(now - 30_000, ''));
    a.onJobEvent(done(now - 30_000, 'timeout'));
    a.onJobEvent(fail(now, 'no_device'));
    a.onJobEvent(fail(now, 'no_device'));
    const v = a.view();
    assert.equal(v.completed.length, 60);
    assert.equal(v.completed.at(-4), 2);
    assert.equal(v.failed.at(-1), 2);
    assert.equal(v.jobs_per_sec, Math.round((4 / 60) * 100) / 100);
    assert.deepEqual(v.errors_last_hour, [
      { type: 'no_device', count: 2 },
      { type: 'timeout', count: 1 },
    ]);
    now += 3_600_000;
    assert.deepEqual(a.view().errors_last_hour, []);
  });
});

describe('parsing', () => {
  test('cookie values', () => {
    assert.equal(cookieValue('a=1; crawl_dashboard=ck_x%2By; b=2', 'crawl_dashboard'), 'ck_x+y');
    assert.equal(cookieValue('crawl_dashboard=%zz', 'crawl_dashboard'), null);
    assert.equal(cookieValue(undefined, 'crawl_dashboard'), null);
  });

  test('listen addresses', () => {
    assert.deepEqual(parseListen('127.0.0.1:9464'), { host: '127.0.0.1', port: 9464 });
    assert.deepEqual(parseListen('[::1]:0'), { host: '::1', port: 0 });
    assert.equal(parseListen('9464'), null);
    assert.equal(parseListen('h:70000'), null);
  });
});
