// A coordinator SIGKILLed between each pair of a group's writes (--crash-after, coordinator/
// crash-points.ts): the group and its jobs stored; a member's terminal write; a member's event; the
// last member's event before the group's. After the restart (on SQLite the same file; on PostgreSQL
// beside a second coordinator that never stopped) no group stays in progress, no job is lost, none
// runs twice, and the group's completion event is written exactly once. Real coordinator processes,
// real agents, a local HTTP site and a lab DNS server.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { openStore } from '../../coordinator/store/open.js';
import type { Store } from '../../coordinator/store/types.js';
import { ApiClient } from '../helpers/client.js';
import {
  type CoordinatorProcess,
  removeDir,
  spawnCoordinator,
  startTestAgent,
  tempDir,
} from '../helpers/cluster.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { measureExecutors } from '../helpers/measure-fleet.js';
import { postgresSkip } from '../helpers/needs.js';
import { startPgCluster } from '../helpers/pg-cluster.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

type Kind = 'batch' | 'measurement';
/** Three members each: the group stored; the first end; the last end; the last member's event. */
const POINTS = ['group-stored:1', 'member-ended:1', 'member-ended:3', 'event-written:3'] as const;
const MEMBERS = 3;

interface Fleet {
  store: Store;
  ownerId: string;
  key: string;
  /** The coordinator the group is submitted to (killed), and where its agents link. */
  url: string;
}

let target: TargetServer;
let dns: LabDnsServer;

before(async () => {
  target = await startTargetServer();
  dns = await startLabDns({ 'lab.test': [{ type: 'A', ttl: 60, address: '192.0.2.10' }] });
});
after(async () => {
  await target.close();
  await dns.close();
});

/** Three devices that run GETs and measurements, linked to `urls`; returns their stop. */
async function startDevices(store: Store, urls: string[], tag: string): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  for (let i = 0; i < MEMBERS; i++) {
    const deviceId = `${tag}-dev-${i}`;
    const agent = await startTestAgent({
      deviceId,
      token: (await createDevice(store, { id: deviceId })).token,
      coordinators: urls,
      maxConcurrent: 2,
      executors: await measureExecutors(),
    });
    stops.push(agent.stop);
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}

/** Submits the group; returns its id and how to read whether it finished. */
async function submitGroup(api: ApiClient, kind: Kind, tag: string): Promise<string> {
  if (kind === 'batch') {
    const res = await api.request('POST', '/crawl/v1/batch/new', {
      jobs: Array.from({ length: MEMBERS }, (_, i) => ({
        url: `${target.httpUrl}/slow?ms=200&run=${tag}-${i}`,
      })),
    });
    assert.equal(res.status, 201, res.text);
    return (res.body as Obj).batch_id as string;
  }
  const res = await api.request('POST', '/crawl/v1/measure/new', {
    type: 'dns',
    target: 'lab.test',
    resolver: '127.0.0.1',
    resolver_port: dns.port,
    limit: MEMBERS,
  });
  assert.equal(res.status, 201, res.text);
  return (res.body as Obj).id as string;
}

