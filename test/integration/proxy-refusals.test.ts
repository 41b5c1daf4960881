// What the egress proxy refuses, seen by real clients: a wrong key or username (407 with the
// reason), a denied destination port (403), a device refusing the port (403 naming the device's
// reason), the key's proxy quota (429 with the limiter's message), the key's concurrent streams
// (429); and what it counts: /crawl/v1/usage and /metrics.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import { CA_FILE, curl, type ProxyFleet, startProxyFleet, until } from '../helpers/proxy-fleet.js';

/** The CONNECT status and body for `user:key` to host:port, over a raw socket. */
async function connect(
  proxyAddr: string,
  auth: string | null,
  authority: string,
): Promise<{ status: number; head: string; socket: net.Socket }> {
  const [host, port] = proxyAddr.split(':');
  const socket = net.connect(Number(port), host);
  const header = auth ? `proxy-authorization: Basic ${Buffer.from(auth).toString('base64')}\r\n` : '';
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n${header}\r\n`);
  let head = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      head += c.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, socket };
}

describe('egress proxy: refusals and metering', () => {
  let fleet: ProxyFleet;
  before(async () => {
    fleet = await startProxyFleet(['--proxy-max-streams-per-key', '2', '--proxy-deny-hosts', 'blocked.test']);
    await fleet.addAgent({ deviceId: 'exit-1' });
  });
  after(async () => {
    await fleet.stop();
  });

  it('a wrong key, a missing key or a bad username is 407 with the reason', async () => {
    const target = `127.0.0.1:${fleet.httpsPort}`;
    const none = await connect(fleet.proxyAddr, null, target);
    assert.equal(none.status, 407);
    assert.match(none.head, /proxy-authenticate: Basic realm="crawl proxy"/i);
    none.socket.destroy();
    const wrong = await connect(fleet.proxyAddr, `${fleet.user()}:ck_wrong`, target);
    assert.equal(wrong.status, 407);
    assert.match(wrong.head, /unauthorized: unknown API key/);
    wrong.socket.destroy();
    const bad = await connect(fleet.proxyAddr, `${fleet.user('planet-mars')}:${fleet.key}`, target);
    assert.equal(bad.status, 407);
    assert.match(bad.head, /username: unknown part "planet"/);
    bad.socket.destroy();
    const other = await connect(fleet.proxyAddr, `00000000-0000-0000-0000-000000000000:${fleet.key}`, target);
    assert.equal(other.status, 407);
    assert.match(other.head, /does not start with this key/);
    other.socket.destroy();
    const socks = await curl([
      '--proxy',
      `socks5h://${fleet.user()}:ck_wrong@${fleet.proxyAddr}`,
      `https://127.0.0.1:${fleet.httpsPort}/echo`,
    ]);
    assert.notEqual(socks.code, 0, 'SOCKS5 refuses the wrong key at authentication');
  });

  it('a denied port is 403 at the coordinator; a port the device does not offer is 403 from the device', async () => {
    const smtp = await connect(fleet.proxyAddr, `${fleet.user()}:${fleet.key}`, '127.0.0.1:25');
    assert.equal(smtp.status, 403);
    assert.match(smtp.head, /forbidden: port 25 is not proxied/);
    smtp.socket.destroy();
    for (const host of ['blocked.test', 'mail.blocked.test']) {
      const denied = await connect(
        fleet.proxyAddr,
        `${fleet.user()}:${fleet.key}`,
        `${host}:${fleet.httpsPort}`,
      );
      assert.equal(denied.status, 403);
      assert.match(denied.head, new RegExp(`forbidden: ${host.replace(/\./g, '\\.')} is not proxied`));
      denied.socket.destroy();
    }
    // No device offers 8, so none fits: the port is checked against what devices offer.
    const other = await connect(fleet.proxyAddr, `${fleet.user()}:${fleet.key}`, '127.0.0.1:8');
    assert.equal(other.status, 503);
    // The refusal names the port as the reason, not the targeting.
    assert.match(other.head, /no device matching this targeting offers port 8 \(devices offer 80 and 443/);
    other.socket.destroy();
    // Targeting that no device matches stays the targeting's refusal, whatever the port.
    const nowhere = await connect(fleet.proxyAddr, `${fleet.user('country-jp')}:${fleet.key}`, '127.0.0.1:8');
    assert.equal(nowhere.status, 503);
    assert.match(nowhere.head, /no device matches this targeting/);
    nowhere.socket.destroy();
  });

  it('per-key concurrent streams are bounded (429), and freed when a connection ends', async () => {
    const auth = `${fleet.user()}:${fleet.key}`;
    const target = `127.0.0.1:${fleet.httpsPort}`;
    const a = await connect(fleet.proxyAddr, auth, target);
    const b = await connect(fleet.proxyAddr, auth, target);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    const c = await connect(fleet.proxyAddr, auth, target);
    assert.equal(c.status, 429);
    assert.match(c.head, /2 proxy connections open/);
    c.socket.destroy();
    const closed = new Promise((r) => a.socket.once('close', r));
    a.socket.destroy();
    await closed;
    let d = await connect(fleet.proxyAddr, auth, target);
    for (let i = 0; i < 50 && d.status === 429; i++) {
      d.socket.destroy();
      await new Promise((r) => setTimeout(r, 20));
      d = await connect(fleet.proxyAddr, auth, target);
    }
    assert.equal(d.status, 200);
    b.socket.destroy();
    d.socket.destroy();
  });

  it("over the key's proxy quota the connection is refused with the limiter's error", async () => {
    const store = fleet.coord.coordinator.store;
    const { key, record } = await createApiKey(store, { name: 'quota' });
    const set = await setKeyLimits(store, record.id, { 'proxy-connections-per-day': '1' });
    assert.ok('limits' in set);
    const args = (k: string) => [
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${record.id}:${k}`,
      '--cacert',
      CA_FILE,
      '--write-out',
      '%{http_connect}',
      '--output',
      '/dev/null',
      `https://127.0.0.1:${fleet.httpsPort}/echo`,
    ];
    const first = await curl(args(key));
    assert.equal(first.code, 0, first.stderr);
    const second = await curl(args(key));
    assert.equal(second.stdout, '429');
    const raw = await connect(fleet.proxyAddr, `${record.id}:${key}`, `127.0.0.1:${fleet.httpsPort}`);
    assert.match(
      raw.head,
      /too many requests: this API key is over its proxy connections per day, please retry later/,
    );
    raw.socket.destroy();
  });

  it("over the key's proxy bytes the next connection is refused with the limiter's error", async () => {
    const store = fleet.coord.coordinator.store;
    const { key, record } = await createApiKey(store, { name: 'bytes' });
    assert.ok('limits' in (await setKeyLimits(store, record.id, { 'proxy-bytes-per-day': '50000' })));
    const res = await curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${record.id}:${key}`,
      '--cacert',
      CA_FILE,
      '--output',
      '/dev/null',
      `https://127.0.0.1:${fleet.httpsPort}/big?bytes=100000`,
    ]);
    assert.equal(res.code, 0, res.stderr);
    const proxy = fleet.coord.coordinator.proxy;
    assert.ok(proxy);
    await until(() => proxy.gate.streamsOf(record.id) === 0, 'the connection to end');
    const raw = await connect(fleet.proxyAddr, `${record.id}:${key}`, `127.0.0.1:${fleet.httpsPort}`);
    assert.equal(raw.status, 429);
    assert.match(
      raw.head,
      /too many requests: this API key is over its proxy bytes per day, please retry later/,
    );
    raw.socket.destroy();
  });

  it('usage and /metrics count connections and bytes', async () => {
    const res = await curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${fleet.user()}:${fleet.key}`,
      '--cacert',
      CA_FILE,
      '--output',
      '/dev/null',
      `https://127.0.0.1:${fleet.httpsPort}/big?bytes=100000`,
    ]);
    assert.equal(res.code, 0, res.stderr);
    const proxy = fleet.coord.coordinator.proxy;
    assert.ok(proxy);
    // Counted when the connection's stream is over on the coordinator (just after curl is done).
    await until(() => proxy.gate.openStreams === 0, 'the connection to end');
    await proxy.meter.flush();
    const usage = (await (
      await fetch(`${fleet.coord.url}/crawl/v1/usage`, { headers: { authorization: `Bearer ${fleet.key}` } })
    ).json()) as { usage: { proxy_bytes_today: number; proxy_connections_today: number } };
    assert.ok(usage.usage.proxy_connections_today >= 1, JSON.stringify(usage));
    assert.ok(usage.usage.proxy_bytes_today > 100_000, JSON.stringify(usage));
    const metrics = await fleet.coord.coordinator.services.metrics.registry.metrics();
    assert.match(metrics, /crawl_proxy_connections_total [1-9]/);
    assert.match(metrics, /crawl_proxy_bytes_total\{direction="down"\} [1-9]/);
    assert.match(metrics, /crawl_proxy_refused_total\{kind="auth"\} [1-9]/);
    assert.match(metrics, /crawl_proxy_exit_devices\{consent="yes"\} 1/);
  });
});
