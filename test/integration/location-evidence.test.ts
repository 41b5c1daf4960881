// Location evidence (docs/security.md, "Location evidence"): a real coordinator "in Frankfurt" and
// real agent processes, each linked from its own loopback source address, placed by the lab map
// (--lab-geo: the only way loopback addresses have a place) and named a network by an ASN file.
// A device that claims Tokyo from a Frankfurt address, answering heartbeats in a millisecond, is
// caught by both checks (verified 'no', the evidence in the devices API), serves no placement by
// country (a Japan job goes to the honest Tokyo device, or fails no_device when only the liar
// would match) while it still serves work that names no place, and is quarantined after three
// contradictions (one per link). Three honest devices beside it are verified 'yes' and never
// charged. With --allow-contradicted-location the liar serves placement by country again.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import {
  type AgentProcess,
  removeDir,
  spawnAgent,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

/** Frankfurt, where the coordinator says it is. */
const FRANKFURT = '50.11,8.68';
/**
 * Source address → place. The Tokyo and New York devices' round trips get the delay their distance
 * from Frankfurt would add (at least 76 ms and 49 ms in fibre); the liar's address is in Frankfurt.
 */
const LAB_GEO =
  '127.0.0.2=DE/Frankfurt,127.0.0.3=JP/Tokyo+240ms,127.0.0.4=DE/Frankfurt,127.0.0.5=US/New York+95ms';
const ASN_CSV = [
  '127.0.0.2,127.0.0.2,64502,Lab Frankfurt Hosting',
  '127.0.0.3,127.0.0.3,64503,Lab Tokyo Broadband',
  '127.0.0.4,127.0.0.4,64504,Lab Frankfurt Broadband',
  '127.0.0.5,127.0.0.5,64505,Lab New York Cable',
].join('\n');

interface LocationCheck {
  claimed: { country: string; region: string; city: string };
  evidence: {
    address: { source: string; country: string; city: string; via: string } | null;
    network: { asn: number | null; name: string | null; kind: string | null } | null;
    rtt: { min_ms: number; samples: number; added_ms: number } | null;
    claimed_distance_km: number | null;
    rtt_floor_ms: number | null;
    notes: string[];
    contradictions: string[];
    contradictions_counted: number;
    checked_at: string;
  } | null;
  verified: 'yes' | 'no' | 'unknown';
}