/** Polls the group's own GET (an HTTP answer, no event to await across a process) until it finished. */
async function waitFinished(api: ApiClient, kind: Kind, id: string): Promise<Obj> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res =
      kind === 'batch'
        ? await api.request('GET', `/crawl/v1/batch/${id}`)
        : await api.request('GET', `/crawl/v1/measure/${id}`);
    const body = res.body as Obj;
    if (res.status === 200 && (kind === 'batch' ? body.completed === true : body.status === 'finished'))
      return body;
    if (Date.now() > until) throw new Error(`${kind} ${id} not finished: ${res.text.slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The owner's events (every one written): their type and the group or job they are of. */
async function eventsOf(
  store: Store,
  ownerId: string,
): Promise<Array<{ type: string; subject: string | null }>> {
  return (await store.push.listEvents({ ownerId, afterSeq: 0, limit: 1000 })).map((e) => {
    const data = (JSON.parse(e.payload) as Obj).data as Obj;
    const subject =
      e.type === 'batch.completed'
        ? (data.batch.batch_id as string)
        : e.type === 'measurement.completed'
          ? e.sweepId
          : e.jobId;
    return { type: e.type, subject };
  });
}

/** Waits until the group's completion event is written (the catch-up pass may write it after the GET says finished). */
async function completionEvents(store: Store, ownerId: string, kind: Kind, id: string): Promise<number> {
  const until = Date.now() + 30_000;
  for (;;) {
    const n = (await eventsOf(store, ownerId)).filter(
      (e) => e.type === `${kind}.completed` && e.subject === id,
    ).length;
    if (n > 0 || Date.now() > until) return n;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a recovered group must show: every member ended once, ran once, and one completion event. */
/**
 * `runsAtMost`: 1 where the coordinator that held the jobs is the one that comes back (SQLite); on a
 * shared store the survivor takes a dead coordinator's running jobs back when their lease runs out
 * and runs them again (at least once: docs/architecture.md, "Groups"), so a member may run twice.
 */
async function assertRecovered(
  fleet: Fleet,
  api: ApiClient,
  kind: Kind,
  id: string,
  tag: string,
  runsAtMost = 1,
): Promise<void> {
  const view = await waitFinished(api, kind, id);
  if (kind === 'batch') {
    assert.deepEqual(
      view.counts,
      { pending: 0, running: 0, completed: MEMBERS, failed: 0 },
      JSON.stringify(view),
    );
    for (let i = 0; i < MEMBERS; i++) {
      const runs = target.seen.filter((r) => r.url.includes(`run=${tag}-${i}`)).length;
      if (runs < 1 || runs > runsAtMost) {
        const jobs = await fleet.store.getJobs(
          (await fleet.store.batches.listBatchJobs(id, -1, 10)).map((r) => r.jobId),
        );
        const seen = target.seen.filter((r) => r.url.includes(`run=${tag}`)).map((r) => r.url);
        const how = jobs.map((j) => ({
          url: j.url,
          attempt: j.attempt,
          device: j.deviceId,
          status: j.status,
        }));
        assert.fail(`member ${i} of ${tag} ran ${runs} times: ${JSON.stringify({ how, seen })}`);
      }
    }
  } else {
    const results = view.results as Obj[];
    assert.equal(results.length, MEMBERS, JSON.stringify(view));
    for (const r of results) assert.equal(r.status, 'completed', JSON.stringify(r));
  }
  assert.equal(await completionEvents(fleet.store, fleet.ownerId, kind, id), 1);
  const jobEvents = (await eventsOf(fleet.store, fleet.ownerId)).filter((e) => e.type.startsWith('job.'));
  // Each member's own event once (dedupe keys are unique), none missing.
  if (kind === 'batch') assert.equal(jobEvents.length, MEMBERS, JSON.stringify(jobEvents));
}

const pgSkip = await postgresSkip();
const FLAGS = [
  '--heartbeat-interval-ms',
  '500',
  '--lease-ms',
  '1500',
  '--canary-interval',
  '0s',
  '--verify-share',
  '0',
];

describe('groups across a coordinator SIGKILLed between their writes: SQLite', () => {
  for (const kind of ['batch', 'measurement'] as const) {
    for (const point of POINTS) {
      test(`${kind}, killed at ${point}`, async () => {
        const dataDir = tempDir('group-crash');
        const store = await openStore(`sqlite:${path.join(dataDir, 'crawl.db')}`);
        const { key, record } = await createApiKey(store);
        const first = await spawnCoordinator(['--data-dir', dataDir, ...FLAGS, '--crash-after', point]);
        const port = new URL(first.url).port;
        const tag = `sq-${kind}-${point.replace(':', '-')}`;
        const stopDevices = await startDevices(store, [first.url], tag);
        let again: CoordinatorProcess | null = null;
        try {
          const id = await submitGroup(new ApiClient(first.url, key), kind, tag).catch(async (err) => {
            // Killed before it answered (group-stored): the group is found in the store.
            assert.equal(point, 'group-stored:1', String(err));
            await first.exited;
            const [job] = await store.listUnfinishedJobs();
            assert.ok(job?.groupId, 'the group was stored with its jobs');
            return job.groupId;
          });
          assert.equal(await first.exited, null, 'killed by its crash point');
          assert.equal(first.child.signalCode, 'SIGKILL');
          again = await spawnCoordinator(['--data-dir', dataDir, ...FLAGS, '--port', port]);
          await assertRecovered(
            { store, ownerId: record.ownerId, key, url: again.url },
            new ApiClient(again.url, key),
            kind,
            id,
            tag,
          );
        } finally {
          await stopDevices();
          again?.child.kill('SIGTERM');
          await again?.exited;
          await store.close();
          removeDir(dataDir);
        }
      });
    }
  }
});

describe('groups across a coordinator SIGKILLed between their writes: PostgreSQL, two coordinators', {
  skip: pgSkip,
}, () => {
  for (const kind of ['batch', 'measurement'] as const) {
    for (const point of ['member-ended:1', 'event-written:3'] as const) {
      test(`${kind}, one of two killed at ${point}`, async () => {
        // Coordinator 0 crashes; 1 runs on, and its devices take the group's jobs back once the
        // dead coordinator's leases run out. Then 0 restarts on the same database.
        const cluster = await startPgCluster('group-crash', FLAGS, 1);
        const { key, record } = await createApiKey(cluster.store);
        const doomed = await spawnCoordinator([
          '--store',
          cluster.pg.url,
          '--data-dir',
          cluster.dataDir,
          ...FLAGS,
          '--crash-after',
          point,
        ]);
        const [live] = cluster.coordinators as [CoordinatorProcess];
        const tag = `pg-${kind}-${point.replace(':', '-')}`;
        const stopDoomed = await startDevices(cluster.store, [doomed.url], `${tag}-a`);
        const stopLive = await startDevices(cluster.store, [live.url], `${tag}-b`);
        let again: CoordinatorProcess | null = null;
        try {
          const id = await submitGroup(new ApiClient(doomed.url, key), kind, tag);
          assert.equal(await doomed.exited, null, 'killed by its crash point');
          // Restarted at once: its catch-up writes what it died before writing (the survivor's
          // periodic pass would, a minute later).
          again = await spawnCoordinator([
            '--store',
            cluster.pg.url,
            '--data-dir',
            cluster.dataDir,
            ...FLAGS,
          ]);
          const fleet = { store: cluster.store, ownerId: record.ownerId, key, url: live.url };
          await assertRecovered(fleet, new ApiClient(live.url, key), kind, id, tag, 2);
          // Read through the restarted one too: the same group, one completion event.
          await assertRecovered(fleet, new ApiClient(again.url, key), kind, id, tag, 2);
        } finally {
          await stopDoomed();
          await stopLive();
          again?.child.kill('SIGTERM');
          await again?.exited;
          await cluster.stop();
        }
      });
    }
  }
});
