// Schedules without I/O: the per-region snapshot of a run and the diff between two runs, the cron
// checks (fields, zone, minimum interval) and the next firing after downtime (no backfill).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkCron, nextFiring } from '../../coordinator/schedules/cron.js';
import { diffRuns, runSnapshot, type TryFacts } from '../../coordinator/schedules/run-diff.js';
import type { JobRecord, ResultRecord, SweepRecord } from '../../coordinator/store/records.js';
import { resultRecord } from '../helpers/records.js';

interface TryPlan {
  region: string;
  status?: JobRecord['status'];
  result?: Partial<ResultRecord> | null;
  failureType?: string;
}

/** A sweep with one job per planned try (regions in first-seen order). */
function run(id: string, plan: TryPlan[]): { sweep: SweepRecord; jobs: JobRecord[] } {
  const regions = [...new Set(plan.map((p) => p.region))];
  const jobs: JobRecord[] = plan.map((p, i) => ({
    id: `${id}-${i}`,
    ownerId: 'o',
    url: 'https://site.example/',
    method: 'CRAWL_FULL_PAGE',
    status: p.status ?? 'completed',
    submittedAt: '',
    submittedAtMs: 0,
    timeoutSec: 60,
    placement: { region: p.region },
    sessionId: null,
    sweepId: id,
    storageType: 'local',
    request: { headers: [], bodyBase64: '', cookies: [] },
    attempt: 1,
    deviceId: 'd',
    queueDeadlineMs: 0,
    completedAt: null,
    failureType: p.failureType ?? null,
    errorMessage: null,
    archivedAt: null,
    result:
      p.result === null
        ? null
        : resultRecord({ finalUrl: 'https://site.example/', sizeBytes: 10_000, ...p.result }),
  }));
  const counts = new Map<string, number>();
  const sweep: SweepRecord = {
    id,
    ownerId: 'o',
    url: 'https://site.example/',
    regions,
    triesPerRegion: 2,
    timeoutSec: 60,
    deviceType: 'mobile',
    createdAt: '',
    reportToken: 't',
    jobs: plan.map((p, i) => {
      const tryIndex = counts.get(p.region) ?? 0;
      counts.set(p.region, tryIndex + 1);
      return { jobId: `${id}-${i}`, region: p.region, tryIndex };
    }),
  };
  return { sweep, jobs };
}

const snap = (r: { sweep: SweepRecord; jobs: JobRecord[] }, facts?: TryFacts) =>
  runSnapshot(r.sweep, r.jobs, facts);

