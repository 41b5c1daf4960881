// No input and no stuck part can take an agent's slots away: jobs whose header values undici refuses
// to send fail as typed job errors without wedging the origin's connection pool (HTTP and Solana), a
// pool whose request outlives its abort is destroyed and replaced, an executor that never settles
// frees its slot at the job's deadline, and SIGTERM ends a real agent process by its drain deadline
// whatever its executor does. Jobs reach the agent from a coordinator written in the test, so
// nothing validates them on the way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { HttpExecutor } from '../../agent/executors/http.js';
import type { ExecRequest } from '../../agent/executors/types.js';
import { OWN_DEADLINE_GRACE_MS } from '../../agent/jobs/job-runner.js';
import { createNetworkPolicy, PinnedPools } from '../../agent/policy/index.js';
import type { AgentFrame } from '../../proto/index.js';
import { type CountingTarget, startCountingTarget, startLinkedAgent } from '../helpers/agent-harness.js';
import { removeDir, spawnAgent, startTestAgent } from '../helpers/cluster.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';
import { NeverSettlingExecutor } from '../helpers/never-settling-executor.js';
import { type SolanaRpcServer, startSolanaRpcServer } from '../helpers/solana-rpc-server.js';

/** One value per way a header can be unsendable, as many as the agent's default slots (4). */
const UNSENDABLE: Array<{ name: string; value: string; why: RegExp }> = [
  { name: 'x-emoji', value: 'hi 😀', why: /the value of header x-emoji holds U\+1F600/ },
  { name: 'x-control', value: 'a\u0001b', why: /the value of header x-control holds U\+0001/ },
  { name: 'x-split', value: 'a\r\nx-injected: 1', why: /the value of header x-split holds U\+000D/ },
  { name: 'x-wide', value: 'caf\u0113', why: /the value of header x-wide holds U\+0113/ },
];

const rpcBody = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }));

function resultOf(frame: AgentFrame): NonNullable<AgentFrame['result']> {
  assert.ok(frame.result, 'a result frame');
  return frame.result;
}

