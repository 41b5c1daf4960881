// Settling a disagreement between two devices: the verdict rules (2 out of 3), and the
// verification service driving them on a real (in-memory SQLite) store and real reputation: who
// is struck, what is recorded, when a third run is asked for and which devices it must avoid.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pino from 'pino';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import type { NewJob } from '../../coordinator/jobs/new-job.js';
import { newJobRecord } from '../../coordinator/jobs/new-job.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import type { DisputeRecord } from '../../coordinator/store/trust-types.js';
import { Reputation } from '../../coordinator/trust/reputation.js';
import { type Answer, settle } from '../../coordinator/trust/settlement.js';
import { VerificationService } from '../../coordinator/trust/verification.js';
import { pendingJob, resultRecord } from '../helpers/records.js';

describe('settle: two out of three', () => {
  const answer = (deviceId: string, fingerprint: bigint, statusCode = 200): Answer => ({
    deviceId,
    statusCode,
    finalUrl: 'https://example.com/',
    fingerprint,
  });
  const a = answer('a', 0n);
  const b = answer('b', 0xffff_ffffn); // 32 of 64 bits differ: another page

  test('the side the third answer agrees with wins; the other loses', () => {
    assert.deepEqual(settle(a, b, answer('c', 1n)), { settled: true, winner: 'a', loser: 'b', referee: 'c' });
    assert.deepEqual(settle(a, b, answer('c', 0xffff_fffen)), {
      settled: true,
      winner: 'b',
      loser: 'a',
      referee: 'c',
    });
    // Status counts as much as text: the same page under another status agrees with no one.
    assert.deepEqual(settle(a, answer('b', 0n, 451), answer('c', 0n)), {
      settled: true,
      winner: 'a',
      loser: 'b',
      referee: 'c',
    });
  });

  test('no third answer, or one from a party, settles nothing', () => {
    assert.deepEqual(settle(a, b, null), { settled: false, why: 'third_failed' });
    assert.deepEqual(settle(a, b, answer('a', 0n)), { settled: false, why: 'third_was_a_party' });
    assert.deepEqual(settle(a, b, answer('b', 0n)), { settled: false, why: 'third_was_a_party' });
  });

  test('a third answer that agrees with neither, or with both, settles nothing', () => {
    assert.deepEqual(settle(a, b, answer('c', 0xffff_ffff_0000_0000n)), {
      settled: false,
      why: 'third_agrees_with_neither',
    });
    // 12 bits apart (similarity 0.81) disagree; a third 6 bits from each (0.91) agrees with both.
    assert.deepEqual(settle(a, answer('b', 0xfffn), answer('c', 0x3fn)), {
      settled: false,
      why: 'third_agrees_with_both',
    });
  });
});

const PAGE = (topic: string) =>
  `<html><body><h1>${topic}</h1><p>${`The ${topic} report lists every figure of the season, week by week, with notes from the people who gathered them. `.repeat(6)}</p></body></html>`;
const TRUE_PAGE = PAGE('harbour');
const MADE_UP = '<html><body>all is well, nothing to see here, this page was made up</body></html>';
const ANOTHER_PAGE =
  '<html><body><p>Access denied. You do not have permission to access this resource on this server from your network.</p></body></html>';

