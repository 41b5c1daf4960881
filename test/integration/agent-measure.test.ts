// Measurements over the link: a real agent advertises the measurement methods its probe found,
// takes a MEASURE_* Assign, and reports the parsed result in ResultFinal.measure with the raw output
// as the body part. The owner's domain lists judge the measured target, whatever URL the Assign had.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { after, describe, it } from 'node:test';
import { TOOL_METHODS } from '../../agent/executors/measure/probe.js';
import {
  type AgentFrame,
  MeasureProtocol,
  MeasureType,
  partNameOf,
  RejectReason,
} from '../../proto/index.js';
import { startLinkedAgent } from '../helpers/agent-harness.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';
import { measureToolsNeed } from '../helpers/needs.js';

/** The body part of `jobId`'s result, from its chunks or inline. */
function bodyOf(fake: FakeCoordinator, final: AgentFrame): string {
  const jobId = final.result?.jobId;
  const summary = final.result?.parts?.find((p) => partNameOf(p.part) === 'body');
  if (summary?.inlineData && summary.inlineData.length > 0)
    return Buffer.from(summary.inlineData).toString('utf8');
  const chunks = fake.frames.filter((f) => f.chunk?.jobId === jobId && partNameOf(f.chunk?.part) === 'body');
  return Buffer.concat(chunks.map((f) => Buffer.from(f.chunk?.data ?? new Uint8Array(0)))).toString('utf8');
}

describe('measurements over the link', () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function linked(flags: string[] = []) {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, flags);
    cleanups.push(async () => {
      await agent.close();
      await fake.close();
    });
    return fake;
  }

  it('the hello advertises the measurements that work here; a TCP ping runs and reports', async () => {
    // What the probe finds here (under CI=true, every tool: a missing one fails the file).
    const { tools } = await measureToolsNeed();
    const fake = await linked();
    const hello = await fake.waitFrame((f) => f.body === 'hello');
    const methods = hello.hello?.capabilities?.methods ?? [];
    for (const m of ['MEASURE_DNS_UDP', 'MEASURE_DNS_TCP', 'MEASURE_PING_TCP', 'MEASURE_TLS_TCP'])
      assert.ok(methods.includes(m), m);
    for (const m of TOOL_METHODS) assert.equal(methods.includes(m), tools.methods.has(m), m);

    const server = net.createServer((s) => s.destroy());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    cleanups.push(() => new Promise((r) => server.close(() => r())));
    const port = (server.address() as net.AddressInfo).port;
    const jobId = fake.assign({
      method: 'MEASURE_PING_TCP',
      timeoutMs: 10_000,
      measure: {
        type: MeasureType.MEASURE_TYPE_PING,
        protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
        target: '127.0.0.1',
        port,
        packets: 3,
      },
    });
    assert.ok((await fake.answer(jobId)).accept);
    const final = await fake.result(jobId);
    const r = final.result;
    assert.equal(r?.success, true, r?.errorMessage ?? '');
    assert.equal(r?.finalUrl, 'ping://127.0.0.1');
    assert.equal(r?.contentType, 'text/plain; charset=utf-8');
    assert.equal(r?.measure?.type, MeasureType.MEASURE_TYPE_PING);
    assert.equal(r?.measure?.protocol, MeasureProtocol.MEASURE_PROTOCOL_TCP);
    assert.equal(r?.measure?.address, '127.0.0.1');
    assert.equal(r?.measure?.ping?.sent, 3);
    assert.equal(r?.measure?.ping?.received, 3);
    assert.equal(r?.measure?.ping?.rttsMs?.length, 3);
    const raw = bodyOf(fake, final);
    assert.match(raw, /3 packets transmitted, 3 received, 0% packet loss/);
    assert.equal(Number(r?.sizeBytes), Buffer.byteLength(raw));
  });

  it('a method the device does not run is refused as unsupported', async () => {
    const fake = await linked();
    const jobId = fake.assign({
      method: 'MEASURE_TLS_UDP',
      measure: { type: MeasureType.MEASURE_TYPE_TLS, target: 'example.com' },
    });
    const answer = await fake.answer(jobId);
    assert.equal(answer.reject?.reason, RejectReason.REJECT_REASON_UNSUPPORTED);
  });

  it("the owner's deny list judges the measured target, not the Assign's URL", async () => {
    const fake = await linked(['--deny-domains', 'denied.test']);
    const jobId = fake.assign({
      method: 'MEASURE_DNS_UDP',
      url: 'http://allowed.test/',
      measure: { type: MeasureType.MEASURE_TYPE_DNS, target: 'www.denied.test', resolver: '127.0.0.1' },
    });
    const answer = await fake.answer(jobId);
    assert.equal(answer.reject?.reason, RejectReason.REJECT_REASON_OWNER_POLICY);
    assert.match(answer.reject?.message ?? '', /denied\.test/);
  });
});
