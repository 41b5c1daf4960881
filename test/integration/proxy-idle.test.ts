// The idle timeout (--proxy-idle-timeout-ms, here its floor of 1 s) through a real agent: a
// connection with no byte either way is closed at the timeout, on the client's side and on the
// device's (its connection to the target ends, its URL log line says reset); a connection that
// keeps talking outlives the timeout several times over and is closed only once it falls silent.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { CrawlAgent } from '../../agent/runtime.js';
import { connectThrough, type ProxyFleet, proxyLog, startProxyFleet } from '../helpers/proxy-fleet.js';

const IDLE_MS = 1_000;

/** An echo target that hands each accepted connection to the test. */
async function startEchoTarget(): Promise<{
  port: number;
  next(): Promise<net.Socket>;
  close(): Promise<void>;
}> {
  const accepted: net.Socket[] = [];
  const all = new Set<net.Socket>();
  const waiting: Array<(s: net.Socket) => void> = [];
  const server = net.createServer((socket) => {
    all.add(socket);
    socket.once('close', () => all.delete(socket));
    socket.on('data', (d) => socket.write(d));
    socket.on('error', () => socket.destroy());
    const w = waiting.shift();
    if (w) w(socket);
    else accepted.push(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    next: () => {
      const s = accepted.shift();
      return s ? Promise.resolve(s) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => {
      for (const s of all) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

describe('egress proxy: idle timeout', () => {
  let fleet: ProxyFleet;
  let echo: Awaited<ReturnType<typeof startEchoTarget>>;
  let agent: CrawlAgent;
  before(async () => {
    echo = await startEchoTarget();
    fleet = await startProxyFleet(['--proxy-idle-timeout-ms', String(IDLE_MS)]);
    agent = await fleet.addAgent({ deviceId: 'idle-exit', extra: ['--proxy-ports', String(echo.port)] });
  });
  after(async () => {
    await fleet.stop();
    await echo.close();
  });

  it('a connection with no byte either way is closed at the timeout, on both sides', async () => {
    const client = await connectThrough(fleet.proxyAddr, `${fleet.user()}:${fleet.key}`, echo.port);
    const opened = Date.now();
    const target = await echo.next();
    const clientClosed = once(client, 'close');
    const targetClosed = once(target, 'close');
    client.resume();
    await clientClosed;
    const after = Date.now() - opened;
    await targetClosed;
    // The client's socket timer starts at the CONNECT, a little before `opened`; a slack for that.
    assert.ok(after >= IDLE_MS - 100, `closed after ${after} ms`);
    assert.ok(after < IDLE_MS * 5, `closed only after ${after} ms`);
    const [line] = await proxyLog(agent, 1);
    assert.equal(line?.outcome, 'reset');
    assert.equal(line?.bytes, 0);
  });

  it('a connection that keeps talking outlives the timeout, and is closed once it falls silent', async () => {
    const client = await connectThrough(fleet.proxyAddr, `${fleet.user()}:${fleet.key}`, echo.port);
    const target = await echo.next();
    const targetClosed = once(target, 'close');
    let closedAt = 0;
    const clientClosed = once(client, 'close').then(() => {
      closedAt = Date.now();
    });
    client.resume();
    // Three timeouts' worth of traffic, a round trip every quarter timeout; each answer awaited.
    const talkUntil = Date.now() + IDLE_MS * 3;
    let rounds = 0;
    let lastByte = 0;
    while (Date.now() < talkUntil) {
      const answer = once(client, 'data');
      client.write('ping');
      const [data] = (await answer) as [Buffer];
      lastByte = Date.now();
      assert.equal(data.toString(), 'ping');
      assert.equal(closedAt, 0, `closed while talking (round ${rounds})`);
      rounds++;
      await new Promise((r) => setTimeout(r, IDLE_MS / 4));
    }
    assert.ok(rounds >= 8, `${rounds} rounds`);
    await clientClosed;
    const quietFor = closedAt - lastByte;
    await targetClosed;
    assert.ok(quietFor >= IDLE_MS - 100, `closed ${quietFor} ms after the last byte`);
    const lines = await proxyLog(agent, 2);
    assert.equal(lines.length, 2);
    assert.ok(lines.every((l) => l.outcome === 'reset'));
    assert.ok(
      lines.some((l) => l.bytes === rounds * 8),
      JSON.stringify(lines),
    );
  });
});
