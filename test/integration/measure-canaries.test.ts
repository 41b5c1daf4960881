// Measurement canaries and cross-checks (docs/security.md, "Measurement checks"), with a real
// coordinator, real agents running the real measurement tools (ping, TCP handshakes, DNS queries)
// against loopback targets, and six devices linking from loopback addresses that an operator ASN
// file puts in one network:
// - three honest devices;
// - a device that invents DNS answers, caught by the DNS canary;
// - a device that invents ping times (replies where there are none), caught by the TCP canary of a
//   closed port;
// - an evasive device that answers canaries honestly (it knows their names and addresses) and
//   invents DNS answers and ping times everywhere else, caught by cross-checks between devices of
//   its network, each disagreement settled by a third device before any strike.
// The honest devices, across many measurements, canaries and cross-checks, are never charged.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import { SYSTEM_OWNER_ID } from '../../coordinator/store/records.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { type LabDnsServer, type LabRecord, startLabDns } from '../helpers/dns-server.js';
import { LyingMeasureExecutor, LyingPingExecutor } from '../helpers/lying-executor.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';
import { measureToolsNeed } from '../helpers/needs.js';

const need = await measureToolsNeed();

const NET = 64_500;
const CANARY_NAME = 'canary.lab.test';
const CANARY_ANSWER = '192.0.2.53';
const USER_ZONE = 'users.lab.test';
const USER_ANSWER = '192.0.2.10';
/** Canaries ping 127.0.0.1; users' measurements another loopback address (the evasive liar tells them apart). */
const CANARY_TARGET = '127.0.0.1';
const USER_TARGET = '127.0.0.8';
const HONEST = ['honest-1', 'honest-2', 'honest-3'];
/** Link addresses: the ASN file maps them all to one network. */
const LINK: Record<string, string> = {
  'honest-1': '127.0.0.2',
  'honest-2': '127.0.0.3',
  'honest-3': '127.0.0.4',
  'dns-liar': '127.0.0.5',
  'ping-liar': '127.0.0.6',
  evasive: '127.0.0.7',
};
/** Bounds the documented numbers rest on (docs/security.md): measurements answered before quarantine. */
const DNS_LIAR_MAX = 1;
const PING_LIAR_MAX = 4;
const EVASIVE_MAX_ROUNDS = 12;

