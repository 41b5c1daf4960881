// Measurements end to end: POST /crawl/v1/measure/new fans out into one job per device through
// real agents (in this process, real WebSocket links) that run the real measurement executor;
// GET /crawl/v1/measure/{id} answers per device as results arrive, and measurement.completed
// ends the measurement's event stream. Targets are loopback lab targets: a DNS server written
// for the tests and a local TCP port.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { MeasureType } from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { openSse } from '../helpers/sse-client.js';

const NOT_FOUND = 'not found: job does not exist or you are not authorized to view it';

describe('measurement API with real agents', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let dns: LabDnsServer;
  let port: number;
  let server: net.Server;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    dns = await startLabDns({
      'www.lab.test': [{ type: 'A', ttl: 300, address: '192.0.2.10' }],
      'mail.lab.test': [{ type: 'MX', ttl: 60, priority: 10, exchange: 'mx.lab.test' }],
    });
    server = net.createServer((s) => s.end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
    // Five lab devices in France, one in Germany, and one in Brazil without the lab allowance.
    for (let i = 1; i <= 5; i++)
      stops.push(await startMeasureAgent(c, { deviceId: `fr-${i}`, country: 'FR' }));
    stops.push(await startMeasureAgent(c, { deviceId: 'de-1', country: 'DE' }));
    stops.push(await startMeasureAgent(c, { deviceId: 'br-strict', country: 'BR', lab: false }));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
    server?.close();
  });

  /** Creates a measurement and waits for measurement.completed on its stream; returns the GET. */
  async function measure(body: Obj): Promise<{ created: Obj; view: Obj; event: Obj }> {
    const res = await api.request('POST', '/crawl/v1/measure/new', body);
    assert.equal(res.status, 201, res.text);
    const created = res.body as Obj;
    const stream = await openSse(`${c.url}/crawl/v1/measure/${created.id}/events`, c.apiKey);
    assert.equal(stream.status, 200, stream.text);
    let event: Obj | null = null;
    for (let ev = await stream.next(); ev; ev = await stream.next()) {
      const data = JSON.parse(ev.data) as Obj;
      if (data.type === 'measurement.completed') event = data;
    }
    stream.close();
    assert.ok(event, 'the stream ends with measurement.completed');
    const got = await api.request('GET', `/crawl/v1/measure/${created.id}`);
    assert.equal(got.status, 200, got.text);
    return { created, view: got.body as Obj, event };
  }

  test('DNS against the lab server, from a device in the location asked', async () => {
    const { created, view, event } = await measure({
      type: 'dns',
      target: 'www.lab.test',
      resolver: '127.0.0.1',
      resolver_port: dns.port,
      locations: [{ country: 'DE' }],
    });
    assert.equal(created.total_devices, 1);
    assert.equal(view.status, 'finished');
    assert.equal(view.type, 'dns');
    assert.deepEqual(view.options, {
      protocol: 'udp',
      record_type: 'A',
      resolver: '127.0.0.1',
      resolver_port: dns.port,
      timeout_sec: 30,
    });
    const entry = (view.results as Obj[])[0] as Obj;
    assert.equal(entry.status, 'completed');
    assert.equal((entry.device as Obj).device_id, 'de-1');
    assert.equal((entry.device as Obj).country, 'DE');
    const r = entry.result as Obj;
    assert.equal(r.success, true, String(r.error_message));
    const d = r.dns as Obj;
    assert.equal(d.status, 'NOERROR');
    assert.equal(d.resolver, `127.0.0.1:${dns.port}`);
    assert.deepEqual(d.answers, [{ name: 'www.lab.test', type: 'A', ttl: 300, value: '192.0.2.10' }]);
    assert.match(String(r.raw_output), /192\.0\.2\.10/);
    assert.ok(dns.queries.some((q) => q.name === 'www.lab.test' && q.type === 'A'));
    // The event carries the measurement as GET shows it.
    assert.equal(((event.data as Obj).measurement as Obj).id, created.id);
  });

  test('limit 3 in a location of 5 devices: 3 distinct devices, each with its TCP ping', async () => {
    const { created, view } = await measure({
      type: 'ping',
      protocol: 'tcp',
      target: '127.0.0.1',
      port,
      packets: 2,
      locations: [{ country: 'FR', limit: 3 }],
    });
    assert.equal(created.total_devices, 3);
    const results = view.results as Obj[];
    assert.equal(results.length, 3);
    const devices = results.map((e) => (e.device as Obj).device_id as string);
    assert.equal(new Set(devices).size, 3, `distinct devices: ${devices.join(', ')}`);
    for (const id of devices) assert.match(id, /^fr-\d$/);
    for (const e of results) {
      const r = e.result as Obj;
      assert.equal(r.success, true, String(r.error_message));
      assert.equal(r.address, '127.0.0.1');
      const p = r.ping as Obj;
      assert.equal(p.sent, 2);
      assert.equal(p.received, 2);
      assert.equal(p.loss_percent, 0);
    }
  });

  test('locations never share a device: a limit over the devices a location has makes fewer jobs', async () => {
    const { created, view } = await measure({
      type: 'ping',
      protocol: 'tcp',
      target: '127.0.0.1',
      port,
      packets: 1,
      locations: [{ region: 'EU', limit: 10 }, { country: 'DE' }],
    });
    // EU has six devices; the German one goes to its own location (more specific, placed first).
    assert.equal(created.total_devices, 6);
    const results = view.results as Obj[];
    const devices = results.map((e) => (e.device as Obj).device_id as string);
    assert.equal(new Set(devices).size, 6);
    assert.deepEqual(
      results.filter((e) => e.location === 1).map((e) => (e.device as Obj).device_id),
      ['de-1'],
    );
  });

  test('a private target is refused by a device without the lab allowance', async () => {
    const { view } = await measure({
      type: 'ping',
      protocol: 'tcp',
      target: '127.0.0.1',
      port,
      locations: [{ country: 'BR' }],
    });
    const entry = (view.results as Obj[])[0] as Obj;
    assert.equal(entry.status, 'completed');
    const r = entry.result as Obj;
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'blocked');
    assert.equal((entry.device as Obj).device_id, 'br-strict');
  });

  test('bad requests answer the exact messages; another owner sees 404', async () => {
    const bad: Array<[unknown, string]> = [
      [[], 'invalid request: body must be a JSON object'],
      [{ target: 'x.test' }, 'invalid request: type must be one of dns, ping, traceroute, mtr, tls'],
      [
        { type: 'http', target: 'x.test' },
        'invalid request: type must be one of dns, ping, traceroute, mtr, tls',
      ],
      [{ type: 'dns' }, 'invalid request: target is required'],
      [{ type: 'dns', target: 'bad host!' }, 'invalid request: target must be a host name or an IP address'],
      [{ type: 'dns', target: 'x.test', extra: 1 }, 'invalid request: extra is not a known field'],
      [
        { type: 'dns', target: 'x.test', protocol: 'icmp' },
        'invalid request: protocol must be one of udp, tcp for dns',
      ],
      [
        { type: 'tls', target: 'x.test', protocol: 'icmp' },
        'invalid request: protocol must be one of tcp for tls',
      ],
      [
        { type: 'ping', target: 'x.test', packets: 17 },
        'invalid request: packets must be an integer from 1 to 16',
      ],
      [
        { type: 'traceroute', target: 'x.test', packets: 4 },
        'invalid request: packets must be an integer from 1 to 3',
      ],
      [
        { type: 'mtr', target: 'x.test', max_hops: 33 },
        'invalid request: max_hops must be an integer from 1 to 32',
      ],
      [
        { type: 'dns', target: 'x.test', packets: 2 },
        'invalid request: packets does not apply to dns (only to ping, traceroute, mtr)',
      ],
      [
        { type: 'ping', target: 'x.test', port: 80 },
        'invalid request: port does not apply to ping over icmp',
      ],
      [
        { type: 'dns', target: 'x.test', record_type: 'PTR' },
        'invalid request: record_type must be one of A, AAAA, CNAME, MX, NS, TXT, SOA, CAA',
      ],
      [
        { type: 'dns', target: 'x.test', resolver: 'dns.google' },
        "invalid request: resolver must be 'system' or an IP address",
      ],
      [
        { type: 'tls', target: 'x.test', server_name: '10.0.0.1' },
        'invalid request: server_name must be a host name',
      ],
      [{ type: 'dns', target: 'x.test', ip_version: 5 }, 'invalid request: ip_version must be 4 or 6'],
      [
        { type: 'dns', target: 'x.test', locations: [] },
        'invalid request: locations must be an array of 1 to 50 placement objects',
      ],
      [
        { type: 'dns', target: 'x.test', locations: [{ country: 'DE', limit: 0 }] },
        'invalid request: locations[0].limit must be an integer from 1 to 100',
      ],
      [
        { type: 'dns', target: 'x.test', locations: [{ planet: 'mars' }] },
        'invalid request: locations[0].planet is not a known placement field',
      ],
      [
        { type: 'dns', target: 'x.test', locations: [{ country: 'XX' }] },
        'invalid request: locations[0].country must be an ISO 3166-1 alpha-2 country code',
      ],
      [
        { type: 'dns', target: 'x.test', locations: [{ limit: 60 }, { limit: 60 }] },
        'invalid request: locations ask for 120 devices; a measurement has at most 100',
      ],
      [
        { type: 'dns', target: 'x.test', limit: 2, locations: [{ country: 'DE' }] },
        'invalid request: limit applies only without locations (give each location its limit)',
      ],
      [
        { type: 'dns', target: 'x.test', timeout_sec: 121 },
        'invalid request: timeout_sec must be an integer from 1 to 120',
      ],
    ];
    for (const [body, message] of bad) {
      const res = await api.request('POST', '/crawl/v1/measure/new', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body, message, JSON.stringify(body));
    }
    const none = await api.request('POST', '/crawl/v1/measure/new', {
      type: 'dns',
      target: 'x.test',
      locations: [{ country: 'JP' }],
    });
    assert.equal(none.status, 422);
    assert.equal(
      none.body,
      'unprocessable: no connected device can run this measurement from the locations given',
    );

    const res = await api.request('POST', '/crawl/v1/measure/new', {
      type: 'ping',
      protocol: 'tcp',
      target: '127.0.0.1',
      port,
      locations: [{ country: 'DE' }],
    });
    assert.equal(res.status, 201, res.text);
    const other = new ApiClient(c.url, await c.newKey());
    const foreign = await other.request('GET', `/crawl/v1/measure/${(res.body as Obj).id}`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body, NOT_FOUND);
    assert.equal((await api.request('GET', '/crawl/v1/measure/not-a-uuid')).body, NOT_FOUND);
  });
});

