// Proxy exits obey a device's standing as jobs do (docs/proxy.md, "Standing"): a device quarantined
// for lying (a real agent fabricating its canary), one draining, one paused by its owner, one past
// its owner's daily bytes or outside its hours carries no new stream. Alone, it leaves the caller a
// 503 saying no matching device takes connections now; beside a device in good standing, every new
// stream goes to that one. A stream open when the standing changes carries on to its end.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { HttpExecutor } from '../../agent/executors/http.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import type { CrawlAgent } from '../../agent/runtime.js';
import { startTestAgent } from '../helpers/cluster.js';
import { LyingExecutor } from '../helpers/lying-executor.js';
import {
  connectThrough,
  curl,
  type ProxyFleet,
  proxyLog,
  startByteSource,
  startProxyFleet,
  until,
} from '../helpers/proxy-fleet.js';

const NOT_TAKING = 'service unavailable: no device matching this targeting is taking connections now';

/** The CONNECT answer's status and head for `user:key` to 127.0.0.1:port, over a raw socket. */
async function connect(
  proxyAddr: string,
  auth: string,
  port: number,
): Promise<{ status: number; head: string }> {
  const [host, proxyPort] = proxyAddr.split(':');
  const socket = net.connect(Number(proxyPort), host);
  const authority = `127.0.0.1:${port}`;
  socket.write(
    `CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\nproxy-authorization: Basic ${Buffer.from(auth).toString('base64')}\r\n\r\n`,
  );
  let head = '';
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      // A refusal's body follows its head; the proxy closes the connection after it.
      if (head.includes('\r\n\r\n') && / 200 /.test(head.slice(0, 16))) resolve();
    });
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
  socket.destroy();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head };
}

/** Reads the socket to its end; the bytes received. */
function drain(socket: net.Socket): Promise<number> {
  return new Promise((resolve) => {
    let n = 0;
    socket.on('data', (d: Buffer) => {
      n += d.byteLength;
    });
    socket.once('close', () => resolve(n));
    socket.once('error', () => undefined);
    socket.resume();
  });
}

/** Proxy CONNECT lines in the agent's URL log now. */
const carried = async (agent: CrawlAgent) =>
  (await agent.urlLog(1000)).filter((l) => l.method === 'CONNECT').length;

/** "HH:MM-HH:MM": an hour of the day that does not hold the current local minute. */
function hoursNotNow(): string {
  const now = new Date();
  const minute = now.getHours() * 60 + now.getMinutes();
  const start = minute + 120 + 60 <= 1440 ? minute + 120 : minute - 180;
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return `${hhmm(start)}-${hhmm(start + 60)}`;
}