/** A verification service on a real store and reputation; submits are recorded, not run. */
function harness(thirdDevice: boolean) {
  const store = new SqliteStore(':memory:');
  const reputation = new Reputation({
    store: store.trust,
    log: pino({ enabled: false }),
    quarantineBelow: 0.5,
    releaseAfterCanaries: 3,
    onStanding: () => undefined,
  });
  const bodies = new Map<string, string>();
  const submits: Array<{ job: JobRecord; excluded: unknown }> = [];
  const waiters: Array<() => void> = [];
  const canaries: string[] = [];
  const asked: string[][] = [];
  const service = new VerificationService({
    jobs: {
      submit: async (input: NewJob, _session: string | null, opts = {}) => {
        const job = newJobRecord(input, Date.now());
        submits.push({ job, excluded: opts.excludedDeviceId });
        // Told once the service has taken the job in (it waits for the job's answer by its id).
        setImmediate(() => {
          for (const w of waiters.splice(0)) w();
        });
        return job;
      },
    },
    reputation,
    store: store.trust,
    readBody: async (job) => bodies.get(job.id) ?? null,
    log: pino({ enabled: false }),
    share: 1,
    optedOut: async () => false,
    thirdAvailable: (_method, _region, exclude) => {
      asked.push([...exclude]);
      return thirdDevice;
    },
    canarySoon: (id) => canaries.push(id),
  });
  /** The job completed on `deviceId` with `body`. */
  const complete = (job: JobRecord, deviceId: string, body: string) => {
    bodies.set(job.id, body);
    const result = resultRecord({
      deviceId,
      finalUrl: job.url,
      metadata: { device_location: { region: 'EU' } },
    });
    service.onJobEvent({ transition: 'complete', job, result, atMs: Date.now() } satisfies JobEvent);
  };
  const fail = (job: JobRecord) =>
    service.onJobEvent({
      transition: 'fail',
      job,
      failureType: 'no_device',
      message: 'none',
      atMs: Date.now(),
    } satisfies JobEvent);
  /** The n-th job submitted (0: the re-run, 1: the third run). */
  const submitted = async (n: number): Promise<JobRecord> => {
    for (;;) {
      const s = submits[n];
      if (s) return s.job;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const dispute = async (): Promise<DisputeRecord> => {
    for (;;) {
      const [d] = await store.trust.listDisputes(10);
      if (d) return d;
      await new Promise((r) => setImmediate(r));
    }
  };
  const disputesOf = async (id: string) => (await store.trust.getDeviceTrust(id))?.disputes ?? 0;
  /** A user's job on `first`, re-run on `second`, the two answers as given. */
  const disagree = async (first: [string, string], second: [string, string]) => {
    const job = pendingJob('owner-1', { url: 'https://example.com/rates' });
    complete(job, first[0], first[1]);
    const rerun = await submitted(0);
    complete(rerun, second[0], second[1]);
    return { job, rerun };
  };
  return {
    store,
    service,
    submits,
    canaries,
    asked,
    complete,
    fail,
    submitted,
    dispute,
    disputesOf,
    disagree,
  };
}

describe('verification: disagreements are settled before anyone is struck', () => {
  test('2 against 1: only the outvoted device takes a dispute, and both get a canary at once', async () => {
    const h = harness(true);
    const { job, rerun } = await h.disagree(['honest-a', TRUE_PAGE], ['liar', MADE_UP]);
    const referee = await h.submitted(1);
    assert.deepEqual(h.submits[0]?.excluded, 'honest-a', 'the re-run avoids the first device');
    assert.deepEqual(h.submits[1]?.excluded, ['honest-a', 'liar'], 'the third run avoids both');
    assert.deepEqual(referee.placement, { region: 'EU' });
    assert.equal(referee.url, job.url);
    assert.deepEqual(h.asked, [['honest-a', 'liar']]);
    assert.deepEqual(h.canaries.sort(), ['honest-a', 'liar']);
    assert.equal(await h.disputesOf('liar'), 0, 'no one is struck before the third answer');

    h.complete(referee, 'honest-c', TRUE_PAGE);
    const d = await h.dispute();
    assert.equal(d.jobId, job.id);
    assert.equal(d.checkJobId, rerun.id);
    assert.match(d.detail, /^text similarity [0-9.]+; settled by honest-c: liar lost$/);
    assert.equal(await h.disputesOf('liar'), 1);
    assert.equal(await h.disputesOf('honest-a'), 0);
    assert.equal((await h.store.trust.getDeviceTrust('liar'))?.score, 0.75);
    await h.store.close();
  });

  test('the device that ran the user job loses when the third answer sides with the re-run', async () => {
    const h = harness(true);
    await h.disagree(['liar', MADE_UP], ['honest-b', TRUE_PAGE]);
    h.complete(await h.submitted(1), 'honest-c', TRUE_PAGE);
    assert.match((await h.dispute()).detail, /settled by honest-c: liar lost$/);
    assert.equal(await h.disputesOf('liar'), 1);
    assert.equal(await h.disputesOf('honest-b'), 0);
    await h.store.close();
  });

  test('no third device available: no third run, no strike, canaries for both', async () => {
    const h = harness(false);
    await h.disagree(['honest-a', TRUE_PAGE], ['liar', MADE_UP]);
    const d = await h.dispute();
    assert.match(d.detail, /; unsettled: no third device to ask$/);
    assert.equal(h.submits.length, 1, 'only the re-run was submitted');
    assert.deepEqual(h.canaries.sort(), ['honest-a', 'liar']);
    assert.equal(await h.disputesOf('liar'), 0);
    assert.equal(await h.disputesOf('honest-a'), 0);
    await h.store.close();
  });

  test('a third device that disagrees with both: no strike', async () => {
    const h = harness(true);
    await h.disagree(['device-a', TRUE_PAGE], ['device-b', MADE_UP]);
    h.complete(await h.submitted(1), 'device-c', ANOTHER_PAGE);
    assert.match((await h.dispute()).detail, /; unsettled: the third answer agrees with neither/);
    for (const id of ['device-a', 'device-b', 'device-c']) assert.equal(await h.disputesOf(id), 0, id);
    await h.store.close();
  });

  test('a third run that fails, or that lands on a party, settles nothing', async () => {
    const failed = harness(true);
    await failed.disagree(['honest-a', TRUE_PAGE], ['liar', MADE_UP]);
    failed.fail(await failed.submitted(1));
    assert.match((await failed.dispute()).detail, /; unsettled: the third run brought no answer$/);
    assert.equal(await failed.disputesOf('liar'), 0);
    await failed.store.close();

    const party = harness(true);
    await party.disagree(['honest-a', TRUE_PAGE], ['liar', MADE_UP]);
    // Requeued after its device left, a third run may land on a party: its answer counts for nothing.
    party.complete(await party.submitted(1), 'liar', MADE_UP);
    assert.match((await party.dispute()).detail, /; unsettled: the third run ran on one of the two devices$/);
    assert.equal(await party.disputesOf('honest-a'), 0);
    await party.store.close();
  });

  test('two answers that agree: no third run and nothing recorded', async () => {
    const h = harness(true);
    await h.disagree(['device-a', TRUE_PAGE], ['device-b', TRUE_PAGE.replace('season', 'seasons')]);
    // The bodies are read at once (no I/O here): the comparison is over before the next turn.
    await new Promise((r) => setImmediate(r));
    assert.equal(h.submits.length, 1, 'the re-run only, no third run');
    assert.deepEqual(h.asked, []);
    assert.deepEqual(await h.store.trust.listDisputes(10), []);
    assert.deepEqual(h.canaries, []);
    await h.store.close();
  });
});
