// The agent's lifecycle and the wire fields it now uses: close() runs the WebSocket close handshake
// and is safe twice, destroy() aborts at once, the assign deadline is a hard stop, chunks fit the
// coordinator's frame limit, and the agent's own pings measure the link's round trip.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { RejectReason } from '../../proto/index.js';
import { type CountingTarget, startCountingTarget, startLinkedAgent } from '../helpers/agent-harness.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';

describe('agent lifecycle and link fields', () => {
  let target: CountingTarget;
  before(async () => {
    target = await startCountingTarget();
  });
  after(() => target.close());

  it('close() is graceful, awaitable and safe twice: the coordinator sees a 1000 close', async () => {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, []);
    const closed = once(fake, 'closed');
    const first = agent.close();
    const second = agent.close();
    assert.equal(first, second, 'one close, however often it is asked for');
    await Promise.all([first, second]);
    assert.deepEqual(await closed, [1000]);
    assert.equal(agent.signal.aborted, true);
    await agent.close();
    await fake.close();
  });

  it('destroy() aborts a running job at once and drops the link without a handshake', async () => {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, []);
    const arrived = target.slowArrived();
    const aborted = target.slowAborted();
    const id = fake.assign({ method: 'GET', url: `${target.url}/slow`, timeoutMs: 60_000 });
    assert.ok((await fake.answer(id)).accept);
    await arrived;
    const closed = once(fake, 'closed');
    agent.destroy(new Error('test says stop'));
    await aborted; // the target saw its request's connection go
    assert.deepEqual(await closed, [1006]);
    assert.equal((agent.signal.reason as Error).message, 'test says stop');
    agent.destroy();
    await agent.close(); // after destroy: resolves, does nothing more
    await fake.close();
  });

  it('an aborted AbortSignal given at construction destroys the agent', async () => {
    const fake = await FakeCoordinator.start();
    const owner = new AbortController();
    const { agent } = await startLinkedAgent(fake, [], undefined, owner.signal);
    const closed = once(fake, 'closed');
    owner.abort(new Error('owner of the agent says stop'));
    assert.deepEqual(await closed, [1006]);
    assert.equal((agent.signal.reason as Error).message, 'owner of the agent says stop');
    await agent.close();
    await fake.close();
  });

  it('the assign deadline is a hard stop, and an assignment already past it is rejected', async () => {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, []);
    const arrived = target.slowArrived();
    const started = Date.now();
    const id = fake.assign(
      { method: 'GET', url: `${target.url}/slow`, timeoutMs: 60_000 },
      { deadlineMs: Date.now() + 400 },
    );
    await arrived;
    const result = (await fake.result(id)).result;
    assert.equal(result?.success, false);
    assert.equal(result?.errorType, 'timeout');
    assert.equal(result?.errorMessage, 'Request stopped at the coordinator deadline');
    assert.ok(Date.now() - started < 5_000, 'stopped at the deadline, not the 60 s timeout');

    const late = fake.assign(
      { method: 'GET', url: `${target.url}/late` },
      { deadlineMs: Date.now() - 1_000 },
    );
    const answer = await fake.answer(late);
    assert.equal(answer.reject?.reason, RejectReason.REJECT_REASON_INVALID);
    assert.equal(target.hits.get('/late'), undefined);
    await agent.close();
    await fake.close();
  });

  it('sizes chunks so every frame fits Welcome.max_frame_bytes', async () => {
    const fake = await FakeCoordinator.start({ maxFrameBytes: 8_192, maxChunkBytes: 256 * 1024 });
    const { agent } = await startLinkedAgent(fake, []);
    const mark = fake.frames.length;
    const id = fake.assign({ method: 'GET', url: `${target.url}/big?bytes=50000` });
    await fake.result(id);
    const chunks = fake.frames.slice(mark).filter((f) => f.chunk?.jobId === id);
    assert.ok(chunks.length >= 7, `50 kB in frames of at most 8 KiB, got ${chunks.length} chunks`);
    for (const c of chunks) assert.ok((c.chunk?.data?.byteLength ?? 0) <= 8_192 - 1024);
    await agent.close();
    await fake.close();
  });

  it('measures the link round trip from its own pings and shows it on the status snapshot', async () => {
    const fake = await FakeCoordinator.start({ heartbeatIntervalMs: 250 });
    const { agent } = await startLinkedAgent(fake, []);
    await fake.waitFrame((f) => f.body === 'ping' && Number(f.ping?.sentMs) > 0);
    const deadline = Date.now() + 5_000;
    while (agent.snapshot().link.rttMs == null) {
      assert.ok(Date.now() < deadline, 'an RTT within 5 s');
      await once(fake, 'frame');
    }
    const rtt = agent.snapshot().link.rttMs ?? -1;
    assert.ok(rtt >= 0 && rtt < 1_000, `rtt ${rtt}`);
    await agent.close();
    await fake.close();
  });
});