describe('agent deadlines: nothing holds a slot past its job', () => {
  let target: CountingTarget;
  let node: SolanaRpcServer;
  before(async () => {
    [target, node] = await Promise.all([startCountingTarget(), startSolanaRpcServer()]);
  });
  after(async () => {
    await Promise.all([target.close(), node.close()]);
  });

  it('maxConcurrent HTTP jobs with unsendable header values fail typed, then a job to the same origin completes', async () => {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, ['--max-concurrent', '4']);
    const ids = UNSENDABLE.map((h) =>
      fake.assign({ method: 'GET', url: `${target.url}/wedge`, headers: [{ name: h.name, value: h.value }] }),
    );
    for (const [i, id] of ids.entries()) {
      const result = resultOf(await fake.result(id));
      assert.equal(result.success, false);
      assert.equal(result.errorType, 'connect');
      assert.match(result.errorMessage ?? '', /^request not sent: /);
      assert.match(result.errorMessage ?? '', UNSENDABLE[i]?.why ?? /never/);
    }
    assert.equal(target.hits.get('/wedge'), undefined, 'nothing was sent to the target');

    const ok = fake.assign({ method: 'GET', url: `${target.url}/after`, timeoutMs: 5_000 });
    const result = resultOf(await fake.result(ok));
    assert.equal(result.errorMessage, '');
    assert.equal(result.statusCode, 200);
    assert.equal(target.hits.get('/after'), 1);
    await agent.close();
    await fake.close();
  });

  it('two Host headers are refused before any pool, naming the reason', async () => {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, ['--max-concurrent', '1']);
    const host = `127.0.0.1:${target.port}`;
    const id = fake.assign({
      method: 'GET',
      url: `${target.url}/hosts`,
      headers: [
        { name: 'host', value: host },
        { name: 'Host', value: host },
      ],
    });
    const refused = resultOf(await fake.result(id));
    assert.equal(refused.errorType, 'connect');
    assert.equal(refused.errorMessage, 'request not sent: more than one host header');
    const ok = resultOf(await fake.result(fake.assign({ method: 'GET', url: `${target.url}/hosts` })));
    assert.equal(ok.statusCode, 200);
    assert.equal(target.hits.get('/hosts'), 1);
    await agent.close();
    await fake.close();
  });

  it('maxConcurrent Solana jobs with unsendable header values fail typed, then a job to the same node completes', async () => {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, ['--max-concurrent', '4']);
    const seenBefore = node.seen.length;
    const ids = UNSENDABLE.map((h) =>
      fake.assign({
        method: 'SOLANA_JSON_RPC',
        url: node.httpUrl,
        body: rpcBody,
        headers: [{ name: h.name, value: h.value }],
      }),
    );
    for (const [i, id] of ids.entries()) {
      const result = resultOf(await fake.result(id));
      assert.equal(result.errorType, 'connect');
      assert.match(result.errorMessage ?? '', UNSENDABLE[i]?.why ?? /never/);
    }
    assert.equal(node.seen.length, seenBefore, 'nothing reached the node');
    const ok = fake.assign({ method: 'SOLANA_JSON_RPC', url: node.httpUrl, body: rpcBody, timeoutMs: 5_000 });
    const result = resultOf(await fake.result(ok));
    assert.equal(result.errorMessage, '');
    assert.equal(result.success, true);
    await agent.close();
    await fake.close();
  });

  it('a pool whose waiting request outlives its abort is destroyed and replaced', async () => {
    // One connection per pool, held by a request the target never answers: the next request waits
    // in the pool, where undici ignores its abort.
    const executor = new HttpExecutor({
      policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
      maxBodyBytes: 1024,
      keepAlive: { maxConnectionsPerPool: 1 },
    });
    const log = pino({ level: 'silent' });
    const ctx = { signal: new AbortController().signal, log };
    const job = (path: string, timeoutMs: number): ExecRequest => ({
      jobId: `pool-${path}`,
      attempt: 1,
      method: 'GET',
      url: `${target.url}${path}`,
      timeoutMs,
      headers: [],
      body: Buffer.alloc(0),
      cookies: [],
      sessionId: '',
      deviceType: 'server',
    });
    const arrived = target.slowArrived();
    const holding = executor.execute(job('/slow', 60_000), ctx);
    await arrived;
    const started = Date.now();
    const waiting = await executor.execute(job('/queued', 300), ctx);
    assert.equal(waiting.errorType, 'timeout');
    assert.equal(waiting.errorMessage, 'Request timed out after 0.3 seconds');
    assert.ok(Date.now() - started < 5_000, 'ended at its own timeout');
    // The stuck pool is destroyed (its held request fails with it), and a new one serves the origin.
    const held = await holding;
    assert.equal(held.errorType, 'connect');
    const next = await executor.execute(job('/next', 5_000), ctx);
    assert.equal(next.errorMessage, '');
    assert.equal(next.statusCode, 200);
    assert.equal(target.hits.get('/queued'), undefined);
    await executor.close();
  });

  it('a pool that refused a request at dispatch is retired, so what gets past the checks cannot wedge it', async () => {
    const pools = new PinnedPools({ maxConnectionsPerPool: 1 });
    const url = new URL(`${target.url}/refused`);
    const allowed = { allowed: true as const, address: '127.0.0.1', family: 4 as const };
    const signal = new AbortController().signal;
    const first = pools.get(url, allowed);
    await assert.rejects(
      pools.request(first, url, { method: 'GET', headers: ['x-emoji', 'hi 😀'], signal }),
      {
        code: 'UND_ERR_INVALID_ARG',
      },
    );
    const second = pools.get(url, allowed);
    assert.notEqual(second, first, 'a new pool for the origin');
    const res = await pools.request(second, url, {
      method: 'GET',
      headers: [],
      signal: AbortSignal.timeout(5_000),
    });
    assert.equal(res.statusCode, 200);
    await res.body.dump();
    assert.equal(target.hits.get('/refused'), 1);
    await pools.destroy();
  });

  it('an executor that never settles frees its slot at the deadline, reports timeout once, and the device keeps taking jobs', async () => {
    const fake = await FakeCoordinator.start();
    const stuck = new NeverSettlingExecutor();
    const { agent } = await startTestAgent({
      deviceId: 'stuck-slot',
      token: 'tok',
      coordinators: [fake.url],
      maxConcurrent: 1,
      executors: [stuck],
    });
    const started = Date.now();
    const id = fake.assign({ method: 'GET', url: `${target.url}/never` }, { deadlineMs: Date.now() + 300 });
    const result = resultOf(await fake.result(id));
    assert.equal(result.success, false);
    assert.equal(result.errorType, 'timeout');
    assert.equal(result.errorMessage, 'Request stopped at the coordinator deadline');
    assert.ok(Date.now() - started < 5_000, 'reported at the deadline plus the abandon grace');

    // The only slot is free again: the next job is accepted and runs.
    const next = fake.assign({ method: 'GET', url: `${target.url}/ok` });
    assert.ok((await fake.answer(next)).accept, 'accepted, not refused busy');
    assert.equal(resultOf(await fake.result(next)).success, true);

    // The stuck job settling now changes nothing: no second result for it.
    assert.equal(stuck.settleLate(), 1);
    const last = fake.assign({ method: 'GET', url: `${target.url}/ok` });
    assert.equal(resultOf(await fake.result(last)).success, true);
    assert.equal(fake.frames.filter((f) => f.result?.jobId === id).length, 1, 'reported once');

    // An Assign without a deadline is held to the job's own timeout plus OWN_DEADLINE_GRACE_MS.
    const undated = Date.now();
    const noDeadline = fake.assign({ method: 'GET', url: `${target.url}/never`, timeoutMs: 200 });
    const overran = resultOf(await fake.result(noDeadline, 30_000));
    assert.equal(overran.errorType, 'timeout');
    const tookMs = Date.now() - undated;
    assert.ok(tookMs >= 200 + OWN_DEADLINE_GRACE_MS, `not before its own deadline (${tookMs} ms)`);
    assert.ok(tookMs < 200 + OWN_DEADLINE_GRACE_MS + 5_000, `at its own deadline (${tookMs} ms)`);
    const again = fake.assign({ method: 'GET', url: `${target.url}/ok` });
    assert.equal(resultOf(await fake.result(again)).success, true);

    stuck.settleLate();
    await agent.close();
    await fake.close();
  });

  it('SIGTERM ends a real agent process by its drain deadline while its executor never settles', async (t) => {
    const fake = await FakeCoordinator.start();
    const drainTimeoutMs = 1_000;
    const proc = spawnAgent({
      deviceId: 'stuck-process',
      token: 'tok',
      coordinators: [fake.url],
      entry: 'test/fixtures/never-settling-agent.ts',
      logLevel: 'info',
      extra: ['--drain-timeout-ms', String(drainTimeoutMs)],
    });
    try {
      await fake.waitFrame((f) => f.body === 'hello', 0, 30_000);
      const id = fake.assign({ method: 'GET', url: `${target.url}/never`, timeoutMs: 60_000 });
      assert.ok((await fake.answer(id)).accept);
      const signalled = Date.now();
      proc.child.kill('SIGTERM');
      // The deadline, and what a loaded machine adds to a process's last timer and its exit.
      const limitMs = drainTimeoutMs + 1_500;
      const code = await Promise.race([
        proc.exited,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), limitMs).unref(),
        ),
      ]);
      const tookMs = Date.now() - signalled;
      t.diagnostic(`exit ${tookMs} ms after SIGTERM (drain timeout ${drainTimeoutMs} ms)`);
      assert.equal(code, 0, `exited cleanly within ${limitMs} ms (took ${tookMs} ms)`);
      assert.ok(tookMs >= drainTimeoutMs / 2, 'the running job had its drain time');
      const stopped = proc.logs.find((l) => l.msg === 'stopped');
      assert.equal(stopped?.unfinished, 1);
    } finally {
      proc.child.kill('SIGKILL');
      await proc.exited;
      await fake.close();
      removeDir(proc.stateDir);
    }
  });
});
