// The Globalping-compatible facade: requests in Globalping's documented shape run on real agents
// (loopback lab targets), and every answer validates against a JSON Schema of Globalping's
// documented result shape (test/fixtures/globalping/measurement-response.schema.json).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ApiClient } from '../helpers/client.js';
import { ROOT, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';
import { measureToolsNeed } from '../helpers/needs.js';
import { openSse } from '../helpers/sse-client.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => Ajv2020;
// traceroute and mtr need the tools: skipped with the reason where missing, failing under CI.
const need = await measureToolsNeed();
const schema = JSON.parse(
  readFileSync(path.join(ROOT, 'test/fixtures/globalping/measurement-response.schema.json'), 'utf8'),
) as object;

describe('Globalping-compatible facade', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let dns: LabDnsServer;
  let server: net.Server;
  let port: number;
  const stops: Array<() => Promise<void>> = [];
  const validate = addFormats(new Ajv2020({ strict: false, allErrors: true })).compile(schema);

  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    dns = await startLabDns({ 'www.lab.test': [{ type: 'A', ttl: 120, address: '192.0.2.7' }] });
    server = net.createServer((s) => s.end()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as net.AddressInfo).port;
    stops.push(await startMeasureAgent(c, { deviceId: 'gp-de-1', country: 'DE' }));
    stops.push(await startMeasureAgent(c, { deviceId: 'gp-de-2', country: 'DE' }));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
    server?.close();
  });

  function assertValid(body: unknown): void {
    assert.ok(validate(body), JSON.stringify(validate.errors, null, 1));
  }

  /** Posts a Globalping request, checks its 202, waits for the measurement to finish, GETs it. */
  async function run(request: Obj): Promise<Obj> {
    const res = await api.request('POST', '/v1/measurements', request);
    assert.equal(res.status, 202, res.text);
    const { id, probesCount } = res.body as Obj;
    assert.equal(typeof probesCount, 'number');
    // Whatever state the first poll finds, it is in Globalping's shape.
    const early = await api.request('GET', `/v1/measurements/${id}`);
    assert.equal(early.status, 200, early.text);
    assertValid(early.body);
    const stream = await openSse(`${c.url}/crawl/v1/measure/${id}/events`, c.apiKey);
    while (await stream.next()) {
      // read until the stream ends after measurement.completed
    }
    stream.close();
    const got = await api.request('GET', `/v1/measurements/${id}`);
    assert.equal(got.status, 200, got.text);
    assertValid(got.body);
    const body = got.body as Obj;
    assert.equal(body.status, 'finished');
    assert.equal(body.probesCount, probesCount);
    return body;
  }

  test('dns: a documented request, two probes in a continent, answers with TTLs', async () => {
    const body = await run({
      type: 'dns',
      target: 'www.lab.test',
      locations: [{ continent: 'EU', limit: 2 }],
      measurementOptions: { query: { type: 'A' }, resolver: '127.0.0.1', port: dns.port, protocol: 'UDP' },
    });
    const results = body.results as Obj[];
    assert.equal(results.length, 2);
    for (const item of results) {
      const probe = item.probe as Obj;
      assert.equal(probe.country, 'DE');
      assert.equal(probe.continent, 'EU');
      const r = item.result as Obj;
      assert.equal(r.status, 'finished');
      assert.equal(r.statusCode, 0);
      assert.equal(r.statusCodeName, 'NOERROR');
      assert.deepEqual(r.answers, [
        { name: 'www.lab.test', type: 'A', ttl: 120, class: 'IN', value: '192.0.2.7' },
      ]);
    }
  });

  test('ping over TCP: stats and per-packet timings', async () => {
    const body = await run({
      type: 'ping',
      target: '127.0.0.1',
      limit: 1,
      measurementOptions: { packets: 2, protocol: 'TCP', port },
    });
    const r = (body.results as Obj[])[0]?.result as Obj;
    assert.equal(r.status, 'finished');
    assert.equal(r.resolvedAddress, '127.0.0.1');
    assert.deepEqual(
      { ...(r.stats as Obj), min: 0, avg: 0, max: 0 },
      {
        min: 0,
        avg: 0,
        max: 0,
        total: 2,
        rcv: 2,
        drop: 0,
        loss: 0,
      },
    );
    assert.equal((r.timings as Obj[]).length, 2);
  });

  for (const [type, method] of [
    ['traceroute', 'MEASURE_TRACEROUTE_UDP'],
    ['mtr', 'MEASURE_MTR_UDP'],
  ] as const) {
    test(`${type}: hops to the target`, { skip: need.skip(method) }, async () => {
      const body = await run({ type, target: '127.0.0.1', measurementOptions: { protocol: 'UDP' } });
      const r = (body.results as Obj[])[0]?.result as Obj;
      assert.equal(r.status, 'finished', JSON.stringify(r));
      const hops = r.hops as Obj[];
      assert.ok(hops.length >= 1);
      assert.equal(hops.at(-1)?.resolvedAddress, '127.0.0.1');
    });
  }

  test('what this network does not do answers in Globalping’s error shape', async () => {
    const cases: Array<[Obj, number, string, string]> = [
      [
        { type: 'tls', target: 'x.test' },
        400,
        'validation_error',
        'invalid request: type must be one of ping, traceroute, dns, mtr, http',
      ],
      [
        { type: 'ping', target: 'x.test', locations: [{ state: 'CA' }] },
        400,
        'validation_error',
        'invalid request: locations[0].state is not supported here (devices report no US state)',
      ],
      [
        { type: 'dns', target: 'x.test', measurementOptions: { trace: true } },
        400,
        'validation_error',
        'invalid request: measurementOptions.trace is not supported here',
      ],
      [
        { type: 'ping', target: 'x.test', locations: [{ country: 'JP' }] },
        422,
        'no_probes_found',
        'unprocessable: no connected device can run this measurement from the locations given',
      ],
    ];
    for (const [request, status, type, message] of cases) {
      const res = await api.request('POST', '/v1/measurements', request);
      assert.equal(res.status, status, res.text);
      assert.deepEqual(res.body, { error: { type, message } });
    }
    const missing = await api.request('GET', '/v1/measurements/3b241101-e2bb-4255-8caf-4136c566a962');
    assert.equal(missing.status, 404);
    assert.equal(((missing.body as Obj).error as Obj).type, 'not_found');
    const anon = await new ApiClient(c.url, null).request('GET', '/v1/measurements/x');
    assert.equal(anon.status, 401);
    assert.equal(((anon.body as Obj).error as Obj).type, 'unauthorized');
  });
});
