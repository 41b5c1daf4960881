// Network context end to end: two devices linking from different loopback addresses, which an
// operator ASN file maps to two made-up networks; a job placed by `asn` lands on the right one; the
// result's metadata.network (download, detail, sweep tries) carries the device's egress and the
// agent's connection report, survives a restart, and no answer shows the device's address.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { RawAgent, resultFrames } from '../helpers/raw-agent.js';

const NET_A = 64_512;
const NET_B = 64_513;
const ADDR_A = '127.0.0.2';
const ADDR_B = '127.0.0.3';

/** What the agent reports, with entries a hostile agent might add: only IP literals get through. */
const REPORTED = {
  resolvers: ['127.0.0.53', 'resolver.example'],
  resolvedAddresses: ['198.51.100.9', '2001:DB8::9', '<b>x</b>'],
  connectedAddress: '198.51.100.9',
  localAddress: ADDR_B,
};

const EXPECTED_B = {
  address_family: 'ipv4',
  asn: NET_B,
  network_name: 'Lab Datacenter, Inc.',
  network_kind: 'datacenter',
  resolvers: ['127.0.0.53'],
  resolved_addresses: ['198.51.100.9', '2001:db8::9'],
  connected_address: '198.51.100.9',
};

/** Neither device's address appears anywhere in an answer. */
function assertNoAddress(text: string, what: string): void {
  for (const a of [ADDR_A, ADDR_B]) assert.ok(!text.includes(a), `${what} shows ${a}`);
}

