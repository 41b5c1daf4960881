// An agent whose bounding set lacks CAP_NET_RAW (a container with Docker's default capabilities
// minus NET_RAW, a systemd unit with `CapabilityBoundingSet=` emptied): Debian's ping and
// mtr-packet carry cap_net_raw=ep, which the kernel then refuses to execute (spawn throws EPERM
// at once). The agent starts all the same, links, runs HTTP jobs and TCP pings, and leaves ICMP,
// raw-socket traceroute and mtr out of what it advertises, saying why; a tool refused at job time
// fails its measurement with the reason.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type AgentFrame, MeasureProtocol, MeasureType, RejectReason } from '../../proto/index.js';
import { type AgentProcess, ROOT, spawnAgent } from '../helpers/cluster.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';
import { dropCapabilitySkip } from '../helpers/needs.js';

const skip = dropCapabilitySkip();
const WITHOUT_NET_RAW = ['setpriv', '--bounding-set', '-net_raw', '--'];
/** The methods that need CAP_NET_RAW (or, for ping, a ping group this machine does not give). */
const RAW_METHODS = [
  'MEASURE_PING_ICMP',
  'MEASURE_TRACEROUTE_ICMP',
  'MEASURE_TRACEROUTE_TCP',
  'MEASURE_MTR_ICMP',
  'MEASURE_MTR_UDP',
  'MEASURE_MTR_TCP',
];

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('an agent without CAP_NET_RAW', { skip }, () => {
  let fake: FakeCoordinator;
  let agent: AgentProcess;
  let target: http.Server;
  let targetUrl = '';
  let hello: AgentFrame;

  before(async () => {
    target = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hi'));
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    fake = await FakeCoordinator.start();
    agent = spawnAgent({
      deviceId: 'no-net-raw',
      token: 'tok',
      coordinators: [fake.url],
      logLevel: 'info',
      launcher: WITHOUT_NET_RAW,
    });
    // An agent that dies at start is the failure this suite is about: this rejects with its stderr.
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
    hello = await fake.waitFrame((f) => f.body === 'hello');
  });
  after(async () => {
    agent?.child.kill('SIGTERM');
    await agent?.exited;
    await fake?.close();
    target?.closeAllConnections();
    await new Promise((r) => target?.close(r));
  });

  it('starts, links, and advertises what needs no raw socket only', () => {
    const methods = hello.hello?.capabilities?.methods ?? [];
    for (const m of ['GET', 'MEASURE_DNS_UDP', 'MEASURE_PING_TCP', 'MEASURE_TLS_TCP'])
      assert.ok(methods.includes(m), `${m} advertised: ${methods.join(' ')}`);
    for (const m of RAW_METHODS) assert.ok(!methods.includes(m), `${m} not advertised`);
  });

  it('says why in its log: the kernel refused the tools their capability', async () => {
    const line = await agent.waitForLog((l) => l.msg === 'some measurements are not offered');
    const missing = line.missing as Record<string, string>;
    assert.match(
      missing.MEASURE_MTR_ICMP ?? '',
      /mtr-packet could not start on this device \(EPERM\).*CAP_NET_RAW/,
    );
    for (const m of RAW_METHODS) assert.ok(missing[m], `${m} has a reason`);
  });

  it('runs an HTTP job and a TCP ping; refuses an mtr as unsupported', async () => {
    const get = fake.assign({ method: 'GET', url: targetUrl, timeoutMs: 10_000 });
    const got = (await fake.result(get)).result;
    assert.equal(got?.success, true, got?.errorMessage ?? '');
    assert.equal(got?.statusCode, 200);

    const ping = fake.assign({
      method: 'MEASURE_PING_TCP',
      timeoutMs: 10_000,
      measure: {
        type: MeasureType.MEASURE_TYPE_PING,
        protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
        target: '127.0.0.1',
        port: (target.address() as AddressInfo).port,
        packets: 2,
      },
    });
    const pinged = (await fake.result(ping)).result;
    assert.equal(pinged?.success, true, pinged?.errorMessage ?? '');
    assert.equal(pinged?.measure?.ping?.received, 2);

    const mtr = fake.assign({
      method: 'MEASURE_MTR_ICMP',
      measure: { type: MeasureType.MEASURE_TYPE_MTR, target: '127.0.0.1' },
    });
    assert.equal((await fake.answer(mtr)).reject?.reason, RejectReason.REJECT_REASON_UNSUPPORTED);
    assert.equal(agent.child.exitCode, null, 'the agent still runs');
  });
});

describe('a tool the kernel refuses at job time', { skip }, () => {
  it('fails its measurement blocked, with the reason; the executor does not throw', async () => {
    // A binary with a file capability: the copy of `true` is what ping would be on Debian.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cap-tool-')), 'ping');
    copyFileSync('/bin/true', file);
    const setcap = await run('setcap', ['cap_net_raw+ep', file]);
    assert.equal(setcap.code, 0, `setcap: ${setcap.stderr}`);
    const fixture = path.join(ROOT, 'test/fixtures/measure-start-refused.ts');
    const out = await run(WITHOUT_NET_RAW[0] ?? '', [
      ...WITHOUT_NET_RAW.slice(1),
      process.execPath,
      '--import',
      'tsx',
      fixture,
      file,
    ]);
    assert.equal(out.code, 0, out.stderr);
    const refused =
      'could not start on this device (EPERM): the system refused it a privilege it needs: ' +
      'CAP_NET_RAW is not in the agent’s bounding set';
    assert.deepEqual(JSON.parse(out.stdout), [
      { method: 'MEASURE_PING_ICMP', errorType: 'blocked', errorMessage: `ping ${refused}` },
      { method: 'MEASURE_TRACEROUTE_UDP', errorType: 'blocked', errorMessage: `ping ${refused}` },
    ]);
  });
});
