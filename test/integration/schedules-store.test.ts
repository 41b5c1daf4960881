// The schedule store on both backends (SQLite on a temp file, PostgreSQL on a fresh database): the
// claim is conditional (one winner per firing, none while paused), a firing time already recorded is
// not run twice, due listing and the next due time, pruning keeps the newest runs, delete takes the
// runs with it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../coordinator/store/open.js';
import type { ScheduleRecord, ScheduleRunRecord } from '../../coordinator/store/schedule-types.js';
import type { Store } from '../../coordinator/store/types.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';

const schedule = (over: Partial<ScheduleRecord> = {}): ScheduleRecord => ({
  id: randomUUID(),
  ownerId: 'owner-s',
  keyId: 'key-s',
  cron: '* * * * *',
  timezone: 'UTC',
  template: {
    url: 'https://x.test/',
    regions: ['EU'],
    triesPerRegion: 1,
    timeoutSec: 10,
    deviceType: 'mobile',
  },
  webhook: null,
  paused: false,
  nextRunMs: 60_000,
  createdAt: new Date().toISOString(),
  ...over,
});

const run = (scheduleId: string, scheduledMs: number, coordinatorId = 'c'): ScheduleRunRecord => ({
  scheduleId,
  scheduledMs,
  firedAt: new Date(scheduledMs).toISOString(),
  sweepId: randomUUID(),
  status: 'claimed',
  reason: '',
  coordinatorId,
});

function suite(name: string, open: () => Promise<{ store: Store; done(): Promise<void> }>, skip?: string) {
  describe(`schedule store: ${name}`, { skip }, () => {
    let store: Store;
    let done: () => Promise<void>;
    before(async () => {
      ({ store, done } = await open());
    });
    after(() => done?.());

    it('claims a firing once, moves the time on, and never while paused', async () => {
      const s = schedule();
      await store.schedules.insertSchedule(s);
      assert.deepEqual(await store.schedules.getSchedule(s.id), s);
      const claims = await Promise.all(
        ['a', 'b', 'c', 'd'].map((c) => store.schedules.claimRun(run(s.id, 60_000, c), 60_000, 120_000)),
      );
      assert.equal(claims.filter(Boolean).length, 1);
      assert.equal((await store.schedules.getSchedule(s.id))?.nextRunMs, 120_000);
      assert.equal((await store.schedules.listRuns(s.id, 10)).length, 1);

      assert.equal(await store.schedules.setPaused(s.id, true, 120_000), true);
      assert.equal(await store.schedules.claimRun(run(s.id, 120_000), 120_000, 180_000), false);
      assert.deepEqual(
        await store.schedules.listDue(10_000_000, 10).then((l) => l.filter((x) => x.id === s.id)),
        [],
      );
      await store.schedules.setPaused(s.id, false, 60_000);
      // Resumed onto a time it already fired at: the time moves on, nothing runs twice.
      assert.equal(await store.schedules.claimRun(run(s.id, 60_000), 60_000, 180_000), false);
      assert.equal((await store.schedules.getSchedule(s.id))?.nextRunMs, 180_000);
      assert.equal((await store.schedules.listRuns(s.id, 10)).length, 1);
    });

    it('lists due schedules earliest first and knows the next due time', async () => {
      const early = schedule({ ownerId: 'owner-due', nextRunMs: 1_000 });
      const late = schedule({ ownerId: 'owner-due', nextRunMs: 2_000 });
      const paused = schedule({ ownerId: 'owner-due', nextRunMs: 500, paused: true });
      for (const s of [late, paused, early]) await store.schedules.insertSchedule(s);
      const due = (await store.schedules.listDue(1_500, 10)).map((s) => s.id);
      assert.ok(due.includes(early.id) && !due.includes(late.id) && !due.includes(paused.id));
      assert.ok(((await store.schedules.nextDueMs()) ?? Infinity) <= 1_000);
      assert.equal(await store.schedules.countSchedules('owner-due'), 3);
      assert.deepEqual(
        (await store.schedules.listSchedules('owner-due')).map((s) => s.id).sort(),
        [early.id, late.id, paused.id].sort(),
      );
    });

    it('records outcomes, finds runs by sweep and the previous one, prunes and deletes', async () => {
      const s = schedule({ nextRunMs: 1_000 });
      await store.schedules.insertSchedule(s);
      const runs: ScheduleRunRecord[] = [];
      for (let i = 1; i <= 5; i++) {
        const r = run(s.id, i * 1_000);
        runs.push(r);
        assert.equal(await store.schedules.claimRun(r, i * 1_000, (i + 1) * 1_000), true);
        await store.schedules.finishRun(
          s.id,
          r.scheduledMs,
          i === 3 ? 'skipped' : 'submitted',
          i === 3 ? 'why' : '',
        );
      }
      const third = runs[2] as ScheduleRunRecord;
      assert.deepEqual(await store.schedules.runBySweep(third.sweepId), {
        ...third,
        status: 'skipped',
        reason: 'why',
      });
      // The previous submitted run of the 4th skips the skipped 3rd.
      assert.equal((await store.schedules.previousRun(s.id, 4_000))?.scheduledMs, 2_000);
      assert.equal(await store.schedules.previousRun(s.id, 1_000), null);
      assert.equal(await store.schedules.pruneRuns(s.id, 2), 3);
      assert.deepEqual(
        (await store.schedules.listRuns(s.id, 10)).map((r) => r.scheduledMs),
        [5_000, 4_000],
      );
      assert.equal(await store.schedules.pruneRuns(s.id, 10), 0);
      assert.equal(await store.schedules.deleteSchedule(s.id), true);
      assert.deepEqual(await store.schedules.listRuns(s.id, 10), []);
      assert.equal(await store.schedules.deleteSchedule(s.id), false);
    });
  });
}

suite('sqlite', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'crawl-sched-'));
  const store = await openStore(`sqlite:${path.join(dir, 'x.db')}`);
  return {
    store,
    async done() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

const pgSkip = await postgresSkip();
suite(
  'postgres',
  async () => {
    const fresh = await freshPostgresUrl();
    const store = await openStore(fresh.url);
    return {
      store,
      async done() {
        await store.close();
        await fresh.drop();
      },
    };
  },
  pgSkip || undefined,
);
