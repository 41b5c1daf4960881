// The agent's side of proxying, against a coordinator written in the test: no consent → no stream,
// the network policy after resolving (a loopback name refused without the lab setting; the name
// resolved once and the checked address dialled), proxy ports only, the owner's byte cap ending an
// open stream at the cap and refusing new ones, and each connection in the owner's URL log.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { OwnerState } from '../../agent/owner/owner-state.js';
import { UrlLog } from '../../agent/owner/url-log.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { ProxyExit } from '../../agent/proxy/proxy-exit.js';
import { startStatusServer } from '../../agent/status/server.js';
import type { AgentFrame, AgentFrameInit } from '../../proto/index.js';
import {
  agentStateDir,
  type CountingTarget,
  startCountingTarget,
  startLinkedAgent,
} from '../helpers/agent-harness.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';

const closeOf = (id: number) => (f: AgentFrame) => f.streamClose?.streamId === id;
const openedOf = (id: number) => (f: AgentFrame) => f.streamOpened?.streamId === id;

describe('proxy exit on the agent', () => {
  let target: CountingTarget;
  const cleanups: Array<() => Promise<void>> = [];
  before(async () => {
    target = await startCountingTarget();
  });
  after(async () => {
    for (const c of cleanups.reverse()) await c();
    await target.close();
  });

  async function linked(flags: string[], consent: boolean) {
    const fake = await FakeCoordinator.start();
    const { agent } = await startLinkedAgent(fake, ['--proxy-ports', `80,${target.port}`, ...flags]);
    if (consent) await agent.setProxy(true);
    cleanups.push(async () => {
      await agent.close();
      await fake.close();
    });
    return { fake, agent };
  }

  /** Opens stream `id`, sends an HTTP request, reads the answer granting credit: the bytes and how it ended. */
  async function fetchOver(fake: FakeCoordinator, id: number, pathAndQuery: string) {
    const from = fake.frames.length;
    fake.send({
      streamOpen: { streamId: id, host: '127.0.0.1', port: target.port, keyId: 'k1', windowBytes: 65_536 },
    });
    const first = await fake.waitFrame((f) => openedOf(id)(f) || closeOf(id)(f), from);
    if (first.streamClose) return { bytes: 0, close: first.streamClose };
    fake.send({
      streamData: {
        streamId: id,
        data: Buffer.from(`GET ${pathAndQuery} HTTP/1.1\r\nhost: t\r\nconnection: close\r\n\r\n`),
      },
    });
    let bytes = 0;
    const onFrame = (f: AgentFrame) => {
      if (f.streamData?.streamId !== id) return;
      const n = f.streamData.data?.byteLength ?? 0;
      bytes += n;
      fake.send({ streamCredit: { streamId: id, bytes: n } });
    };
    fake.on('frame', onFrame);
    const close = await fake.waitFrame(closeOf(id), from);
    fake.off('frame', onFrame);
    // The target ended (a half close): end ours too, so the stream is over on the agent.
    if (close.streamClose?.reason === '') fake.send({ streamClose: { streamId: id, reason: '' } });
    return { bytes, close: close.streamClose };
  }

  it('without the owner’s consent the agent opens no stream', async () => {
    const { fake, agent } = await linked([], false);
    const hello = await fake.waitFrame((f) => f.hello !== undefined && f.hello !== null);
    assert.equal(hello.hello?.ownerControls?.proxy, false);
    assert.deepEqual(hello.hello?.proxy?.ports, [80, target.port]);
    const before = target.hits.size;
    const { close } = await fetchOver(fake, 1, '/consent');
    assert.equal(close?.reason, 'consent');
    assert.equal(target.hits.size, before);
    // Turned on: the coordinator is told, and the same request goes through.
    const from = fake.frames.length;
    await agent.setProxy(true);
    const avail = await fake.waitFrame((f) => f.availability?.ownerControls?.proxy === true, from);
    assert.ok(avail);
    const ok = await fetchOver(fake, 2, '/consented?bytes=10');
    assert.ok(ok.bytes > 10);
    assert.equal(target.hits.get('/consented'), 1);
  });

  it('crawl-agent proxy on|off switches the consent, kept across a restart and shown on the status port', async () => {
    const fake = await FakeCoordinator.start();
    const { agent, stateDir } = await startLinkedAgent(fake, ['--proxy-ports', String(target.port)]);
    const server = await startStatusServer({ host: '127.0.0.1', port: 0, source: agent });
    const cli = fileURLToPath(new URL('../../scripts/crawl-agent', import.meta.url));
    const addr = new URL(server.url).host;
    try {
      const from = fake.frames.length;
      const on = await promisify(execFile)(cli, ['proxy', 'on', '--addr', addr]);
      assert.match(on.stdout, /^proxy on:/);
      await fake.waitFrame((f) => f.availability?.ownerControls?.proxy === true, from);
      assert.equal(agent.snapshot().owner?.proxy, true);
      const status = await promisify(execFile)(cli, ['status', '--addr', addr]);
      assert.match(status.stdout, /^Proxy: +on \(0 open\)$/m);
      const bad = await promisify(execFile)(cli, ['proxy', 'maybe', '--addr', addr]).catch(
        (e: { code: number }) => e,
      );
      assert.equal((bad as { code: number }).code, 2);
    } finally {
      await server.close();
      await agent.close();
      await fake.close();
    }
    // A restart keeps the owner's choice: the hello says so.
    const again = await FakeCoordinator.start();
    const restarted = await startLinkedAgent(again, ['--proxy-ports', String(target.port)], stateDir);
    cleanups.push(async () => {
      await restarted.agent.close();
      await again.close();
    });
    const hello = await again.waitFrame((f) => Boolean(f.hello));
    assert.equal(hello.hello?.ownerControls?.proxy, true);
    await restarted.agent.setProxy(false);
    assert.equal(restarted.agent.snapshot().owner?.proxy, false);
  });

  it('a name resolving to loopback is refused after resolving, and a port not offered is refused', async () => {
    const { fake } = await linked(['--allow-cidrs', '192.0.2.0/24'], true);
    const from = fake.frames.length;
    fake.send({
      streamOpen: { streamId: 7, host: 'localhost', port: target.port, keyId: 'k', windowBytes: 65_536 },
    });
    const refused = await fake.waitFrame(closeOf(7), from);
    assert.equal(refused.streamClose?.reason, 'policy');
    assert.match(refused.streamClose?.message ?? '', /loopback/);
    fake.send({ streamOpen: { streamId: 8, host: '127.0.0.1', port: 25, keyId: 'k', windowBytes: 65_536 } });
    const port = await fake.waitFrame(closeOf(8), from);
    assert.equal(port.streamClose?.reason, 'port');
  });

  it('the owner’s byte cap ends an open stream at the cap and refuses new ones', async () => {
    const cap = 300_000;
    const { fake, agent } = await linked(['--max-bytes-per-day', String(cap)], true);
    const { bytes, close } = await fetchOver(fake, 3, '/capped?bytes=5000000');
    assert.equal(close?.reason, 'owner');
    assert.ok(bytes < cap + 2 * 65_536, `${bytes} bytes passed a cap of ${cap}`);
    const again = await fetchOver(fake, 4, '/after-cap?bytes=10');
    assert.equal(again.close?.reason, 'owner');
    assert.match(again.close?.message ?? '', /daily byte budget/);
    assert.equal(target.hits.get('/after-cap'), undefined);
    const lines = (await agent.urlLog(100)).filter((l) => l.method === 'CONNECT');
    const line = lines.find((l) => l.outcome === 'owner');
    assert.ok(line, JSON.stringify(lines));
    assert.equal(line.target, `127.0.0.1:${target.port}`);
    assert.ok(line.bytes > 0);
    assert.equal(typeof line.durationMs, 'number');
    assert.equal(line.keyId, 'k1');
  });

  it('resolves the name once and dials the checked address (a rebinding answer is never used)', async () => {
    let lookups = 0;
    const policy = createNetworkPolicy({
      allowCidrs: ['127.0.0.0/8'],
      resolver: async () => {
        lookups++;
        // The first answer passes the policy; any later one points inside the network.
        return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
      },
    });
    const dir = agentStateDir();
    const owner = new OwnerState({
      file: path.join(dir, 'owner.json'),
      controls: {
        maxJobsPerMinute: 0,
        maxBytesPerDay: 0,
        allowedHours: [],
        allowDomains: [],
        denyDomains: [],
      },
    });
    await owner.open();
    await owner.setProxy(true);
    const sent: AgentFrameInit[] = [];
    const exit = new ProxyExit({
      policy,
      owner,
      urlLog: new UrlLog({ dir, mode: 'host', maxFileBytes: 1 << 20, files: 1 }),
      ports: [target.port],
      maxStreams: 4,
      send: (f) => {
        sent.push(f);
        return true;
      },
      linkBuffered: () => 0,
      changed: () => undefined,
      log: pino({ level: 'silent' }),
    });
    exit.onOpen({ streamId: 1, host: 'rebind.test', port: target.port, keyId: 'k', windowBytes: 65_536 });
    const deadline = Date.now() + 5_000;
    while (!sent.some((f) => f.streamOpened || f.streamClose) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const opened = sent.find((f) => f.streamOpened);
    assert.equal(opened?.streamOpened?.address, '127.0.0.1');
    assert.equal(lookups, 1, 'one lookup: the checked address is the one connected to');
    exit.linkDown();
  });
});