interface DeviceView {
  device_id: string;
  connected: boolean;
  quarantined: boolean;
  asn: number | null;
  trust: { score: number; reason: string };
  location: { country: string; region: string; city: string };
  location_check: LocationCheck;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The devices list needs an admin key; jobs run under it too. */
async function adminClient(c: TestCoordinator): Promise<ApiClient> {
  return new ApiClient(c.url, (await createApiKey(c.coordinator.store, { admin: true })).key);
}

async function devices(api: ApiClient): Promise<Map<string, DeviceView>> {
  const res = await api.request('GET', '/crawl/v1/devices');
  assert.equal(res.status, 200, res.text);
  const list = (res.body as { devices: DeviceView[] }).devices;
  return new Map(list.map((d) => [d.device_id, d]));
}

/** The device's view once `ready` holds for it. */
function deviceWhen(api: ApiClient, id: string, ready: (d: DeviceView) => boolean, what: string) {
  return until(`${id}: ${what}`, async () => {
    const d = (await devices(api)).get(id);
    return d && ready(d) ? d : undefined;
  });
}

/** The device of a job's latest try (the Job object's device_id). */
const deviceOf = (job: Record<string, unknown>): unknown => job.device_id;

describe('location evidence', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let api: ApiClient;
  const dirs: string[] = [];
  const agents: AgentProcess[] = [];
  let liar: AgentProcess;

  /** A spawned agent (tsx compiling it on a busy machine may take a while) has its link. */
  const linked = (a: AgentProcess) => a.waitForLog((l) => l.msg === 'linked to coordinator');

  before(async () => {
    target = await startTargetServer();
    const dir = tempDir('geo');
    dirs.push(dir);
    const asnFile = path.join(dir, 'lab-asn.csv');
    writeFileSync(asnFile, `${ASN_CSV}\n`);
    c = await startTestCoordinator({
      flags: [
        '--lab-geo',
        LAB_GEO,
        '--coordinator-location',
        FRANKFURT,
        '--asn-db',
        asnFile,
        // A round trip a second after each link comes up; a frozen link is dropped after three.
        '--heartbeat-interval-ms',
        '1000',
        '--location-quarantine-after',
        '3',
      ],
    });
    api = await adminClient(c);
    const honest: Array<[string, string, string, string]> = [
      ['honest-jp', 'JP', 'Tokyo', '127.0.0.3'],
      ['honest-de', 'DE', 'Frankfurt', '127.0.0.4'],
      ['honest-us', 'US', 'New York', '127.0.0.5'],
    ];
    for (const [id, country, city, address] of honest) {
      agents.push(
        spawnAgent({
          deviceId: id,
          token: await c.newDevice(id),
          coordinators: [c.url],
          country,
          city,
          logLevel: 'info',
          extra: ['--local-address', address],
        }),
      );
    }
    liar = spawnAgent({
      deviceId: 'liar-jp',
      token: await c.newDevice('liar-jp'),
      coordinators: [c.url],
      country: 'JP',
      city: 'Tokyo',
      deviceType: 'mobile',
      logLevel: 'info',
      extra: ['--local-address', '127.0.0.2'],
    });
    agents.push(liar);
    await Promise.all(agents.map(linked));
  });

  after(async () => {
    for (const a of agents) {
      a.child.kill('SIGCONT');
      a.child.kill('SIGTERM');
      await a.exited;
    }
    await c?.stop();
    await target?.close();
    for (const d of dirs) removeDir(d);
  });

  test('the liar is caught by its address and its round trip; the evidence is in the devices API', async () => {
    const d = await deviceWhen(
      api,
      'liar-jp',
      (v) => v.connected && (v.location_check.evidence?.contradictions.length ?? 0) >= 2,
      'both contradictions',
    );
    // The field from before the evidence is as it was: the claim.
    assert.deepEqual(d.location, { country: 'JP', region: 'APAC', city: 'Tokyo' });
    const loc = d.location_check;
    assert.deepEqual(loc.claimed, { country: 'JP', region: 'APAC', city: 'Tokyo' });
    assert.equal(loc.verified, 'no');
    const ev = loc.evidence;
    assert.ok(ev);
    assert.deepEqual(ev.address, {
      source: 'lab',
      country: 'DE',
      city: 'Frankfurt',
      via: 'lab override (--lab-geo)',
    });
    assert.deepEqual(ev.network, { asn: 64502, name: 'Lab Frankfurt Hosting', kind: null });
    assert.ok(ev.rtt && ev.rtt.samples >= 1 && ev.rtt.added_ms === 0, JSON.stringify(ev.rtt));
    assert.ok(
      ev.claimed_distance_km !== null && ev.claimed_distance_km > 7000,
      String(ev.claimed_distance_km),
    );
    assert.ok(ev.rtt_floor_ms !== null && ev.rtt.min_ms + 10 < ev.rtt_floor_ms);
    assert.match(ev.contradictions[0] ?? '', /address is in DE .*claims JP/);
    assert.match(ev.contradictions[1] ?? '', /round trip \d+ ms to the coordinator, but JP is at least/);
    // One link so far: one contradiction counted, reputation lowered, not yet quarantined.
    assert.equal(ev.contradictions_counted, 1);
    assert.equal(d.quarantined, false);
    assert.ok(d.trust.score < 1, `score ${d.trust.score}`);
  });

  test('honest devices beside it are verified yes, by address and round trip', async () => {
    for (const [id, country] of [
      ['honest-jp', 'JP'],
      ['honest-de', 'DE'],
      ['honest-us', 'US'],
    ] as const) {
      const d = await deviceWhen(
        api,
        id,
        (v) => (v.location_check.evidence?.rtt?.samples ?? 0) >= 2,
        'round trips',
      );
      assert.equal(d.location_check.verified, 'yes', `${id}: ${JSON.stringify(d.location_check.evidence)}`);
      assert.equal(d.location_check.evidence?.address?.country, country);
      assert.deepEqual(d.location_check.evidence?.contradictions, []);
    }
    const jp = (await devices(api)).get('honest-jp');
    // The Tokyo device's round trips carry the lab's 240 ms, above Tokyo's floor from Frankfurt.
    assert.ok((jp?.location_check.evidence?.rtt?.min_ms ?? 0) >= 240);
    assert.equal(jp?.location_check.evidence?.rtt?.added_ms, 240);
  });

  test('a job placed in Japan goes to the honest Tokyo device, never the liar', async () => {
    const ran = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { job } = await api.run({ url: `${target.httpUrl}/echo?jp=${i}`, placement: { country: 'JP' } });
      assert.equal(job.status, 'completed', JSON.stringify(job));
      ran.add(String(deviceOf(job)));
    }
    assert.deepEqual([...ran], ['honest-jp']);
    // City placement too.
    const tokyo = await api.run({ url: `${target.httpUrl}/echo?tokyo`, placement: { city: 'Tokyo' } });
    assert.equal(deviceOf(tokyo.job), 'honest-jp');
  });