describe('run diff', () => {
  test('unchanged runs report no change; noise in size below 10 % is not a change', () => {
    const a = run('a', [{ region: 'EU' }, { region: 'EU', result: { sizeBytes: 10_400 } }, { region: 'NA' }]);
    const b = run('b', [{ region: 'EU', result: { sizeBytes: 10_900 } }, { region: 'EU' }, { region: 'NA' }]);
    const d = diffRuns(snap(a), snap(b));
    assert.deepEqual(d.changed_regions, []);
    assert.equal(d.previous_sweep_id, 'a');
    assert.equal(d.complete, true);
    assert.deepEqual(d.regions.EU, { changed: false, changes: [] });
  });

  test('a status, a redirect and a size change are named for their region only', () => {
    const a = run('a', [{ region: 'EU' }, { region: 'NA' }, { region: 'APAC' }]);
    const b = run('b', [
      { region: 'EU', result: { statusCode: 451, sizeBytes: 300 } },
      { region: 'NA', result: { finalUrl: 'https://site.example/consent' } },
      { region: 'APAC' },
    ]);
    const d = diffRuns(snap(a), snap(b));
    assert.deepEqual(d.changed_regions, ['EU', 'NA']);
    assert.deepEqual(d.regions.EU?.changes, [
      { field: 'http_status', before: [200], after: [451] },
      { field: 'size_bytes', before: 10_000, after: 300 },
    ]);
    assert.deepEqual(d.regions.NA?.changes, [
      { field: 'final_url', before: ['https://site.example/'], after: ['https://site.example/consent'] },
    ]);
    assert.equal(d.regions.APAC?.changed, false);
  });

  test('a region that stops loading shows status, errors and the missing answer', () => {
    const a = run('a', [{ region: 'EU' }]);
    const b = run('b', [
      { region: 'EU', result: { success: false, statusCode: 0, errorType: 'timeout', sizeBytes: 0 } },
    ]);
    const d = diffRuns(snap(a), snap(b));
    assert.deepEqual(
      d.regions.EU?.changes.map((c) => [c.field, c.before, c.after]),
      [
        ['status', 'completed', 'failed'],
        ['http_status', [200], []],
        ['final_url', ['https://site.example/'], []],
        ['size_bytes', 10_000, null],
        ['error_type', [], ['timeout']],
      ],
    );
    // A try the service failed (no device) counts by its failure type.
    const c = run('c', [{ region: 'EU', status: 'failed', result: null, failureType: 'no_device' }]);
    assert.deepEqual(snap(c).regions.EU?.error_type, ['no_device']);
  });

  test('a run still going is marked incomplete; a region new to the schedule is all change', () => {
    const a = run('a', [{ region: 'EU' }]);
    const b = run('b', [{ region: 'EU', status: 'running', result: null }, { region: 'NA' }]);
    const d = diffRuns(snap(a), snap(b));
    assert.equal(d.complete, false);
    assert.deepEqual(d.regions.EU?.changes[0], { field: 'status', before: 'completed', after: 'running' });
    assert.equal(d.regions.NA?.changed, true);
  });

  test('titles and fingerprints compare only when both runs know them', () => {
    const facts =
      (title: string): TryFacts =>
      () => ({ title, textFingerprint: 'f1' });
    const a = run('a', [{ region: 'EU' }]);
    const b = run('b', [{ region: 'EU' }]);
    assert.deepEqual(diffRuns(snap(a), snap(b, facts('Home'))).changed_regions, []);
    const d = diffRuns(snap(a, facts('Home')), snap(b, facts('Blocked')));
    assert.deepEqual(d.regions.EU?.changes, [{ field: 'title', before: ['Home'], after: ['Blocked'] }]);
  });

  test('texts differ by simhash similarity, not by equality; block verdicts come from the summary', () => {
    const summary = (fp: string, block: boolean) => ({
      finalUrl: 'https://site.example/',
      statusCode: 200,
      title: 'Home',
      sizeBytes: 10_000,
      textFingerprint: fp,
      block: block ? { kind: 'captcha' as const, rule: 'generic-captcha' } : null,
    });
    const a = run('a', [{ region: 'EU', result: { summary: summary('00000000000000ff', false) } }]);
    // Two bits of 64 flipped: the same text with a counter changed.
    const near = run('b', [{ region: 'EU', result: { summary: summary('00000000000000fc', false) } }]);
    assert.deepEqual(diffRuns(snap(a), snap(near)).changed_regions, []);
    const far = run('c', [{ region: 'EU', result: { summary: summary('ffffffff000000ff', true) } }]);
    const d = diffRuns(snap(a), snap(far));
    assert.deepEqual(
      d.regions.EU?.changes.map((c) => [c.field, c.after, c.similarity]),
      [
        ['block', ['captcha: generic-captcha'], undefined],
        ['text_fingerprint', ['ffffffff000000ff'], 0.5],
      ],
    );
  });
});

describe('cron', () => {
  const now = Date.parse('2026-03-01T10:00:02Z');

  test('the first firing honours the time zone', () => {
    assert.equal(checkCron('0 9 * * *', 'Asia/Tokyo', 60_000, now), Date.parse('2026-03-02T00:00:00Z'));
    assert.equal(checkCron('@hourly', 'UTC', 60_000, now), Date.parse('2026-03-01T11:00:00Z'));
  });

  test('too frequent, malformed, never-firing and unknown zones are refused', () => {
    assert.throws(() => checkCron('*/30 * * * * *', 'UTC', 60_000, now), /minimum interval of 60 s/);
    // Irregular: 10:00 and 10:01 each day are a minute apart.
    assert.throws(() => checkCron('0 0,1 10 * * *', 'UTC', 120_000, now), /60 s between two firings/);
    assert.throws(() => checkCron('* * *', 'UTC', 1000, now), /5 fields/);
    assert.throws(() => checkCron('0 0 31 2 *', 'UTC', 1000, now), /never fires/);
    assert.throws(() => checkCron('* * * * *', 'Nowhere/Zone', 1000, now), /IANA/);
  });

  test('after downtime the next firing is from now on, never a backlog', () => {
    const missedMs = now - 3 * 3_600_000;
    assert.equal(nextFiring('0 * * * *', 'UTC', missedMs, 60_000, now), Date.parse('2026-03-01T11:00:00Z'));
    // And never sooner than the minimum interval after the firing it follows.
    assert.equal(nextFiring('* * * * * *', 'UTC', now, 5_000, now), now + 5_000);
  });
});
