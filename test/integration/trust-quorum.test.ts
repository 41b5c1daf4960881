// Honest devices next to bad ones: three honest agents, one whose executor fabricates pages and
// one honest agent behind a link that rewrites its results (chunked and inline parts alike), every
// job cross-verified. Disagreements are settled by a third opinion before anyone is penalised, so
// the two bad devices are quarantined and the honest ones never lose standing (docs/security.md).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HttpExecutor } from '../../agent/executors/http.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import { SYSTEM_OWNER_ID } from '../../coordinator/store/records.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { LyingExecutor } from '../helpers/lying-executor.js';
import { startTamperingLinkProxy, type TamperingLinkProxy } from '../helpers/tampering-link-proxy.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const HONEST = ['honest-1', 'honest-2', 'honest-3'];
const LIAR = 'liar';
const TAMPERED = 'tampered';
const JOBS = 60;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Fleet {
  c: TestCoordinator;
  proxy: TamperingLinkProxy;
  events: JobEvent[];
  stop(): Promise<void>;
}

async function startFleet(flags: string[]): Promise<Fleet> {
  const c = await startTestCoordinator({ flags: ['--verify-share', '1', ...flags] });
  const events: JobEvent[] = [];
  c.coordinator.services.jobs.addListener({ onJobEvent: (e) => events.push(e) });
  const stops: Array<() => Promise<void>> = [];
  for (const id of HONEST) {
    const a = await startTestAgent({
      deviceId: id,
      token: await c.newDevice(id),
      coordinators: [c.url],
      country: 'DE',
    });
    stops.push(a.stop);
  }
  const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
  const liar = await startTestAgent({
    deviceId: LIAR,
    token: await c.newDevice(LIAR),
    coordinators: [c.url],
    country: 'DE',
    executors: [new LyingExecutor(new HttpExecutor({ policy, maxBodyBytes: 1 << 20 }))],
  });
  stops.push(liar.stop);
  const proxy = await startTamperingLinkProxy(c.url);
  const tampered = await startTestAgent({
    deviceId: TAMPERED,
    token: await c.newDevice(TAMPERED),
    coordinators: [proxy.url],
    country: 'DE',
  });
  stops.push(tampered.stop);
  return {
    c,
    proxy,
    events,
    async stop() {
      for (const s of stops) await s();
      await proxy.close();
      await c.stop();
    },
  };
}

/**
 * Submits JOBS verified jobs at once (small pages, whose content rides inline in the final frame,
 * and pages over 64 KiB, which travel in chunks), and waits until the two bad devices are
 * quarantined and every job and every re-run has ended. Resolves with each bad device's time to
 * quarantine, from the first submit.
 */
async function runJobs(fleet: Fleet, target: TargetServer, api: ApiClient): Promise<Record<string, number>> {
  const { c, events } = fleet;
  const started = Date.now();
  const caughtAt: Record<string, number> = {};
  const watch = setInterval(() => {
    for (const id of [LIAR, TAMPERED]) {
      if (caughtAt[id] === undefined && c.coordinator.services.jobs.device(id)?.quarantined) {
        caughtAt[id] = Date.now() - started;
      }
    }
  }, 5);
  try {
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const url = i % 2 ? `${target.httpUrl}/article?n=${i}` : `${target.httpUrl}/big?bytes=100000&n=${i}`;
      const res = await api.submit({ url });
      assert.equal(res.status, 201, res.text);
      ids.push((res.body as { job_id: string }).job_id);
    }
    for (const id of ids) await api.waitTerminal(id, 60_000);
    await until('both bad devices quarantined', () =>
      caughtAt[LIAR] !== undefined && caughtAt[TAMPERED] !== undefined ? true : undefined,
    );
    // Every re-run and third run has ended (canaries go on: a quarantined device gets one often).
    await until('the re-runs ended', () => {
      const open = new Set<string>();
      for (const e of events) {
        if (e.job.ownerId !== SYSTEM_OWNER_ID || e.job.url.includes('/crawl/v1/canary/')) continue;
        if (e.transition === 'submit' || e.transition === 'claim') open.add(e.job.id);
        if (e.transition === 'complete' || e.transition === 'fail') open.delete(e.job.id);
      }
      return open.size === 0 ? true : undefined;
    });
  } finally {
    clearInterval(watch);
  }
  return caughtAt;
}

async function assertOutcome(fleet: Fleet): Promise<void> {
  const { c, proxy } = fleet;
  assert.ok(proxy.tampered.chunks > 0, 'the link rewrote chunked content');
  assert.ok(proxy.tampered.inline > 0, 'the link rewrote inline content');
  for (const id of [LIAR, TAMPERED]) {
    const t = await c.coordinator.store.trust.getDeviceTrust(id);
    assert.equal(t?.quarantined, true, `${id} quarantined: ${JSON.stringify(t)}`);
  }
  for (const id of HONEST) {
    const t = await c.coordinator.store.trust.getDeviceTrust(id);
    // `reason` is written when a device enters quarantine and kept: empty means never quarantined.
    assert.equal(t?.quarantined ?? false, false, `${id} not quarantined: ${JSON.stringify(t)}`);
    assert.equal(t?.reason ?? '', '', `${id} never quarantined: ${JSON.stringify(t)}`);
    assert.equal(t?.disputes ?? 0, 0, `${id} lost no dispute: ${JSON.stringify(t)}`);
    assert.equal(c.coordinator.services.jobs.device(id)?.quarantined ?? false, false);
  }
  const disputes = await c.coordinator.store.trust.listDisputes(1000);
  assert.ok(disputes.length > 0, 'disagreements were recorded');
}

describe('trust: a third opinion settles disagreements', () => {
  let target: TargetServer;
  before(async () => {
    target = await startTargetServer();
  });
  after(async () => {
    await target.close();
  });

  test('settled disputes alone (no canaries): the liar and the tampered link are quarantined, honest devices never', async (t) => {
    const fleet = await startFleet(['--canary-interval', '0s']);
    try {
      const api = new ApiClient(fleet.c.url, fleet.c.apiKey);
      const caught = await runJobs(fleet, target, api);
      await assertOutcome(fleet);
      // Disagreements were settled by a third device, and only ever against a bad one.
      const outcomes = (await fleet.c.coordinator.store.trust.listDisputes(1000)).map((d) => d.detail);
      const losers = outcomes.map((d) => /; settled by \S+: (\S+) lost$/.exec(d)?.[1]).filter(Boolean);
      assert.ok(losers.length >= 6, `settled disputes: ${outcomes.join(' | ')}`);
      for (const loser of losers) assert.ok(loser === LIAR || loser === TAMPERED, outcomes.join(' | '));
      // Every third run avoided both devices that disagreed.
      assert.ok(!outcomes.some((d) => d.includes('ran on one of the two devices')), outcomes.join(' | '));
      t.diagnostic(`time to quarantine: liar ${caught[LIAR]} ms, tampered link ${caught[TAMPERED]} ms`);
    } finally {
      await fleet.stop();
    }
  });

  test('with canaries every 2 s: the same, and the bad devices are caught as fast', async (t) => {
    const fleet = await startFleet(['--canary-interval', '2s']);
    try {
      const api = new ApiClient(fleet.c.url, fleet.c.apiKey);
      const caught = await runJobs(fleet, target, api);
      await assertOutcome(fleet);
      t.diagnostic(`time to quarantine: liar ${caught[LIAR]} ms, tampered link ${caught[TAMPERED]} ms`);
    } finally {
      await fleet.stop();
    }
  });
});