  test('when only the liar would match, the job fails no_device as the contract says', async () => {
    const { job } = await api.run(
      {
        url: `${target.httpUrl}/echo?only-liar`,
        placement: { country: 'JP', device_type: 'mobile' },
        timeout_sec: 2,
      },
      20_000,
    );
    assert.equal(job.status, 'failed');
    assert.equal(
      (job.result as { error_type?: string } | undefined)?.error_type ?? job.error_type,
      'no_device',
    );
    // Work that names no place still reaches it: the rule is about places only.
    const placeless = await api.run({
      url: `${target.httpUrl}/echo?mobile`,
      placement: { device_type: 'mobile' },
    });
    assert.equal(placeless.job.status, 'completed');
    assert.equal(deviceOf(placeless.job), 'liar-jp');
  });

  test('repeated contradictions (one per link) quarantine the liar', async () => {
    for (let link = 2; link <= 3; link++) {
      // The liar's process freezes: silent for three heartbeats, its link is dropped; thawed, the
      // same process links again, and the new link is judged anew.
      liar.child.kill('SIGSTOP');
      await deviceWhen(api, 'liar-jp', (v) => !v.connected, 'dropped');
      liar.child.kill('SIGCONT');
      await deviceWhen(
        api,
        'liar-jp',
        (v) => v.connected && (v.location_check.evidence?.contradictions_counted ?? 0) >= link,
        `contradiction ${link}`,
      );
    }
    const d = await deviceWhen(api, 'liar-jp', (v) => v.quarantined, 'quarantined');
    assert.match(d.trust.reason, /^location: .*contradiction 3 of 3/);
    assert.equal(d.location_check.verified, 'no');
  });

  test('the honest devices were never charged', async () => {
    const all = await devices(api);
    for (const id of ['honest-jp', 'honest-de', 'honest-us']) {
      const d = all.get(id);
      assert.ok(d?.connected, id);
      assert.equal(d.quarantined, false, id);
      assert.equal(d.trust.score, 1, `${id}: ${d.trust.reason}`);
      assert.equal(d.location_check.evidence?.contradictions_counted, 0, id);
      assert.equal(d.location_check.verified, 'yes', id);
    }
    // The dashboard counts the verdicts of the linked devices.
    const dash = await api.request('GET', '/dashboard/data.json');
    assert.equal(dash.status, 200, dash.text);
    assert.deepEqual((dash.body as { location: unknown }).location, { yes: 3, no: 1, unknown: 0 });
  });
});

describe('location evidence with --allow-contradicted-location', () => {
  test('the liar serves placement by country; the evidence still says no', async () => {
    const target = await startTargetServer();
    const c = await startTestCoordinator({
      flags: ['--lab-geo', '127.0.0.2=DE/Frankfurt', '--allow-contradicted-location', 'true'],
    });
    const agent = await startTestAgent({
      deviceId: 'liar-allowed',
      token: await c.newDevice('liar-allowed'),
      coordinators: [c.url],
      country: 'JP',
      city: 'Tokyo',
      extra: ['--local-address', '127.0.0.2'],
    });
    try {
      const api = await adminClient(c);
      const d = await deviceWhen(
        api,
        'liar-allowed',
        (v) => v.location_check.verified === 'no',
        'contradicted',
      );
      assert.match(d.location_check.evidence?.contradictions[0] ?? '', /address is in DE/);
      const { job } = await api.run({ url: `${target.httpUrl}/echo?allowed`, placement: { country: 'JP' } });
      assert.equal(job.status, 'completed');
      assert.equal(deviceOf(job), 'liar-allowed');
    } finally {
      await agent.stop();
      await c.stop();
      await target.close();
      removeDir(c.dataDir);
    }
  });
});