describe('egress proxy: a device’s standing', () => {
  let fleet: ProxyFleet;
  let source: Awaited<ReturnType<typeof startByteSource>>;
  let exitsAdded = 0;

  before(async () => {
    // Canaries every second: the lying device is caught by them, as in production.
    fleet = await startProxyFleet(['--canary-interval', '1s']);
    source = await startByteSource();
  });
  after(async () => {
    await fleet.stop();
    await source.close();
  });

  const auth = (country: string) => `${fleet.user(`country-${country}`)}:${fleet.key}`;
  const jobs = () => fleet.coord.coordinator.services.jobs;

  /** A real agent offering streams to the targets and the byte source, its owner consenting. */
  async function exit(
    deviceId: string,
    country: string,
    o: { extra?: string[]; liar?: LyingExecutor } = {},
  ): Promise<CrawlAgent> {
    const { agent } = await startTestAgent({
      deviceId,
      token: await fleet.coord.newDevice(deviceId),
      coordinators: [fleet.coord.url],
      country,
      city: 'Town',
      extra: ['--proxy-ports', `${fleet.httpsPort},${fleet.httpPort},${source.port}`, ...(o.extra ?? [])],
      ...(o.liar ? { executors: [o.liar] } : {}),
    });
    await agent.setProxy(true);
    fleet.agents.push({ agent, deviceId });
    // The coordinator has the owner's consent once its exits say so.
    exitsAdded++;
    const registry = fleet.coord.coordinator.services.metrics.registry;
    for (const end = Date.now() + 5_000; ; ) {
      const m = /crawl_proxy_exit_devices\{consent="yes"\} (\d+)/.exec(await registry.metrics());
      if (Number(m?.[1] ?? 0) >= exitsAdded) break;
      if (Date.now() > end) throw new Error(`${deviceId}: consent not seen`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return agent;
  }

  /**
   * The device is alone in its country with a stream open through it (unless `keepOpen` is false);
   * `change` takes its standing away. Then: a new connection is refused with the 503, over HTTP
   * and SOCKS5; the open stream still carries its bytes to the end; a device in good standing that
   * joins carries every new stream, the excluded one none.
   */
  async function excludedMidStream(
    country: string,
    excluded: CrawlAgent,
    change: () => Promise<void>,
    keepOpen = true,
  ): Promise<void> {
    const open = keepOpen ? await connectThrough(fleet.proxyAddr, auth(country), source.port) : null;
    await change();
    const refused = await connect(fleet.proxyAddr, auth(country), fleet.httpsPort);
    assert.equal(refused.status, 503, refused.head);
    assert.ok(refused.head.includes(`\r\n\r\n${NOT_TAKING}\n`), refused.head);
    const socks = await curl([
      '--proxy',
      `socks5h://${auth(country)}@${fleet.proxyAddr}`,
      `http://127.0.0.1:${fleet.httpPort}/echo`,
    ]);
    assert.notEqual(socks.code, 0, 'SOCKS5 refuses it too');

    if (open) {
      // The stream opened before the change goes on, to its end.
      open.write('200000\n');
      assert.equal(await drain(open), 200_000);
    }
    await proxyLog(excluded, 1);
    const before = await carried(excluded);

    const good = await exit(`${country.toLowerCase()}-good`, country);
    for (let i = 0; i < 4; i++) {
      const ok = await connect(fleet.proxyAddr, auth(country), fleet.httpsPort);
      assert.equal(ok.status, 200, ok.head);
    }
    const viaSocks = await curl([
      '--proxy',
      `socks5h://${auth(country)}@${fleet.proxyAddr}`,
      `http://127.0.0.1:${fleet.httpPort}/echo`,
    ]);
    assert.equal(viaSocks.code, 0, viaSocks.stderr);
    assert.equal((await proxyLog(good, 5)).length, 5, 'the device in good standing carried every new stream');
    assert.equal(await carried(excluded), before, 'the excluded device carried no new stream');
  }

  it('quarantined for lying: no new stream; its open stream finishes', async () => {
    const liar = new LyingExecutor(
      new HttpExecutor({
        policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
        maxBodyBytes: 1 << 20,
      }),
    );
    liar.lying = false;
    const agent = await exit('nl-liar', 'NL', { liar });
    await excludedMidStream('NL', agent, async () => {
      // It starts lying: its next canary is fabricated, and it is quarantined.
      liar.lying = true;
      await until(() => jobs().device('nl-liar')?.quarantined === true, 'quarantine', 20_000);
    });
  });

  it('draining (the agent said so): no new stream; its open stream finishes', async () => {
    const agent = await exit('be-drain', 'BE');
    await excludedMidStream('BE', agent, async () => {
      await agent.drain(10_000);
      await until(() => jobs().device('be-drain')?.draining === true, 'draining');
    });
  });

  it('paused by its owner: no new stream; its open stream finishes', async () => {
    const agent = await exit('at-paused', 'AT');
    // A sticky session, pinned on it while it is the only device, that may not move.
    const strict = `${fleet.user('country-at-session-atpin-fallback-no')}:${fleet.key}`;
    assert.equal((await connect(fleet.proxyAddr, strict, fleet.httpsPort)).status, 200);
    await excludedMidStream('AT', agent, async () => {
      await agent.setPaused(true);
      await until(() => jobs().device('at-paused')?.draining === true, 'pause seen');
    });
    const held = await connect(fleet.proxyAddr, strict, fleet.httpsPort);
    assert.equal(held.status, 503, held.head);
    assert.ok(
      held.head.includes('the device of session atpin is not taking connections now (fallback-no)'),
      held.head,
    );
    // Resumed: it takes streams again, the session's first.
    const before = await carried(agent);
    await agent.setPaused(false);
    await until(() => jobs().device('at-paused')?.draining === false, 'resume seen');
    assert.equal((await connect(fleet.proxyAddr, strict, fleet.httpsPort)).status, 200);
    assert.equal((await proxyLog(agent, before + 1)).length, before + 1);
  });

  it('its owner’s daily bytes used up by a stream: no new stream', async () => {
    const agent = await exit('ch-capped', 'CH', { extra: ['--max-bytes-per-day', '50000'] });
    await excludedMidStream(
      'CH',
      agent,
      async () => {
        // A stream runs the budget out mid-stream; the agent ends it there (its own rule, which
        // ends every open stream at the cap: docs/proxy.md).
        const first = await connectThrough(fleet.proxyAddr, auth('CH'), source.port);
        first.write('200000\n');
        const got = await drain(first);
        assert.ok(got < 200_000, `the capped stream ended early (${got} bytes)`);
        await until(() => jobs().device('ch-capped')?.draining === true, 'cap seen');
      },
      false,
    );
  });

  it('outside its owner’s hours: no stream, the 503 says why in general terms', async () => {
    const agent = await exit('pl-hours', 'PL', { extra: ['--allowed-hours', hoursNotNow()] });
    const refused = await connect(fleet.proxyAddr, auth('PL'), fleet.httpsPort);
    assert.equal(refused.status, 503, refused.head);
    assert.ok(refused.head.includes(NOT_TAKING), refused.head);
    assert.equal(await carried(agent), 0);
  });
});
