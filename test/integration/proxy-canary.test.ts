// Proxy canary streams (docs/proxy.md, "Canary streams"): a real coordinator sends canaries through
// five real agent processes to its own canary endpoint. Two of them rewrite the plain HTTP they
// carry, on their link (tampering-link-proxy.ts, where a hostile device's software would do it): one
// the answers (an injected tag in the page), one the requests (a tracking header written over
// another, as carriers do). Each is quarantined by its first canary, held back from user streams,
// and carries none of the many that follow; the three honest exits beside them carry all of those
// and pass every canary, never penalised. Canary streams count in no key's usage and in
// crawl_proxy_canaries_total; an endpoint that refuses connections strikes no one.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ProxyCanaries } from '../../coordinator/proxy/canary.js';
import { type AgentProcess, spawnAgent, tempDir } from '../helpers/cluster.js';
import { type ProxyFleet, startProxyFleet, until } from '../helpers/proxy-fleet.js';
import { startTamperingLinkProxy, type TamperingLinkProxy } from '../helpers/tampering-link-proxy.js';

const HONEST = ['honest-1', 'honest-2', 'honest-3'];
const ALTERS_RESPONSES = 'alters-responses';
const ALTERS_REQUESTS = 'alters-requests';
/** User streams sent once the two are caught. */
const USER_STREAMS = 60;

/** `from` written over with `to` (same length) wherever it occurs; the same array when absent. */
function overwrite(data: Uint8Array, from: string, to: string): Uint8Array {
  const buf = Buffer.from(data);
  let at = buf.indexOf(from, 0, 'latin1');
  if (at < 0) return data;
  const out = Buffer.from(buf);
  while (at >= 0) {
    out.write(to, at, 'latin1');
    at = buf.indexOf(from, at + from.length, 'latin1');
  }
  return out;
}