/** A TCP listener (the "must answer" target); returns its port and close. */
async function listen(host: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('trust: measurement canaries and cross-checks', { skip: need.skip('MEASURE_PING_ICMP') }, () => {
  const dir = tempDir('mcanary');
  let c: TestCoordinator;
  let api: ApiClient;
  let dns: LabDnsServer;
  let closedPort = 0;
  const closers: Array<() => Promise<void>> = [];
  const stops: Array<() => Promise<void>> = [];
  const events: JobEvent[] = [];
  /** Device id → index in `events` when it was quarantined. */
  const quarantinedAt = new Map<string, number>();
  const standing: Array<{ deviceId: string; quarantined: boolean; reason: string }> = [];
  const waiters: Array<() => void> = [];
  let userPort = 0;

  before(async () => {
    const canaryRecord: LabRecord[] = [{ type: 'A', ttl: 30, address: CANARY_ANSWER }];
    const userRecord: LabRecord[] = [{ type: 'A', ttl: 30, address: USER_ANSWER }];
    const zone = new Proxy({} as Record<string, LabRecord[]>, {
      get: (_t, name) =>
        typeof name !== 'string'
          ? undefined
          : name.endsWith(`.${CANARY_NAME}`)
            ? canaryRecord
            : name.endsWith(`.${USER_ZONE}`)
              ? userRecord
              : undefined,
    });
    dns = await startLabDns(zone);
    const open = await listen(CANARY_TARGET);
    const user = await listen(USER_TARGET);
    userPort = user.port;
    closers.push(open.close, user.close);
    // A port nothing listens on: bound, then let go (connections to it are refused).
    const gone = await listen(CANARY_TARGET);
    closedPort = gone.port;
    await gone.close();

    const asnFile = path.join(dir, 'lab-asn.csv');
    writeFileSync(asnFile, `127.0.0.2,127.0.0.7,${NET},Lab Access Network\n`);
    c = await startTestCoordinator({
      dataDir: path.join(dir, 'data'),
      flags: [
        '--asn-db',
        asnFile,
        '--canary-interval',
        '1s',
        '--canary-dns-server',
        `127.0.0.1:${dns.port}`,
        '--canary-dns-name',
        CANARY_NAME,
        '--canary-dns-answer',
        CANARY_ANSWER,
        '--canary-ping-target',
        CANARY_TARGET,
        '--canary-tcp-open',
        `${CANARY_TARGET}:${open.port}`,
        '--canary-tcp-closed',
        `${CANARY_TARGET}:${closedPort}`,
        // Loopback: the floor of any round trip is ~0 (what a floor catches is shown in the unit test).
        '--canary-rtt-floor-ms',
        '0',
        // A test's share: half the users' measurements are cross-checked (default 3 %).
        '--measure-verify-share',
        '0.5',
      ],
    });
    api = new ApiClient(c.url, c.apiKey);
    c.coordinator.services.jobs.addListener({
      onJobEvent: (e) => {
        events.push(e);
        for (const w of waiters.splice(0)) w();
      },
    });
    c.coordinator.services.trust.addStandingListener((deviceId, quarantined, reason) => {
      standing.push({ deviceId, quarantined, reason });
      if (quarantined && !quarantinedAt.has(deviceId)) quarantinedAt.set(deviceId, events.length);
      for (const w of waiters.splice(0)) w();
    });

    const spareDns = (target: string) => target.endsWith(`.${CANARY_NAME}`);
    const sparePing = (target: string) => target === CANARY_TARGET;
    const devices: Array<[string, Parameters<typeof startMeasureAgent>[1]['wrap']]> = [
      ...HONEST.map((id) => [id, undefined] as [string, undefined]),
      ['dns-liar', (inner) => new LyingMeasureExecutor(inner)],
      ['ping-liar', (inner) => new LyingPingExecutor(inner)],
      [
        'evasive',
        (inner) =>
          new LyingPingExecutor(new LyingMeasureExecutor(inner, '203.0.113.66', spareDns), {
            spare: sparePing,
          }),
      ],
    ];
    for (const [deviceId, wrap] of devices) {
      stops.push(
        await startMeasureAgent(c, {
          deviceId,
          country: 'DE',
          linkAddress: LINK[deviceId],
          ...(wrap ? { wrap } : {}),
        }),
      );
    }
  });

  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
    for (const close of closers) await close();
    removeDir(dir);
  });

  /** Resolves once `check` holds (checked on every job event and standing change). */
  function when(check: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const look = () => (check() ? resolve() : waiters.push(look));
      look();
    });
  }

  /** Measurement jobs a device completed, among the first `upTo` events, by who asked. */
  function answered(
    deviceId: string,
    upTo = events.length,
  ): { canaries: number; users: number; checks: number } {
    const out = { canaries: 0, users: 0, checks: 0 };
    for (const e of events.slice(0, upTo)) {
      if (
        e.transition !== 'complete' ||
        e.result.deviceId !== deviceId ||
        !e.job.method.startsWith('MEASURE_')
      )
        continue;
      if (e.job.ownerId !== SYSTEM_OWNER_ID) out.users++;
      else if (e.job.placement.device_id === deviceId) out.canaries++;
      else out.checks++;
    }
    return out;
  }

  /** One round of users' measurements, on every device that takes them: DNS, ping, TCP ping. */
  let round = 0;
  async function measureRound(): Promise<void> {
    round++;
    const bodies = [
      {
        type: 'dns',
        target: `r${round}.${USER_ZONE}`,
        resolver: '127.0.0.1',
        resolver_port: dns.port,
        limit: 4,
      },
      { type: 'ping', target: USER_TARGET, packets: 2, limit: 4 },
      { type: 'ping', target: USER_TARGET, protocol: 'tcp', port: userPort, packets: 2, limit: 4 },
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const res = await api.request('POST', '/crawl/v1/measure/new', body);
      assert.equal(res.status, 201, res.text);
      ids.push(...((res.body as { job_ids: string[] }).job_ids ?? []));
    }
    const ended = (id: string) =>
      events.some((e) => e.job.id === id && (e.transition === 'complete' || e.transition === 'fail'));
    await when(() => ids.every(ended));
  }

  test('a device inventing DNS answers and one inventing ping times are quarantined by canaries', async (t) => {
    await when(() => quarantinedAt.has('dns-liar') && quarantinedAt.has('ping-liar'));
    const reasonOf = (id: string) => standing.find((s) => s.deviceId === id && s.quarantined)?.reason ?? '';
    assert.match(reasonOf('dns-liar'), /DNS canary answer fabricated or altered \(203\.0\.113\.66\)/);
    assert.match(
      reasonOf('ping-liar'),
      new RegExp(
        `tcp_closed canary: \\d+ replies reported from 127\\.0\\.0\\.1:${closedPort}, which never answers`,
      ),
    );
    const dnsLiar = answered('dns-liar', quarantinedAt.get('dns-liar'));
    const pingLiar = answered('ping-liar', quarantinedAt.get('ping-liar'));
    t.diagnostic(`dns-liar quarantined after ${JSON.stringify(dnsLiar)} measurements`);
    t.diagnostic(`ping-liar quarantined after ${JSON.stringify(pingLiar)} measurements`);
    // Canaries come one kind after the other (page, dns, ping, tcp_open, tcp_closed): the DNS
    // liar's first DNS canary is its first measurement; the ping liar's closed-port canary its fourth.
    assert.ok(dnsLiar.canaries + dnsLiar.users + dnsLiar.checks <= DNS_LIAR_MAX, JSON.stringify(dnsLiar));
    assert.ok(
      pingLiar.canaries + pingLiar.users + pingLiar.checks <= PING_LIAR_MAX,
      JSON.stringify(pingLiar),
    );
    for (const id of ['dns-liar', 'ping-liar']) {
      assert.equal(c.coordinator.services.jobs.device(id)?.quarantined, true, id);
      assert.ok(((await c.coordinator.store.trust.getDeviceTrust(id))?.canaryFailures ?? 0) >= 1, id);
    }
  });

  test('an evasive liar passing its canaries is caught by cross-checks in its network', async (t) => {
    // It has passed canaries of every kind it takes: they cannot tell it apart.
    await when(() => answered('evasive').canaries >= 4);
    const was = await c.coordinator.store.trust.getDeviceTrust('evasive');
    assert.equal(was?.canaryFailures ?? 0, 0, JSON.stringify(was));
    assert.equal(was?.quarantined ?? false, false);
    let rounds = 0;
    while (!quarantinedAt.has('evasive') && rounds < EVASIVE_MAX_ROUNDS) {
      await measureRound();
      rounds++;
    }
    // The last round's cross-checks may still be running: wait until each has come to an end.
    const cc = c.coordinator.services.trust.measureCrossCheck;
    await when(() => quarantinedAt.has('evasive') || cc.idle());
    const reason = standing.find((s) => s.deviceId === 'evasive' && s.quarantined)?.reason ?? '';
    assert.match(reason, /^dispute: measurement job \S+: (DNS answers|lowest RTT)/, reason);
    assert.match(reason, /and honest-\d agrees with honest-\d$/);
    const caught = answered('evasive', quarantinedAt.get('evasive'));
    t.diagnostic(`evasive quarantined after ${rounds} rounds: ${JSON.stringify(caught)} measurements`);
    const now = await c.coordinator.store.trust.getDeviceTrust('evasive');
    assert.ok((now?.disputes ?? 0) >= 2, JSON.stringify(now));
    assert.equal(now?.canaryFailures ?? 0, 0, 'caught by cross-checks alone');
  });

  test('three honest devices are never charged, across many measurements, canaries and cross-checks', async (t) => {
    const checks = c.coordinator.services.trust.measureCrossCheck.counts;
    const comparedBefore = checks.compared;
    for (let i = 0; i < 6; i++) await measureRound();
    // The cross-checks of the last round may still run: wait for each sampled one to be compared.
    await when(
      () => checks.compared >= comparedBefore + 10 && c.coordinator.services.trust.measureCrossCheck.idle(),
    );
    const disputes = await c.coordinator.store.trust.listDisputes(1000);
    for (const id of HONEST) {
      const trust = await c.coordinator.store.trust.getDeviceTrust(id);
      const mine = answered(id);
      t.diagnostic(`${id}: ${JSON.stringify(mine)} measurements, trust ${JSON.stringify(trust)}`);
      assert.ok(mine.users >= 10 && mine.canaries >= 5, `${id} measured: ${JSON.stringify(mine)}`);
      assert.ok((trust?.canaryPasses ?? 0) >= 5, JSON.stringify(trust));
      assert.equal(trust?.canaryFailures ?? 0, 0, JSON.stringify(trust));
      assert.equal(trust?.disputes ?? 0, 0, JSON.stringify(disputes.map((d) => d.detail)));
      assert.equal(trust?.quarantined ?? false, false, JSON.stringify(trust));
      assert.equal(c.coordinator.services.jobs.device(id)?.quarantined ?? false, false);
      assert.ok(!standing.some((s) => s.deviceId === id), `${id} never changed standing`);
    }
    for (const d of disputes) {
      assert.ok(!HONEST.some((id) => d.detail.includes(`${id} lost`)), d.detail);
      // Every disagreement had a liar in it: honest devices agree with each other.
      assert.ok(d.deviceA === 'evasive' || d.deviceB === 'evasive', JSON.stringify(d));
    }
    t.diagnostic(`cross-checks: ${JSON.stringify(checks)}; disputes stored: ${disputes.length}`);
    assert.ok(checks.compared >= 20, JSON.stringify(checks));
  });
});