describe('measurement results from an untrusted device', () => {
  let c: TestCoordinator;
  let raw: RawAgent;
  before(async () => {
    c = await startTestCoordinator();
    raw = await RawAgent.connect(c.url, 'over-bounds', await c.newDevice('over-bounds'), {
      methods: ['MEASURE_DNS_UDP'],
      country: 'NL',
    });
  });
  after(async () => {
    raw?.close();
    await c?.stop();
  });

  test('a result over the bounds every agent keeps is refused and the device struck', async () => {
    const api = new ApiClient(c.url, c.apiKey);
    const res = await api.request('POST', '/crawl/v1/measure/new', { type: 'dns', target: 'example.com' });
    assert.equal(res.status, 201, res.text);
    const id = (res.body as Obj).id as string;
    const assign = (await raw.next('assign')).assign;
    assert.equal(assign?.request?.method, 'MEASURE_DNS_UDP');
    assert.equal(assign?.request?.url, 'dns://example.com');
    assert.equal(assign?.request?.measure?.target, 'example.com');
    const jobId = assign?.jobId ?? '';
    const answers = Array.from({ length: 65 }, (_, i) => ({
      name: 'example.com',
      type: 'A',
      value: `192.0.2.${i}`,
    }));
    raw.send({ accept: { jobId, attempt: assign?.attempt ?? 1 } });
    raw.send({
      result: {
        jobId,
        attempt: assign?.attempt ?? 1,
        success: true,
        measure: {
          type: MeasureType.MEASURE_TYPE_DNS,
          target: 'example.com',
          dns: { status: 'NOERROR', answers },
        },
      },
    });
    // Acked once stored.
    const ack = (await raw.next('ack')).ack;
    assert.equal(ack?.jobId, jobId);
    const view = (await api.request('GET', `/crawl/v1/measure/${id}`)).body as Obj;
    assert.equal(view.status, 'finished');
    const r = (view.results as Obj[])[0]?.result as Obj;
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'invalid_response');
    assert.equal(r.error_message, 'measurement result refused: more than 64 DNS answers');
    assert.equal(r.dns, undefined);
    const trust = await c.coordinator.store.trust.getDeviceTrust('over-bounds');
    assert.ok((trust?.strikes ?? 0) >= 1, JSON.stringify(trust));
  });
});