describe('network context', () => {
  const dir = tempDir('netctx');
  const dataDir = path.join(dir, 'data');
  let c: TestCoordinator;
  let api: ApiClient;
  let admin: ApiClient;
  let a: RawAgent;
  let b: RawAgent;
  let flags: string[];

  before(async () => {
    const asnFile = path.join(dir, 'lab-asn.csv');
    writeFileSync(
      asnFile,
      `# lab networks\n${ADDR_A},${ADDR_A},${NET_A},Lab Mobile\n${ADDR_B},${ADDR_B},AS${NET_B},"Lab Datacenter, Inc."\n`,
    );
    const kindsFile = path.join(dir, 'kinds.csv');
    writeFileSync(kindsFile, `${NET_A},mobile\n${NET_B},datacenter\n`);
    // The package stays in the list: loopback addresses never make the coordinator read it.
    flags = ['--asn-db', `${asnFile},package`, '--network-kinds', kindsFile];
    c = await startTestCoordinator({ dataDir, flags });
    api = new ApiClient(c.url, c.apiKey);
    admin = new ApiClient(c.url, (await createApiKey(c.coordinator.store, { admin: true })).key);
    const hello = { methods: ['GET', 'CRAWL_FULL_PAGE'], maxConcurrent: 2, deviceType: 'desktop' };
    a = await RawAgent.connect(c.url, 'dev-a', await c.newDevice('dev-a'), hello, { localAddress: ADDR_A });
    b = await RawAgent.connect(c.url, 'dev-b', await c.newDevice('dev-b'), hello, { localAddress: ADDR_B });
  });

  after(async () => {
    a?.close();
    b?.close();
    await c?.stop();
    removeDir(dir);
  });

  test('the device list shows each device’s network, not its address', async () => {
    const res = await admin.request('GET', '/crawl/v1/devices?connected=true');
    assert.equal(res.status, 200);
    const devices = (res.body as { devices: Array<Record<string, unknown>> }).devices;
    const byId = new Map(devices.map((d) => [d.device_id, d]));
    const pick = (d: Record<string, unknown> | undefined) => ({
      address_family: d?.address_family,
      asn: d?.asn,
      network_name: d?.network_name,
      network_kind: d?.network_kind,
    });
    assert.deepEqual(pick(byId.get('dev-a')), {
      address_family: 'ipv4',
      asn: NET_A,
      network_name: 'Lab Mobile',
      network_kind: 'mobile',
    });
    assert.deepEqual(pick(byId.get('dev-b')), {
      address_family: 'ipv4',
      asn: NET_B,
      network_name: 'Lab Datacenter, Inc.',
      network_kind: 'datacenter',
    });
    assertNoAddress(res.text, 'the device list');
  });

  test('placement.asn: the job goes to the device on that network', async () => {
    const res = await api.submit({ url: 'http://198.51.100.9/page', placement: { asn: NET_B } });
    assert.equal(res.status, 201, res.text);
    const job = res.body as { job_id: string; placement: Record<string, unknown> };
    assert.deepEqual(job.placement, { asn: NET_B }, 'echoed as a number');
    const assign = await b.next('assign');
    assert.equal(assign.assign?.jobId, job.job_id);
    await a.barrier();
    assert.equal(a.frames.filter((f) => f.body === 'assign').length, 0, 'nothing for the other network');

    for (const f of resultFrames(job.job_id, 1, Buffer.from('hello'), { network: REPORTED })) b.send(f);
    assert.equal((await b.next('ack')).ack?.duplicate, false);

    const dl = await api.request('GET', `/crawl/v1/jobs/${job.job_id}/download`);
    const meta = (dl.body as { metadata: Record<string, unknown> }).metadata;
    assert.deepEqual(meta.network, EXPECTED_B);
    assert.match(String(meta.placement_reason), new RegExp(`asn=${NET_B}`));
    assertNoAddress(dl.text, 'the download');

    const detail = await api.request('GET', `/crawl/v1/jobs/${job.job_id}/detail`);
    assert.deepEqual((detail.body as { result: { network: unknown } }).result.network, EXPECTED_B);
    assertNoAddress(detail.text, 'the detail');
  });

  test('a network no device is on leaves the job pending; a bad asn is refused', async () => {
    const bad = await api.submit({ url: 'http://198.51.100.9/', placement: { asn: 'AS1' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body, 'invalid request: placement.asn must be an integer from 1 to 4294967295');
    const zero = await api.submit({ url: 'http://198.51.100.9/', placement: { asn: 0 } });
    assert.equal(zero.status, 400);
  });

  test('sweep tries carry the network of the device that ran them', async () => {
    const created = await api.request('POST', '/crawl/v1/sweep/new', {
      url: 'http://198.51.100.9/sweep',
      regions: ['EU'],
      tries_per_region: 2,
      device_type: 'desktop',
    });
    assert.equal(created.status, 201, created.text);
    const sweep = created.body as { sweep_id: string };
    // Two tries, two networks: one lands on each device.
    const assigned = await Promise.all([a.next('assign'), b.next('assign')]);
    const reports = [
      { agent: a, frame: assigned[0] },
      { agent: b, frame: assigned[1] },
    ];
    for (const { agent, frame } of reports) {
      const id = frame.assign?.jobId ?? '';
      for (const f of resultFrames(id, frame.assign?.attempt ?? 1, Buffer.from('x'), { network: {} }))
        agent.send(f);
      await agent.next('ack');
    }
    const view = await api.request('GET', `/crawl/v1/sweep/${sweep.sweep_id}`);
    const tries = (
      view.body as { results: { EU: { jobs: Array<{ device_id: string; network?: unknown }> } } }
    ).results.EU.jobs;
    const byDevice = new Map(tries.map((t) => [t.device_id, t.network as Record<string, unknown>]));
    assert.equal(byDevice.get('dev-a')?.asn, NET_A);
    assert.equal(byDevice.get('dev-a')?.network_kind, 'mobile');
    assert.equal(byDevice.get('dev-b')?.asn, NET_B);
    assert.deepEqual(byDevice.get('dev-b')?.resolvers, [], 'nothing reported, nothing shown');
    assertNoAddress(view.text, 'the sweep');
  });

  test('the network stays with the stored result across a restart', async () => {
    const res = await api.submit({ url: 'http://198.51.100.9/again', placement: { asn: NET_B } });
    const id = (res.body as { job_id: string }).job_id;
    const assign = await b.next('assign');
    for (const f of resultFrames(id, assign.assign?.attempt ?? 1, Buffer.from('y'), { network: REPORTED }))
      b.send(f);
    await b.next('ack');
    a.close();
    b.close();
    await c.stop();
    c = await startTestCoordinator({ dataDir, flags, apiKey: c.apiKey });
    api = new ApiClient(c.url, c.apiKey);
    const dl = await api.download(id);
    assert.deepEqual((dl.metadata as Record<string, unknown>).network, EXPECTED_B);
  });
});
