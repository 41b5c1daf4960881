// DNS measurements read the whole answer: every record's TTL, DNS over TCP as a method of its own
// (MEASURE_DNS_TCP), a truncated UDP answer asked again over TCP, answers that are not the answer
// to the query ignored, the device's own resolvers asked in order. Against the lab DNS server
// (test/helpers/dns-server.ts: UDP and TCP on one port, each query recorded with its transport),
// through the executor, then end to end through the measurement API and the Globalping facade with
// a real coordinator and real agents.
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import nodeDns from 'node:dns';
import { once } from 'node:events';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { MeasureExecutor } from '../../agent/executors/measure/executor.js';
import { probeMeasureTools } from '../../agent/executors/measure/probe.js';
import type { ExecOutcome, ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import {
  MeasureProtocol,
  type MeasureRequest,
  MeasureType,
  measureMethod,
  measureProtocolName,
  measureUrl,
} from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type LabDnsServer, type LabRecord, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';
import { openSse } from '../helpers/sse-client.js';

const silent = pino({ level: 'silent' });
const labPolicy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8', '::1/128'] });

const ZONE: Record<string, LabRecord[]> = {
  'lab.test': [
    { type: 'A', ttl: 300, address: '192.0.2.10' },
    { type: 'MX', ttl: 3600, priority: 10, exchange: 'mx.lab.test' },
    { type: 'TXT', ttl: 120, text: ['v=spf1 -all', 'second "chunk"'] },
    { type: 'NS', ttl: 86400, target: 'ns1.lab.test' },
    {
      type: 'SOA',
      ttl: 900,
      mname: 'ns1.lab.test',
      rname: 'hostmaster.lab.test',
      serial: 2024060101,
      refresh: 7200,
      retry: 900,
      expire: 1209600,
      minimum: 300,
    },
    { type: 'CAA', ttl: 600, flags: 0, tag: 'issue', value: 'ca.example.net' },
  ],
  'www.lab.test': [{ type: 'CNAME', ttl: 60, target: 'edge.lab.test' }],
  'edge.lab.test': [
    { type: 'A', ttl: 20, address: '192.0.2.20' },
    { type: 'A', ttl: 20, address: '192.0.2.21' },
  ],
  'big.lab.test': [{ type: 'A', ttl: 45, address: '192.0.2.30' }],
};

let counter = 0;
function dnsJob(server: number, target: string, recordType: string, over: Partial<MeasureRequest> = {}) {
  const measure: MeasureRequest = {
    type: MeasureType.MEASURE_TYPE_DNS,
    target,
    recordType,
    resolver: '127.0.0.1',
    resolverPort: server,
    ...over,
  };
  const protocol = measureProtocolName('dns', measure.protocol);
  assert.ok(protocol);
  const method = measureMethod('dns', protocol);
  assert.ok(method, `a method for dns over ${protocol}`);
  const req: ExecRequest = {
    jobId: `dns-${++counter}`,
    attempt: 1,
    method,
    url: measureUrl('dns', target),
    timeoutMs: 20_000,
    headers: [],
    body: Buffer.alloc(0),
    cookies: [],
    sessionId: '',
    deviceType: 'server',
    measure,
  };
  return req;
}
const ctx = () => ({ signal: new AbortController().signal, log: silent });
const raw = (o: ExecOutcome) => o.content.body?.toString('utf8') ?? '';
const answersOf = (o: ExecOutcome) =>
  (o.measure?.dns?.answers ?? []).map((a) => [a.name, a.type, a.ttl, a.hasTtl, a.value]);

describe('DNS measurements on the wire', () => {
  let lab: MeasureExecutor;
  let dns: LabDnsServer;
  const servers: LabDnsServer[] = [];
  before(async () => {
    lab = new MeasureExecutor({ policy: labPolicy, tools: await probeMeasureTools(['/nonexistent']) });
    dns = await startLabDns(ZONE, { truncateUdp: ['big.lab.test'] });
    servers.push(dns);
  });
  after(async () => {
    await lab.close();
    for (const s of servers) await s.close();
  });
  const since = (n: number) => dns.queries.slice(n).map((q) => `${q.transport} ${q.name} ${q.type}`);

  it('every device offers DNS over TCP beside UDP', () => {
    assert.ok(lab.methods.includes('MEASURE_DNS_UDP'));
    assert.ok(lab.methods.includes('MEASURE_DNS_TCP'));
  });

  it('MX and TXT answers carry the TTLs the server sent', async () => {
    const mx = await lab.execute(dnsJob(dns.port, 'lab.test', 'MX'), ctx());
    assert.equal(mx.errorMessage, '');
    assert.deepEqual(answersOf(mx), [['lab.test', 'MX', 3600, true, '10 mx.lab.test']]);
    assert.match(raw(mx), /^lab\.test\.\t3600\tIN\tMX\t10 mx\.lab\.test$/m);
    const txt = await lab.execute(dnsJob(dns.port, 'lab.test', 'TXT'), ctx());
    assert.deepEqual(answersOf(txt), [['lab.test', 'TXT', 120, true, '"v=spf1 -all" "second \\"chunk\\""']]);
  });

  it('NS, SOA and CAA answers carry their TTLs, in presentation form', async () => {
    const got: Record<string, unknown> = {};
    for (const type of ['NS', 'SOA', 'CAA']) {
      const o = await lab.execute(dnsJob(dns.port, 'lab.test', type), ctx());
      assert.equal(o.measure?.dns?.status, 'NOERROR', o.errorMessage);
      got[type] = answersOf(o);
    }
    assert.deepEqual(got, {
      NS: [['lab.test', 'NS', 86400, true, 'ns1.lab.test']],
      SOA: [
        ['lab.test', 'SOA', 900, true, 'ns1.lab.test hostmaster.lab.test 2024060101 7200 900 1209600 300'],
      ],
      CAA: [['lab.test', 'CAA', 600, true, '0 issue "ca.example.net"']],
    });
  });

  it('a CNAME: the answers are the records of the type asked, under their own name; the raw output shows the chain', async () => {
    const o = await lab.execute(dnsJob(dns.port, 'www.lab.test', 'A'), ctx());
    assert.equal(o.measure?.dns?.status, 'NOERROR', o.errorMessage);
    assert.deepEqual(answersOf(o), [
      ['edge.lab.test', 'A', 20, true, '192.0.2.20'],
      ['edge.lab.test', 'A', 20, true, '192.0.2.21'],
    ]);
    assert.match(
      raw(o),
      /;; status: NOERROR, answers: 3, .*\nwww\.lab\.test\.\t60\tIN\tCNAME\tedge\.lab\.test\n/,
    );
    const cname = await lab.execute(dnsJob(dns.port, 'www.lab.test', 'CNAME'), ctx());
    assert.deepEqual(answersOf(cname), [['www.lab.test', 'CNAME', 60, true, 'edge.lab.test']]);
  });

  it('protocol tcp: the query goes over TCP and answers as over UDP', async () => {
    const before = dns.queries.length;
    const udp = await lab.execute(dnsJob(dns.port, 'lab.test', 'MX'), ctx());
    const tcp = await lab.execute(
      dnsJob(dns.port, 'lab.test', 'MX', { protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP }),
      ctx(),
    );
    assert.deepEqual(since(before), ['udp lab.test MX', 'tcp lab.test MX']);
    assert.equal(tcp.errorMessage, '');
    assert.deepEqual(answersOf(tcp), answersOf(udp));
    assert.equal(tcp.measure?.protocol, MeasureProtocol.MEASURE_PROTOCOL_TCP);
    assert.equal(tcp.measure?.dns?.protocol, 'tcp');
    assert.equal(udp.measure?.dns?.protocol, 'udp');
    assert.match(raw(tcp), /^;; lab\.test IN MX via 127\.0\.0\.1:\d+ \(tcp\)$/m);
  });

  it('a truncated UDP answer is asked again over TCP, and the result says so', async () => {
    const before = dns.queries.length;
    const o = await lab.execute(dnsJob(dns.port, 'big.lab.test', 'A'), ctx());
    assert.deepEqual(since(before), ['udp big.lab.test A', 'tcp big.lab.test A']);
    assert.equal(o.success, true, o.errorMessage);
    assert.deepEqual(answersOf(o), [['big.lab.test', 'A', 45, true, '192.0.2.30']]);
    // Asked over UDP (the method), answered over TCP.
    assert.equal(o.measure?.protocol, MeasureProtocol.MEASURE_PROTOCOL_UDP);
    assert.equal(o.measure?.dns?.protocol, 'tcp');
    assert.match(raw(o), /\(udp\)\n;; Truncated, retrying in TCP mode\.\n;; status: NOERROR, .*over tcp\n/);
  });

  it('answers that are not the answer to the query (another id, another question) are ignored', async () => {
    const spoofed = await startLabDns(ZONE, { strays: true });
    servers.push(spoofed);
    const o = await lab.execute(dnsJob(spoofed.port, 'lab.test', 'A'), ctx());
    assert.equal(o.errorMessage, '');
    assert.deepEqual(
      o.measure?.dns?.answers?.map((a) => a.value),
      ['192.0.2.10'],
    );
    assert.doesNotMatch(raw(o), /203\.0\.113\.66/);
  });

  it('a server that does not know EDNS (FORMERR) is asked again without it', async () => {
    const old = await startLabDns(ZONE, { noEdns: true });
    servers.push(old);
    const o = await lab.execute(dnsJob(old.port, 'lab.test', 'A'), ctx());
    assert.equal(o.measure?.dns?.status, 'NOERROR', o.errorMessage);
    assert.deepEqual(
      old.queries.map((q) => q.edns),
      [true, false],
    );
    assert.match(raw(o), /retrying without EDNS/);
  });

  it('over TCP: an answer that does not match, or no answer before the close, fails the query at once', async () => {
    // A hostile server: a full-size message of junk, then more, never closing.
    const junk = net.createServer((s) => {
      s.on('error', () => {});
      s.once('data', () => {
        const frame = Buffer.alloc(2 + 65_535, 0xff);
        frame.writeUInt16BE(65_535, 0);
        s.write(frame);
        s.write(Buffer.alloc(65_535, 0xee));
      });
    });
    const closing = net.createServer((s) => s.once('data', () => s.end()));
    for (const s of [junk, closing]) {
      s.listen(0, '127.0.0.1');
      await once(s, 'listening');
    }
    try {
      const tcp = { protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP };
      const t0 = Date.now();
      const bad = await lab.execute(
        dnsJob((junk.address() as net.AddressInfo).port, 'lab.test', 'A', tcp),
        ctx(),
      );
      assert.equal(bad.errorType, 'dns');
      assert.match(
        bad.errorMessage,
        /^DNS query failed: BADRESP \(the answer over TCP does not match the query\) from 127\.0\.0\.1:\d+$/,
      );
      const closed = await lab.execute(
        dnsJob((closing.address() as net.AddressInfo).port, 'lab.test', 'A', tcp),
        ctx(),
      );
      assert.equal(closed.errorType, 'dns');
      assert.match(closed.errorMessage, /CLOSED/);
      // Neither waited for the 5 s query timeout.
      assert.ok(Date.now() - t0 < 4_000, `${Date.now() - t0} ms`);
    } finally {
      junk.close();
      closing.close();
    }
  });

  describe("the device's own resolvers", () => {
    const saved = nodeDns.getServers();
    after(() => nodeDns.setServers(saved));

    it('are asked in order: the next one after a refusal or a timeout', async () => {
      const quiet = dgram.createSocket('udp4');
      quiet.bind(0, '127.0.0.1');
      await once(quiet, 'listening');
      // A port nobody listens on: the kernel refuses at once (ICMP port unreachable).
      const closed = dgram.createSocket('udp4');
      closed.bind(0, '127.0.0.1');
      await once(closed, 'listening');
      const closedPort = closed.address().port;
      await new Promise<void>((r) => closed.close(() => r()));
      try {
        const order = [
          `127.0.0.1:${closedPort}`,
          `127.0.0.1:${quiet.address().port}`,
          `127.0.0.1:${dns.port}`,
        ];
        nodeDns.setServers(order);
        const before = dns.queries.length;
        const t0 = Date.now();
        const o = await lab.execute(
          dnsJob(0, 'lab.test', 'MX', { resolver: 'system', resolverPort: 0 }),
          ctx(),
        );
        const tookMs = Date.now() - t0;
        assert.equal(o.errorMessage, '');
        assert.deepEqual(answersOf(o), [['lab.test', 'MX', 3600, true, '10 mx.lab.test']]);
        assert.equal(o.measure?.dns?.resolver, `system (${order.join(', ')})`);
        assert.deepEqual(o.network?.resolvers, order);
        assert.deepEqual(since(before), ['udp lab.test MX']);
        // The silent one was given its 5 s; the refusing one none.
        assert.ok(tookMs >= 4_900 && tookMs < 9_000, `${tookMs} ms`);
      } finally {
        quiet.close();
      }
    });
  });
});

describe('DNS over TCP through the API and the Globalping facade', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let dns: LabDnsServer;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    dns = await startLabDns(ZONE);
    stops.push(await startMeasureAgent(c, { deviceId: 'dns-tcp-1', country: 'DE' }));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
  });

  async function finished(id: string): Promise<void> {
    const stream = await openSse(`${c.url}/crawl/v1/measure/${id}/events`, c.apiKey);
    while (await stream.next()) {
      // read until the stream ends after measurement.completed
    }
    stream.close();
  }

  it('POST /crawl/v1/measure/new with protocol tcp runs MEASURE_DNS_TCP over TCP', async () => {
    const before = dns.queries.length;
    const res = await api.request('POST', '/crawl/v1/measure/new', {
      type: 'dns',
      target: 'lab.test',
      record_type: 'TXT',
      protocol: 'tcp',
      resolver: '127.0.0.1',
      resolver_port: dns.port,
    });
    assert.equal(res.status, 201, res.text);
    const created = res.body as Obj;
    await finished(String(created.id));
    const got = await api.request('GET', `/crawl/v1/measure/${created.id}`);
    const view = got.body as Obj;
    assert.equal((view.options as Obj).protocol, 'tcp');
    const r = ((view.results as Obj[])[0] as Obj).result as Obj;
    assert.equal(r.success, true, String(r.error_message));
    assert.equal(r.protocol, 'tcp');
    const d = r.dns as Obj;
    assert.equal(d.protocol, 'tcp');
    assert.deepEqual(d.answers, [
      { name: 'lab.test', type: 'TXT', ttl: 120, value: '"v=spf1 -all" "second \\"chunk\\""' },
    ]);
    assert.deepEqual(
      dns.queries.slice(before).map((q) => [q.transport, q.name, q.type]),
      [['tcp', 'lab.test', 'TXT']],
    );
    const job = await api.request('GET', `/crawl/v1/jobs/${(created.job_ids as string[])[0]}/detail`);
    assert.equal(((job.body as Obj).job as Obj).method, 'MEASURE_DNS_TCP', job.text);
  });

  it("Globalping's measurementOptions.protocol TCP, answers with their TTLs", async () => {
    const before = dns.queries.length;
    const res = await api.request('POST', '/v1/measurements', {
      type: 'dns',
      target: 'lab.test',
      measurementOptions: { query: { type: 'MX' }, resolver: '127.0.0.1', port: dns.port, protocol: 'TCP' },
    });
    assert.equal(res.status, 202, res.text);
    const id = String((res.body as Obj).id);
    await finished(id);
    const got = await api.request('GET', `/v1/measurements/${id}`);
    const r = ((got.body as Obj).results as Obj[])[0]?.result as Obj;
    assert.equal(r.status, 'finished', JSON.stringify(r));
    assert.deepEqual(r.answers, [
      { name: 'lab.test', type: 'MX', ttl: 3600, class: 'IN', value: '10 mx.lab.test' },
    ]);
    assert.deepEqual(
      dns.queries.slice(before).map((q) => q.transport),
      ['tcp'],
    );
  });
});