/** A plain-HTTP GET through the proxy (absolute form) with header `x-stream: n`: status and body. */
function getViaProxy(
  proxyAddr: string,
  auth: string,
  url: string,
  n: number,
): Promise<{ status: number; body: string }> {
  const [host, port] = proxyAddr.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request({
      host,
      port: Number(port),
      method: 'GET',
      path: url,
      headers: {
        'proxy-authorization': `Basic ${Buffer.from(auth).toString('base64')}`,
        'x-stream': String(n),
      },
      agent: false,
    });
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

describe('egress proxy: canary streams', () => {
  let fleet: ProxyFleet;
  let canaries: ProxyCanaries;
  let canaryPort: number;
  const hops = new Map<string, TamperingLinkProxy>();
  const agents: AgentProcess[] = [];
  /** While true, the response-altering exit alters; set false to watch its hold lifted. */
  let altering = true;
  /** Canary streams each device's hop had carried when the device was quarantined. */
  const canariesAtQuarantine = new Map<string, number>();

  before(async () => {
    fleet = await startProxyFleet([
      '--proxy-canary-addr',
      '127.0.0.1:0',
      '--proxy-canary-interval',
      '2s',
      '--proxy-canary-share',
      '0.2',
    ]);
    const running = fleet.coord.coordinator.proxyCanaries;
    assert.ok(running, 'proxy canaries on');
    canaries = running;
    canaryPort = Number(new URL(canaries.endpointUrl ?? '').port);
    fleet.coord.coordinator.services.trust.addStandingListener((id, quarantined) => {
      if (quarantined && !canariesAtQuarantine.has(id)) canariesAtQuarantine.set(id, opensOf(id, false));
    });
    const rewriters: Record<string, (dir: 'up' | 'down', id: number, data: Uint8Array) => Uint8Array> = {
      // An ad injector: the page's closing tag becomes a script of its own (same length).
      [ALTERS_RESPONSES]: (dir, _id, data) =>
        dir === 'down' && altering ? overwrite(data, '</body>', '<s.js/>') : data,
      // A carrier's tracking header written over the request's Accept-Language line.
      [ALTERS_REQUESTS]: (dir, _id, data) =>
        dir === 'up'
          ? overwrite(data, 'Accept-Language: en-US,en;q=0.5', 'X-UIDH: 7f3a9c01d2e4b5a68c7d9e0')
          : data,
    };
    // One at a time: the devices' registrations write the same owner rows.
    for (const deviceId of [...HONEST, ALTERS_RESPONSES, ALTERS_REQUESTS]) {
      const rewriteStream = rewriters[deviceId];
      // Every exit links through a hop that counts the streams opened through it; the hostile
      // ones' hops rewrite plain HTTP as well. Results pass untouched (page jobs are honest).
      const hop = await startTamperingLinkProxy(fleet.coord.url, {
        rewriteResults: false,
        ...(rewriteStream ? { rewriteStream } : {}),
      });
      hops.set(deviceId, hop);
      const stateDir = tempDir('canary-exit');
      writeFileSync(
        path.join(stateDir, 'owner.json'),
        JSON.stringify({ paused: false, day: '', bytesToday: 0, proxy: true }),
      );
      agents.push(
        spawnAgent({
          deviceId,
          token: await fleet.coord.newDevice(deviceId),
          coordinators: [hop.url],
          stateDir,
          logLevel: 'warn',
          extra: ['--proxy-ports', `${fleet.httpPort},${canaryPort}`],
        }),
      );
    }
    const registry = fleet.coord.coordinator.services.metrics.registry;
    for (const end = Date.now() + 180_000; ; ) {
      const m = /crawl_proxy_exit_devices\{consent="yes"\} (\d+)/.exec(await registry.metrics());
      if (Number(m?.[1] ?? 0) >= 5) break;
      if (Date.now() > end)
        throw new Error(
          `the five exits did not join: ${JSON.stringify(agents.map((a) => a.logs.slice(-3)))}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  after(async () => {
    for (const a of agents) a.child.kill('SIGTERM');
    await Promise.all(agents.map((a) => a.exited));
    await fleet.stop();
    for (const hop of hops.values()) await hop.close();
  });

  const jobs = () => fleet.coord.coordinator.services.jobs;
  const reputation = () => fleet.coord.coordinator.services.trust.reputation;
  const opensOf = (deviceId: string, user: boolean) =>
    (hops.get(deviceId)?.opens ?? []).filter((k) => (k === fleet.keyId) === user).length;
  const metric = async (pattern: RegExp) =>
    Number(pattern.exec(await fleet.coord.coordinator.services.metrics.registry.metrics())?.[1] ?? -1);

  it('an exit that alters plain HTTP either way is quarantined and carries no user stream', async () => {
    for (const id of [ALTERS_RESPONSES, ALTERS_REQUESTS]) {
      await until(() => jobs().device(id)?.quarantined === true, `${id} quarantined`, 30_000);
      // By its first canary: the one tampered canary the docs promise is enough.
      assert.equal(canariesAtQuarantine.get(id), 1, `${id}: canaries before quarantine`);
    }
    assert.ok((hops.get(ALTERS_RESPONSES)?.tampered.streamFrames ?? 0) > 0, 'the hop altered answers');
    assert.ok((hops.get(ALTERS_REQUESTS)?.tampered.streamFrames ?? 0) > 0, 'the hop altered requests');
    // Judged by direction: the seal on the endpoint's echo tells which way the bytes changed.
    const byResponses = await reputation().standing(ALTERS_RESPONSES);
    const byRequests = await reputation().standing(ALTERS_REQUESTS);
    assert.match(byResponses.reason, /^canary fail: proxy canary altered: response altered/);
    assert.match(byRequests.reason, /^canary fail: proxy canary altered: request altered/);
    assert.equal(byResponses.canaryFailures >= 1 && byRequests.canaryFailures >= 1, true);
    assert.ok((await metric(/crawl_proxy_canaries_total\{outcome="tampered"\} (\d+)/)) >= 2);

    const hostileBefore = opensOf(ALTERS_RESPONSES, true) + opensOf(ALTERS_REQUESTS, true);
    const auth = `${fleet.user()}:${fleet.key}`;
    for (let i = 0; i < USER_STREAMS; i++) {
      const res = await getViaProxy(fleet.proxyAddr, auth, `http://127.0.0.1:${fleet.httpPort}/echo`, i);
      assert.equal(res.status, 200, res.body);
      assert.ok(res.body.includes(`"x-stream":"${i}"`), res.body);
    }
    assert.equal(
      opensOf(ALTERS_RESPONSES, true) + opensOf(ALTERS_REQUESTS, true),
      hostileBefore,
      'the quarantined exits carried no user stream',
    );
    const honestUser = HONEST.map((id) => opensOf(id, true));
    assert.equal(
      honestUser.reduce((a, b) => a + b, 0),
      USER_STREAMS,
      `the honest exits carried every user stream (${honestUser.join(', ')})`,
    );
    for (const [i, n] of honestUser.entries()) assert.ok(n > 0, `${HONEST[i]} carried user streams`);
  });

  it('the honest exits pass every canary and are never penalised', async () => {
    // Each honest exit had several canaries: its own interval's and those after user streams.
    await until(() => HONEST.every((id) => opensOf(id, false) >= 4), 'four canaries each', 30_000);
    const passed = () => metric(/crawl_proxy_canaries_total\{outcome="pass"\} (\d+)/);
    for (const end = Date.now() + 30_000; (await passed()) < 12; ) {
      assert.ok(Date.now() < end, `canaries passed: ${await passed()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const id of HONEST) {
      const t = await reputation().standing(id);
      assert.equal(t.quarantined, false, id);
      assert.equal(t.canaryFailures, 0, id);
      assert.equal(t.strikes, 0, id);
      assert.equal(t.score, 1, id);
      assert.equal(fleet.coord.coordinator.services.jobs.device(id)?.quarantined ?? false, false, id);
    }
  });

  it('canary streams count in no key’s usage: the user’s streams only', async () => {
    const proxy = fleet.coord.coordinator.proxy;
    assert.ok(proxy);
    await until(() => proxy.gate.openStreams === 0, 'user streams over');
    await proxy.meter.flush();
    const res = await fetch(`${fleet.coord.url}/crawl/v1/usage`, {
      headers: { authorization: `Bearer ${fleet.key}` },
    });
    const usage = ((await res.json()) as { usage: { proxy_connections_today: number } }).usage;
    const userOpens = [...hops.keys()].reduce((n, id) => n + opensOf(id, true), 0);
    assert.equal(userOpens, USER_STREAMS);
    assert.equal(usage.proxy_connections_today, USER_STREAMS);
    assert.equal(await metric(/crawl_proxy_connections_total (\d+)/), USER_STREAMS);
    const canaryOpens = [...hops.keys()].reduce((n, id) => n + opensOf(id, false), 0);
    assert.ok(canaryOpens > 0);
    assert.ok((await metric(/crawl_proxy_canary_bytes_total (\d+)/)) > 0);
  });

  it('an exit that stops altering is let back after passing canaries in a row (its quarantine stays)', async () => {
    assert.equal(canaries.held(ALTERS_RESPONSES), true);
    altering = false;
    await until(() => !canaries.held(ALTERS_RESPONSES), 'the hold lifted after canaries passed', 30_000);
    // The hold was the canaries'; the quarantine is the reputation's, lifted by page canaries only
    // (off here), so it still carries no user stream.
    assert.equal(jobs().device(ALTERS_RESPONSES)?.quarantined, true);
    assert.equal(canaries.held(ALTERS_REQUESTS), true, 'the other still alters: still held');
  });

  it('an endpoint that refuses connections is no one’s fault: no strike', async () => {
    await canaries.close();
    const before = await reputation().standing(HONEST[0] ?? '');
    // One of its scheduled canaries may be in flight: asked until one is sent.
    let outcome: string | null = null;
    for (const end = Date.now() + 10_000; outcome === null && Date.now() < end; ) {
      outcome = await canaries.check(HONEST[0] ?? '');
      if (outcome === null) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(outcome, 'unreachable');
    const afterwards = await reputation().standing(HONEST[0] ?? '');
    assert.deepEqual(
      { score: afterwards.score, failures: afterwards.canaryFailures, quarantined: afterwards.quarantined },
      { score: before.score, failures: before.canaryFailures, quarantined: false },
    );
    assert.ok((await metric(/crawl_proxy_canaries_total\{outcome="unreachable"\} (\d+)/)) >= 1);
  });
});
