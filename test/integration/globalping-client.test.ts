// Globalping's official client (npm `globalping`, pinned, unchanged) against a real coordinator
// with real agents: its base URL is fixed (https://api.globalping.io), so the test's fetch sends
// what it asks there to the coordinator instead; nothing else is changed. Then the facade's parts
// one by one: magic locations, an earlier measurement's devices as locations, the rate-limit and
// credit headers, ETag and 304, the http type. Targets are loopback only.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Globalping } from 'globalping';
import { createApiKey, setKeyLimits } from '../../coordinator/auth/admin-ops.js';
import {
  removeDir,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { measureExecutors } from '../helpers/measure-fleet.js';

const GLOBALPING_ORIGIN = 'https://api.globalping.io';
const realFetch = globalThis.fetch;

/**
 * The fleet: three in Europe (two cities of Germany on a mobile network, one of France in a
 * datacenter), one in Japan on a network the coordinator does not know. The networks come from
 * the loopback address each link comes from (agent --local-address, coordinator --asn-db).
 */
const DEVICES = [
  { deviceId: 'gpc-de-berlin', country: 'DE', city: 'Berlin', link: '127.0.0.21' },
  { deviceId: 'gpc-de-munich', country: 'DE', city: 'Munich', link: '127.0.0.22' },
  { deviceId: 'gpc-fr-paris', country: 'FR', city: 'Paris', link: '127.0.0.23' },
  { deviceId: 'gpc-jp-tokyo', country: 'JP', city: 'Tokyo', link: '127.0.0.1' },
];
const ASN_DB = '127.0.0.21,127.0.0.22,64500,Lab Telekom AG\n127.0.0.23,127.0.0.23,64501,"Lab Hosting, SAS"\n';
const KINDS = '64500,mobile\n64501,datacenter\n';

describe('Globalping: the official client and the facade', () => {
  let c: TestCoordinator;
  let dns: LabDnsServer;
  let tcp: net.Server;
  let tcpPort: number;
  let web: http.Server;
  let webPort: number;
  /** Answers of 304 the client got. */
  let notModified = 0;
  const stops: Array<() => Promise<void>> = [];
  const dir = tempDir('globalping');

  before(async () => {
    writeFileSync(path.join(dir, 'asn.csv'), ASN_DB);
    writeFileSync(path.join(dir, 'kinds.csv'), KINDS);
    c = await startTestCoordinator({
      dataDir: path.join(dir, 'data'),
      flags: ['--asn-db', path.join(dir, 'asn.csv'), '--network-kinds', path.join(dir, 'kinds.csv')],
    });
    dns = await startLabDns({ 'www.lab.test': [{ type: 'A', ttl: 60, address: '192.0.2.9' }] });
    tcp = net.createServer((s) => s.end()).listen(0, '127.0.0.1');
    await new Promise((r) => tcp.once('listening', r));
    tcpPort = (tcp.address() as net.AddressInfo).port;
    web = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = () => {
        if (url.pathname === '/big') {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(20_000));
          return;
        }
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res
          .writeHead(url.pathname === '/missing' ? 404 : 200, { 'content-type': 'text/plain' })
          .end(`hello ${url.pathname}?${url.searchParams.toString()} ${req.method}`);
      };
      // The target is slow here, so the client polls a measurement that has not changed.
      if (url.pathname === '/slow') setTimeout(send, 1_500);
      else send();
    });
    web.listen(0, '127.0.0.1');
    await new Promise((r) => web.once('listening', r));
    webPort = (web.address() as net.AddressInfo).port;
    for (const { link, ...d } of DEVICES) {
      const token = await c.newDevice(d.deviceId);
      const agent = await startTestAgent({
        ...d,
        extra: ['--local-address', link],
        token,
        coordinators: [c.url],
        executors: await measureExecutors(),
      });
      stops.push(agent.stop);
    }
    // What the client sends to Globalping goes to the coordinator.
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      if (url.origin !== GLOBALPING_ORIGIN) return realFetch(input, init);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      const res = await realFetch(`${c.url}${url.pathname}${url.search}`, {
        method: req.method,
        headers: req.headers,
        body,
        signal: req.signal,
      });
      if (res.status === 304) notModified++;
      return res;
    };
  });
  after(async () => {
    globalThis.fetch = realFetch;
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
    tcp?.close();
    web?.close();
    removeDir(dir);
  });

  /** A raw call, for status and headers. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    key = c.apiKey,
  ): Promise<{ status: number; headers: Headers; body: Obj; text: string }> {
    const res = await realFetch(`${c.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Obj) : {}, text };
  }

  const client = (key = c.apiKey) => new Globalping({ auth: key, throwApiErrors: true });

  /** Runs a measurement through the client to its end; its final state. */
  async function measure(request: Parameters<Globalping<true>['createMeasurement']>[0]) {
    const gp = client();
    const created = await gp.createMeasurement(request);
    const done = await gp.awaitMeasurement(created.data.id);
    assert.equal(done.data.probesCount, created.data.probesCount);
    return { id: created.data.id, data: done.data as unknown as Obj };
  }

  const cities = (data: Obj): string[] =>
    (data.results as Obj[]).map((r) => String((r.probe as Obj).city)).sort();

  test('the client: createMeasurement, awaitMeasurement, getMeasurement, listProbes, getLimits', async () => {
    const gp = client();
    const created = await gp.createMeasurement({
      type: 'ping',
      target: '127.0.0.1',
      locations: [{ magic: 'Germany', limit: 2 }],
      measurementOptions: { packets: 2, protocol: 'TCP', port: tcpPort },
    });
    assert.equal(created.response.status, 202);
    assert.equal(created.data.probesCount, 2);
    assert.equal(
      created.response.headers.get('location'),
      `${c.coordinator.url}/v1/measurements/${created.data.id}`,
    );

    const done = await gp.awaitMeasurement(created.data.id);
    Globalping.assertMeasurementType('ping', done.data);
    assert.equal(done.data.status, 'finished');
    assert.deepEqual(cities(done.data as unknown as Obj), ['Berlin', 'Munich']);
    for (const item of done.data.results) {
      assert.equal(item.probe.country, 'DE');
      assert.equal(item.probe.continent, 'EU');
      assert.equal(item.probe.region, 'Western Europe');
      assert.equal(item.result.status, 'finished');
      if (item.result.status === 'finished') {
        assert.equal(item.result.stats.total, 2);
        assert.equal(item.result.stats.rcv, 2);
        assert.equal(item.result.timings.length, 2);
      }
    }

    const again = await gp.getMeasurement(created.data.id);
    assert.equal(again.data.id, created.data.id);
    assert.equal(again.data.status, 'finished');
    assert.deepEqual(again.data.results, done.data.results);

    const probes = await gp.listProbes();
    assert.equal(probes.data.length, DEVICES.length);
    assert.deepEqual(
      probes.data.map((p) => [p.location.country, p.location.city, p.location.continent, p.location.region]),
      [
        ['DE', 'Berlin', 'EU', 'Western Europe'],
        ['DE', 'Munich', 'EU', 'Western Europe'],
        ['FR', 'Paris', 'EU', 'Western Europe'],
        ['JP', 'Tokyo', 'AS', 'Eastern Asia'],
      ],
    );
    for (const p of probes.data) {
      assert.equal(typeof p.version, 'string');
      assert.equal(p.location.state, null);
      assert.deepEqual(p.resolvers, []);
    }

    const limits = await gp.getLimits();
    // The test key has no jobs-per-day quota: "unlimited", as numbers.
    assert.deepEqual(limits.data, {
      rateLimit: {
        measurements: {
          create: {
            type: 'user',
            limit: Number.MAX_SAFE_INTEGER,
            remaining: Number.MAX_SAFE_INTEGER,
            reset: limits.data.rateLimit.measurements.create.reset,
          },
        },
      },
      credits: { remaining: 0 },
    });
  });

  test('the client: an http measurement (our GET job) with its result fields and timings', async () => {
    const gp = client();
    notModified = 0;
    const created = await gp.createMeasurement({
      type: 'http',
      target: '127.0.0.1',
      locations: [{ country: 'FR' }],
      measurementOptions: {
        protocol: 'HTTP',
        port: webPort,
        request: { method: 'GET', path: '/slow', query: 'a=1', headers: { 'x-probe': 'yes' } },
      },
    });
    assert.equal(created.data.probesCount, 1);
    const done = await gp.awaitMeasurement(created.data.id);
    // The target took 1.5 s; the client's polls in between were answered 304.
    assert.ok(notModified >= 1, `304 answers: ${notModified}`);
    Globalping.assertMeasurementType('http', done.data);
    const item = done.data.results[0];
    assert.ok(item);
    assert.equal(item.probe.city, 'Paris');
    const r = item.result;
    assert.equal(r.status, 'finished', JSON.stringify(r));
    if (r.status !== 'finished') return;
    assert.equal(r.statusCode, 200);
    assert.equal(r.statusCodeName, 'OK');
    assert.equal(r.rawBody, 'hello /slow?a=1 GET');
    assert.equal(r.truncated, false);
    assert.equal(r.headers['content-type'], 'text/plain');
    assert.deepEqual(r.headers['set-cookie'], ['a=1', 'b=2']);
    assert.match(r.rawHeaders, /^content-type: text\/plain$/im);
    assert.equal(r.resolvedAddress, '127.0.0.1');
    assert.ok(typeof r.timings.total === 'number' && r.timings.total >= 1_400, `total ${r.timings.total}`);
    assert.deepEqual(
      { ...r.timings, total: 0 },
      { total: 0, dns: null, tcp: null, tls: null, firstByte: null, download: null },
    );
    assert.equal(r.tls, null);
    assert.match(r.rawOutput, /^HTTP\/1\.1 200 OK\n/);
    // Our own API shows the same request as an ordinary job of a batch.
    const batch = await call('GET', `/crawl/v1/batch/${created.data.id}`);
    assert.equal(batch.status, 200, batch.text);
  });

  test('http: HEAD by default, a body cut at 10 kB, a failed request', async () => {
    const head = await measure({
      type: 'http',
      target: '127.0.0.1',
      measurementOptions: { protocol: 'HTTP', port: webPort },
    });
    const hr = (head.data.results as Obj[])[0]?.result as Obj;
    assert.equal(hr.status, 'finished');
    assert.equal(hr.statusCode, 200);
    assert.equal(hr.rawBody, null);
    assert.equal(((head.data.measurementOptions as Obj).request as Obj).method, 'HEAD');

    const big = await measure({
      type: 'http',
      target: '127.0.0.1',
      measurementOptions: { protocol: 'HTTP', port: webPort, request: { method: 'GET', path: '/big' } },
    });
    const br = (big.data.results as Obj[])[0]?.result as Obj;
    assert.equal(br.truncated, true);
    assert.equal(String(br.rawBody).length, 10_240);

    // A port nothing listens on.
    const closed = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => closed.once('listening', r));
    const deadPort = (closed.address() as net.AddressInfo).port;
    closed.close();
    const failed = await measure({
      type: 'http',
      target: '127.0.0.1',
      measurementOptions: { protocol: 'HTTP', port: deadPort, request: { method: 'GET' } },
    });
    const fr = (failed.data.results as Obj[])[0]?.result as Obj;
    assert.equal(fr.status, 'failed');
    assert.ok(String(fr.rawOutput).length > 0);

    const refused = await call('POST', '/v1/measurements', {
      type: 'http',
      target: '127.0.0.1',
      measurementOptions: { protocol: 'HTTP2' },
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, {
      error: {
        type: 'validation_error',
        message: 'invalid request: measurementOptions.protocol HTTP2 is not supported here (HTTP, HTTPS)',
      },
    });
  });

  test('magic: country, city, continent, region, + conditions, world; none found is 422', async () => {
    const dnsRequest = {
      type: 'dns' as const,
      target: 'www.lab.test',
      measurementOptions: { resolver: '127.0.0.1', port: dns.port, query: { type: 'A' as const } },
    };
    const cases: Array<[string, number, string[]]> = [
      ['munich', 1, ['Munich']],
      ['FR+Paris', 1, ['Paris']],
      ['Western Europe', 4, ['Berlin', 'Munich', 'Paris']],
      ['west-europe+germany', 4, ['Berlin', 'Munich']],
      ['asia', 4, ['Tokyo']],
      ['Japan+Tokyo', 1, ['Tokyo']],
      ['world', 4, ['Berlin', 'Munich', 'Paris', 'Tokyo']],
      ['germ', 4, ['Berlin', 'Munich']],
      ['AS64500', 4, ['Berlin', 'Munich']],
      ['lab-telekom', 4, ['Berlin', 'Munich']],
      ['datacenter-network', 4, ['Paris']],
      ['eyeball-network+munich', 4, ['Munich']],
      ['europe+lab', 4, ['Berlin', 'Munich', 'Paris']],
    ];
    for (const [magic, limit, expected] of cases) {
      const { data } = await measure({ ...dnsRequest, locations: [{ magic, limit }] });
      assert.deepEqual(cities(data), expected, magic);
      for (const r of data.results as Obj[]) assert.equal((r.result as Obj).status, 'finished', magic);
    }
    for (const magic of ['DE+FR', 'Spain', 'AS64999', 'Tokyo+datacenter', 'nowhere-at-all']) {
      const res = await call('POST', '/v1/measurements', { ...dnsRequest, locations: [{ magic }] });
      assert.equal(res.status, 422, `${magic}: ${res.text}`);
      assert.equal((res.body.error as Obj).type, 'no_probes_found');
    }
    const tooMany = await call('POST', '/v1/measurements', {
      ...dnsRequest,
      locations: [{ magic: 'a+b+c+d+e' }],
    });
    assert.equal(tooMany.status, 400);
    assert.equal(
      (tooMany.body.error as Obj).message,
      'invalid request: locations[0].magic must contain at most 4 combined filters',
    );
  });

  test('location fields our placement has not: region, network, tags', async () => {
    const dnsRequest = {
      type: 'dns' as const,
      target: 'www.lab.test',
      measurementOptions: { resolver: '127.0.0.1', port: dns.port },
    };
    const cases: Array<[Obj, string[]]> = [
      [{ region: 'Western Europe', limit: 4 }, ['Berlin', 'Munich', 'Paris']],
      [{ region: 'Eastern Asia', limit: 4 }, ['Tokyo']],
      [{ network: 'lab hosting, sas' }, ['Paris']],
      [{ tags: ['eyeball-network'], country: 'DE', limit: 4 }, ['Berlin', 'Munich']],
      [{ asn: 64501 }, ['Paris']],
    ];
    for (const [location, expected] of cases) {
      const { data } = await measure({ ...dnsRequest, locations: [location] });
      assert.deepEqual(cities(data), expected, JSON.stringify(location));
    }
    const probes = await client().listProbes();
    assert.deepEqual(
      probes.data.map((p) => [p.location.city, p.location.asn, p.location.network, p.tags]),
      [
        ['Berlin', 64500, 'Lab Telekom AG', ['eyeball-network']],
        ['Munich', 64500, 'Lab Telekom AG', ['eyeball-network']],
        ['Paris', 64501, 'Lab Hosting, SAS', ['datacenter-network']],
        ['Tokyo', 0, '', []],
      ],
    );
  });

  test("locations as an earlier measurement's id: the same devices", async () => {
    const first = await measure({
      type: 'ping',
      target: '127.0.0.1',
      locations: [{ magic: 'Europe', limit: 2 }],
      measurementOptions: { packets: 1, protocol: 'TCP', port: tcpPort },
    });
    const before = cities(first.data);
    assert.equal(before.length, 2);
    const asId = await measure({
      type: 'dns',
      target: 'www.lab.test',
      locations: first.id,
      measurementOptions: { resolver: '127.0.0.1', port: dns.port },
    });
    assert.deepEqual(cities(asId.data), before);
    // Pinned to those devices, not placed anew: our own API shows each location's device.
    const devicesOf = async (id: string) => {
      const ours = await call('GET', `/crawl/v1/measure/${id}`);
      assert.equal(ours.status, 200, ours.text);
      return ours.body;
    };
    const ran = ((await devicesOf(first.id)).results as Obj[]).map((r) => (r.device as Obj).device_id);
    assert.deepEqual(
      (await devicesOf(asId.id)).locations,
      ran.map((device_id) => ({ device_id, limit: 1 })),
    );
    // An http measurement's devices too, and the id given as a lone magic location.
    const web1 = await measure({
      type: 'http',
      target: '127.0.0.1',
      locations: [{ city: 'Tokyo' }],
      measurementOptions: { protocol: 'HTTP', port: webPort },
    });
    const asMagic = await measure({
      type: 'ping',
      target: '127.0.0.1',
      locations: [{ magic: web1.id }],
      measurementOptions: { packets: 1, protocol: 'TCP', port: tcpPort },
    });
    assert.deepEqual(cities(asMagic.data), ['Tokyo']);
    // Another key's measurement, or none: no probes.
    const other = await c.newKey();
    const foreign = await call(
      'POST',
      '/v1/measurements',
      { type: 'ping', target: '127.0.0.1', locations: first.id },
      {},
      other,
    );
    assert.equal(foreign.status, 422, foreign.text);
    assert.deepEqual(foreign.body, {
      error: {
        type: 'no_probes_found',
        message: `unprocessable: no measurement ${first.id} of this key ran on a device`,
      },
    });
  });

  test('rate-limit and credit headers count tests (probes), on the jobs-per-day quota', async () => {
    const { key, record } = await createApiKey(c.coordinator.store, { name: 'gp-limited' });
    assert.ok(!('error' in (await setKeyLimits(c.coordinator.store, record.id, { 'jobs-per-day': '5' }))));
    const request = {
      type: 'ping',
      target: '127.0.0.1',
      measurementOptions: { packets: 1, protocol: 'TCP', port: tcpPort },
    };
    // Two probes in Germany: 2 tests.
    const ok = await call(
      'POST',
      '/v1/measurements',
      { ...request, locations: [{ country: 'DE', limit: 3 }] },
      {},
      key,
    );
    assert.equal(ok.status, 202, ok.text);
    assert.equal(ok.body.probesCount, 2);
    const h = (name: string) => ok.headers.get(name);
    assert.deepEqual(
      [h('x-request-cost'), h('x-ratelimit-limit'), h('x-ratelimit-consumed'), h('x-ratelimit-remaining')],
      ['2', '5', '2', '3'],
    );
    const reset = Number(h('x-ratelimit-reset'));
    assert.ok(reset > 0 && reset <= 86_400, `reset ${reset}`);
    assert.equal(h('x-credits-consumed'), null);

    // Four probes anywhere: 4 tests, more than the 3 left.
    const over = await call('POST', '/v1/measurements', { ...request, limit: 4 }, {}, key);
    assert.equal(over.status, 429, over.text);
    assert.equal((over.body.error as Obj).type, 'too_many_requests');
    const o = (name: string) => over.headers.get(name);
    assert.deepEqual(
      [
        o('x-request-cost'),
        o('x-ratelimit-limit'),
        o('x-ratelimit-consumed'),
        o('x-ratelimit-remaining'),
        o('x-credits-consumed'),
        o('x-credits-remaining'),
      ],
      ['4', '5', '0', '3', '0', '0'],
    );
    const limits = await client(key).getLimits();
    const create = limits.data.rateLimit.measurements.create;
    assert.deepEqual([create.type, create.limit, create.remaining], ['user', 5, 3]);

    // A key without the quota: unlimited, as numbers; the cost is still the probes.
    const free = await call('POST', '/v1/measurements', { ...request, limit: 3 });
    assert.equal(free.status, 202, free.text);
    assert.equal(free.headers.get('x-request-cost'), '3');
    assert.equal(free.headers.get('x-ratelimit-consumed'), '3');
    assert.equal(free.headers.get('x-ratelimit-limit'), String(Number.MAX_SAFE_INTEGER));
  });

  test('ETag and If-None-Match: 304 while nothing changed, on measurements and probes', async () => {
    const { id } = await measure({
      type: 'dns',
      target: 'www.lab.test',
      measurementOptions: { resolver: '127.0.0.1', port: dns.port },
    });
    const first = await call('GET', `/v1/measurements/${id}`);
    assert.equal(first.status, 200);
    const tag = first.headers.get('etag');
    assert.match(tag ?? '', /^W\/"[A-Za-z0-9_-]+"$/);
    const same = await call('GET', `/v1/measurements/${id}`, undefined, { 'if-none-match': tag ?? '' });
    assert.equal(same.status, 304);
    assert.equal(same.text, '');
    assert.equal(same.headers.get('etag'), tag);
    // A strong form of the same tag and a list holding it match too (weak comparison).
    const strong = (tag ?? '').replace(/^W\//, '');
    const listed = await call('GET', `/v1/measurements/${id}`, undefined, {
      'if-none-match': `"other", ${strong}`,
    });
    assert.equal(listed.status, 304);
    const changed = await call('GET', `/v1/measurements/${id}`, undefined, { 'if-none-match': 'W/"other"' });
    assert.equal(changed.status, 200);
    assert.deepEqual(changed.body, first.body);

    const probes = await call('GET', '/v1/probes');
    const probesTag = probes.headers.get('etag') ?? '';
    assert.equal((await call('GET', '/v1/probes', undefined, { 'if-none-match': probesTag })).status, 304);
  });
});
