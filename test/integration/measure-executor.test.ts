// The measurement executor against loopback lab targets with the real tools: DNS against a DNS
// server written in the test, TCP ping to a local port, ICMP ping, traceroute and mtr to 127.0.0.x
// (skipped with the reason when this machine lacks the tool or the capability; under CI=true a
// missing one fails the file: test/helpers/needs.ts), a TLS handshake with a local server, the
// network policy refusing what the lab allowance does not open, raw outputs that name nothing of
// the device, and a tool that cannot start failing its measurement instead of the executor.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import tls from 'node:tls';
import { pino } from 'pino';
import { MeasureExecutor } from '../../agent/executors/measure/executor.js';
import { type MeasureTools, probeMeasureTools } from '../../agent/executors/measure/probe.js';
import { DEVICE_PLACEHOLDER } from '../../agent/executors/measure/scrub.js';
import type { ExecContext, ExecOutcome, ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy, type Resolver } from '../../agent/policy/index.js';
import {
  type MeasureMethod,
  MeasureProtocol,
  type MeasureRequest,
  MeasureType,
  measureMethod,
  measureProtocolName,
  measureTypeName,
  measureUrl,
} from '../../proto/index.js';
import { deviceTraces } from '../helpers/device-traces.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import { measureToolsNeed } from '../helpers/needs.js';
import { TLS_CERT, TLS_KEY } from '../helpers/target-server.js';

const silent = pino({ level: 'silent' });
const { tools, skip: skipUnless } = await measureToolsNeed();

const resolver: Resolver = async (hostname) => {
  if (hostname === 'lab.test') return [{ address: '127.0.0.4', family: 4 }];
  if (hostname === 'inside.test') return [{ address: '192.168.1.10', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
const labPolicy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8', '::1/128'], resolver });
const hasV6Loopback = Object.values(networkInterfaces()).some((list) =>
  list?.some((a) => a.address === '::1'),
);
const strictPolicy = createNetworkPolicy({ resolver });

let counter = 0;
function job(measure: MeasureRequest, over: Partial<ExecRequest> = {}): ExecRequest {
  counter++;
  const type = measureTypeName(measure.type);
  assert.ok(type);
  const protocol = measureProtocolName(type, measure.protocol);
  assert.ok(protocol);
  const method = measureMethod(type, protocol);
  assert.ok(method);
  return {
    jobId: `measure-${counter}`,
    attempt: 1,
    method,
    url: measureUrl(type, measure.target ?? ''),
    timeoutMs: 20_000,
    headers: [],
    body: Buffer.alloc(0),
    cookies: [],
    sessionId: '',
    deviceType: 'server',
    measure,
    ...over,
  };
}
const ctx = (signal = new AbortController().signal): ExecContext => ({ signal, log: silent });
const raw = (o: ExecOutcome) => o.content.body?.toString('utf8') ?? '';
const ok = (o: ExecOutcome) => assert.equal(o.errorMessage, '', `the measurement failed: ${o.errorType}`);

describe('measurement executor', () => {
  let lab: MeasureExecutor;
  let dns: LabDnsServer;
  before(async () => {
    lab = new MeasureExecutor({ policy: labPolicy, tools, ca: [TLS_CERT] });
    dns = await startLabDns({
      'lab.test': [
        { type: 'A', ttl: 300, address: '192.0.2.10' },
        { type: 'A', ttl: 300, address: '192.0.2.11' },
        { type: 'AAAA', ttl: 120, address: '2001:db8::10' },
        { type: 'MX', ttl: 3600, priority: 10, exchange: 'mx.lab.test' },
        { type: 'TXT', ttl: 60, text: ['v=spf1 -all', 'second chunk'] },
      ],
      // Answers by where the query comes from, as a resolver that steers by region does.
      'geo.lab.test': [
        {
          type: 'A',
          ttl: 30,
          address: (source) => (source === '127.0.0.2' ? '198.51.100.2' : '198.51.100.1'),
        },
      ],
    });
  });
  after(async () => {
    await lab.close();
    await dns.close();
  });

  const dnsJob = (target: string, recordType: string, over: Partial<MeasureRequest> = {}) =>
    job({
      type: MeasureType.MEASURE_TYPE_DNS,
      target,
      recordType,
      resolver: '127.0.0.1',
      resolverPort: dns.port,
      ...over,
    });

  it('advertises DNS, TCP ping and TLS on any device', () => {
    for (const m of ['MEASURE_DNS_UDP', 'MEASURE_PING_TCP', 'MEASURE_TLS_TCP'])
      assert.ok(lab.methods.includes(m as MeasureMethod), `${m} is advertised`);
  });

  it('a device without the tools offers only what Node does, and says why', async () => {
    const bare = await probeMeasureTools(['/nonexistent']);
    assert.deepEqual([...bare.methods].sort(), [
      'MEASURE_DNS_TCP',
      'MEASURE_DNS_UDP',
      'MEASURE_PING_TCP',
      'MEASURE_TLS_TCP',
    ]);
    assert.equal(bare.missing.MEASURE_PING_ICMP, 'ping is not installed');
    assert.equal(bare.missing.MEASURE_MTR_TCP, 'mtr is not installed');
    const executor = new MeasureExecutor({ policy: labPolicy, tools: bare });
    const o = await executor.execute(
      job({ type: MeasureType.MEASURE_TYPE_PING, target: '127.0.0.1' }),
      ctx(),
    );
    assert.equal(o.errorType, 'blocked');
    assert.match(o.errorMessage, /MEASURE_PING_ICMP is not available on this device/);
  });

  it('DNS A and AAAA answers carry their TTLs; the resolver used is reported', async () => {
    const a = await lab.execute(dnsJob('lab.test', 'A'), ctx());
    ok(a);
    assert.equal(a.success, true);
    const d = a.measure?.dns;
    assert.equal(d?.status, 'NOERROR');
    assert.equal(d?.resolver, `127.0.0.1:${dns.port}`);
    assert.deepEqual(
      d?.answers?.map((x) => [x.value, x.ttl, x.hasTtl]),
      [
        ['192.0.2.10', 300, true],
        ['192.0.2.11', 300, true],
      ],
    );
    assert.deepEqual(a.network?.resolvers, [`127.0.0.1:${dns.port}`]);
    assert.match(raw(a), /lab\.test\.\t300\tIN\tA\t192\.0\.2\.10/);
    assert.equal(a.contentType, 'text/plain; charset=utf-8');

    const aaaa = await lab.execute(dnsJob('lab.test', 'AAAA'), ctx());
    assert.deepEqual(
      aaaa.measure?.dns?.answers?.map((x) => [x.value, x.ttl]),
      [['2001:db8::10', 120]],
    );
  });

  it('DNS MX and TXT answers in presentation form', async () => {
    const mx = await lab.execute(dnsJob('lab.test', 'MX'), ctx());
    assert.deepEqual(
      mx.measure?.dns?.answers?.map((x) => [x.type, x.value, x.hasTtl]),
      [['MX', '10 mx.lab.test', true]],
    );
    const txt = await lab.execute(dnsJob('lab.test', 'TXT'), ctx());
    assert.deepEqual(
      txt.measure?.dns?.answers?.map((x) => x.value),
      ['"v=spf1 -all" "second chunk"'],
    );
  });

  it('DNS NXDOMAIN and NODATA are results, not failures', async () => {
    const nx = await lab.execute(dnsJob('missing.lab.test', 'A'), ctx());
    assert.equal(nx.success, true);
    assert.equal(nx.measure?.dns?.status, 'NXDOMAIN');
    assert.deepEqual(nx.measure?.dns?.answers ?? [], []);
    const nodata = await lab.execute(dnsJob('geo.lab.test', 'MX'), ctx());
    assert.equal(nodata.measure?.dns?.status, 'NODATA');
  });

  it('DNS: an answer that depends on the source address follows the bound local address', async () => {
    const bound = new MeasureExecutor({ policy: labPolicy, tools, localAddress: '127.0.0.2' });
    const before = dns.queries.length;
    const fromDefault = await lab.execute(dnsJob('geo.lab.test', 'A'), ctx());
    const fromBound = await bound.execute(dnsJob('geo.lab.test', 'A'), ctx());
    assert.deepEqual(
      fromDefault.measure?.dns?.answers?.map((x) => x.value),
      ['198.51.100.1'],
    );
    assert.deepEqual(
      fromBound.measure?.dns?.answers?.map((x) => x.value),
      ['198.51.100.2'],
    );
    assert.deepEqual(
      dns.queries.slice(before).map((q) => q.source),
      ['127.0.0.1', '127.0.0.2'],
    );
    assert.equal(fromBound.network?.localAddress, '127.0.0.2');
  });

  it('DNS: a resolver that does not answer is a timeout, bounded by the job', async () => {
    const silentServer = await import('node:dgram').then((d) => d.createSocket('udp4'));
    silentServer.bind(0, '127.0.0.1');
    await once(silentServer, 'listening');
    try {
      const t0 = Date.now();
      const o = await lab.execute(
        dnsJob('lab.test', 'A', { resolverPort: silentServer.address().port }),
        ctx(),
      );
      // The job's own timeout is 20 s; c-ares gives up after its 5 s query timeout.
      assert.equal(o.success, false);
      assert.equal(o.errorType, 'timeout');
      assert.match(o.errorMessage, /TIMEOUT/);
      assert.ok(Date.now() - t0 < 15_000);
    } finally {
      silentServer.close();
    }
  });

  it('TCP ping: one handshake per packet to a local port, RTT statistics', async () => {
    const server = net.createServer((s) => s.destroy());
    let connections = 0;
    server.on('connection', () => connections++);
    server.listen(0, '127.0.0.4');
    await once(server, 'listening');
    const port = (server.address() as net.AddressInfo).port;
    try {
      const o = await lab.execute(
        job({
          type: MeasureType.MEASURE_TYPE_PING,
          protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
          target: 'lab.test',
          port,
          packets: 4,
        }),
        ctx(),
      );
      // lab.test resolves (once) to 127.0.0.4; the handshakes go to that pinned address.
      ok(o);
      const p = o.measure?.ping;
      assert.equal(p?.sent, 4);
      assert.equal(p?.received, 4);
      assert.equal(p?.lossPercent, 0);
      assert.equal(p?.rttsMs?.length, 4);
      assert.ok(
        (p?.minMs ?? -1) >= 0 && (p?.minMs ?? 0) <= (p?.avgMs ?? 0) && (p?.avgMs ?? 0) <= (p?.maxMs ?? 0),
      );
      assert.equal(o.measure?.address, '127.0.0.4');
      assert.equal(o.network?.connectedAddress, '127.0.0.4');
      assert.equal(connections, 4);
      assert.match(raw(o), /connected to 127\.0\.0\.4:\d+: seq=4 time=/);
    } finally {
      server.close();
    }
  });

  it('TCP ping to a closed port: every packet lost, still a measurement', async () => {
    const closed = net.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const o = await lab.execute(
      job({
        type: MeasureType.MEASURE_TYPE_PING,
        protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
        target: '127.0.0.1',
        port,
        packets: 2,
      }),
      ctx(),
    );
    assert.equal(o.success, true);
    assert.equal(o.measure?.ping?.received, 0);
    assert.equal(o.measure?.ping?.lossPercent, 100);
    assert.match(raw(o), /ECONNREFUSED/);
  });

  it('ICMP ping to 127.0.0.2 with the system ping', { skip: skipUnless('MEASURE_PING_ICMP') }, async () => {
    const o = await lab.execute(
      job({ type: MeasureType.MEASURE_TYPE_PING, target: '127.0.0.2', packets: 3 }),
      ctx(),
    );
    ok(o);
    const p = o.measure?.ping;
    assert.equal(p?.sent, 3);
    assert.equal(p?.received, 3);
    assert.equal(p?.rttsMs?.length, 3);
    assert.ok((p?.avgMs ?? 0) > 0);
    assert.match(raw(o), /64 bytes from 127\.0\.0\.2/);
    assert.match(o.measure?.tool ?? '', /ping/);
  });

  it('ICMP ping and traceroute to ::1', {
    skip:
      skipUnless('MEASURE_PING_ICMP') ||
      skipUnless('MEASURE_TRACEROUTE_UDP') ||
      (hasV6Loopback ? false : 'no IPv6 loopback (::1) on this machine'),
  }, async () => {
    const ping = await lab.execute(
      job({ type: MeasureType.MEASURE_TYPE_PING, target: '[::1]', packets: 2 }),
      ctx(),
    );
    ok(ping);
    assert.equal(ping.measure?.address, '::1');
    assert.equal(ping.measure?.ping?.received, 2);
    const trace = await lab.execute(
      job({
        type: MeasureType.MEASURE_TYPE_TRACEROUTE,
        protocol: MeasureProtocol.MEASURE_PROTOCOL_UDP,
        target: '::1',
        packets: 1,
        maxHops: 3,
      }),
      ctx(),
    );
    ok(trace);
    assert.deepEqual(
      trace.measure?.hops?.map((h) => [h.ttl, h.address, h.received]),
      [[1, '::1', 1]],
    );
  });

  it('ICMP ping by name: the tool is given the pinned address, not the name', {
    skip: skipUnless('MEASURE_PING_ICMP'),
  }, async () => {
    const o = await lab.execute(
      job({ type: MeasureType.MEASURE_TYPE_PING, target: 'lab.test', packets: 1 }),
      ctx(),
    );
    ok(o);
    assert.equal(o.measure?.address, '127.0.0.4');
    assert.match(raw(o), /^PING 127\.0\.0\.4 /);
    assert.doesNotMatch(raw(o), /lab\.test/);
  });

  it('the coordinator deadline stops a running ping at once', {
    skip: skipUnless('MEASURE_PING_ICMP'),
  }, async () => {
    const abort = new AbortController();
    const t0 = Date.now();
    const running = lab.execute(
      job({ type: MeasureType.MEASURE_TYPE_PING, target: '127.0.0.2', packets: 16 }),
      ctx(abort.signal),
    );
    setTimeout(() => abort.abort(new Error('deadline')), 300);
    const o = await running;
    assert.equal(o.success, false);
    assert.equal(o.errorType, 'timeout');
    // 16 packets take 8 s; the abort ends it well before.
    assert.ok(Date.now() - t0 < 4_000, `stopped after ${Date.now() - t0} ms`);
  });

  for (const [protocol, method] of [
    [MeasureProtocol.MEASURE_PROTOCOL_UDP, 'MEASURE_TRACEROUTE_UDP'],
    [MeasureProtocol.MEASURE_PROTOCOL_ICMP, 'MEASURE_TRACEROUTE_ICMP'],
    [MeasureProtocol.MEASURE_PROTOCOL_TCP, 'MEASURE_TRACEROUTE_TCP'],
  ] as const) {
    it(`traceroute (${method}) to 127.0.0.3`, { skip: skipUnless(method) }, async () => {
      const o = await lab.execute(
        job({
          type: MeasureType.MEASURE_TYPE_TRACEROUTE,
          protocol,
          target: '127.0.0.3',
          packets: 2,
          maxHops: 5,
        }),
        ctx(),
      );
      ok(o);
      const hops = o.measure?.hops ?? [];
      assert.equal(hops.length, 1);
      assert.equal(hops[0]?.ttl, 1);
      assert.equal(hops[0]?.address, '127.0.0.3');
      assert.equal(hops[0]?.sent, 2);
      assert.equal(hops[0]?.received, 2);
      assert.match(raw(o), /^traceroute to 127\.0\.0\.3/);
    });
  }

  it('mtr to 127.0.0.3', { skip: skipUnless('MEASURE_MTR_ICMP') }, async () => {
    const o = await lab.execute(
      job({ type: MeasureType.MEASURE_TYPE_MTR, target: '127.0.0.3', packets: 1, maxHops: 5 }),
      ctx(),
    );
    ok(o);
    const hops = o.measure?.hops ?? [];
    assert.equal(hops[0]?.address, '127.0.0.3');
    assert.equal(hops[0]?.sent, 1);
    assert.equal(hops[0]?.lossPercent, 0);
  });

  describe('what a measurement tells of the device', () => {
    // The device's "network": a source address of its own, as `--local-address` gives one.
    const BOUND = '127.0.0.23';
    const TARGET = '127.0.0.3';
    const bound = new MeasureExecutor({ policy: labPolicy, tools, localAddress: BOUND });
    const asPattern = (text: string) => text.replace(/[[\]]/g, '\\$&');
    const clean = (o: ExecOutcome) => {
      assert.deepEqual(deviceTraces(raw(o), BOUND, TARGET), [], raw(o));
      assert.deepEqual(deviceTraces(o.errorMessage, BOUND, TARGET), [], o.errorMessage);
    };

    it('ping: the bound source address is not in the raw output; the target is', {
      skip: skipUnless('MEASURE_PING_ICMP'),
    }, async () => {
      const o = await bound.execute(
        job({ type: MeasureType.MEASURE_TYPE_PING, target: TARGET, packets: 1 }),
        ctx(),
      );
      ok(o);
      clean(o);
      // iputils says where it sends from when bound: that part names the placeholder now.
      assert.match(
        raw(o),
        new RegExp(`^PING 127\\.0\\.0\\.3 \\(127\\.0\\.0\\.3\\) from ${asPattern(DEVICE_PLACEHOLDER)} `),
      );
      assert.match(raw(o), /64 bytes from 127\.0\.0\.3: icmp_seq=1/);
      assert.equal(o.measure?.ping?.received, 1);
    });

    it('traceroute: neither the host name nor the bound address', {
      skip: skipUnless('MEASURE_TRACEROUTE_UDP'),
    }, async () => {
      const o = await bound.execute(
        job({
          type: MeasureType.MEASURE_TYPE_TRACEROUTE,
          protocol: MeasureProtocol.MEASURE_PROTOCOL_UDP,
          target: TARGET,
          packets: 1,
          maxHops: 3,
        }),
        ctx(),
      );
      ok(o);
      clean(o);
      assert.equal(o.measure?.hops?.[0]?.address, TARGET);
    });

    it("mtr: its JSON's source names the placeholder, not the host name", {
      skip: skipUnless('MEASURE_MTR_ICMP'),
    }, async () => {
      const o = await bound.execute(
        job({ type: MeasureType.MEASURE_TYPE_MTR, target: TARGET, packets: 1, maxHops: 3 }),
        ctx(),
      );
      ok(o);
      clean(o);
      if (tools.mtr?.json) {
        const report = (JSON.parse(raw(o)) as { report: { mtr: { src: string; dst: string } } }).report.mtr;
        assert.deepEqual([report.src, report.dst], [DEVICE_PLACEHOLDER, TARGET]);
      } else {
        assert.match(raw(o), new RegExp(`HOST: ${asPattern(DEVICE_PLACEHOLDER)}`));
      }
      assert.equal(o.measure?.hops?.[0]?.address, TARGET);
    });

    it('a failed mtr: its complaint, the error message, names nothing of the device either', {
      skip: skipUnless('MEASURE_MTR_ICMP'),
    }, async () => {
      // A source address this machine does not have: mtr cannot send and prints an empty report
      // that still names the device. No packet leaves: the bind fails first.
      const absent = '192.0.2.77';
      const unbindable = new MeasureExecutor({ policy: labPolicy, tools, localAddress: absent });
      const o = await unbindable.execute(
        job({ type: MeasureType.MEASURE_TYPE_MTR, target: TARGET, packets: 1, maxHops: 2 }),
        ctx(),
      );
      assert.equal(o.success, false);
      assert.equal(o.errorType, 'connect');
      assert.match(o.errorMessage, /^mtr failed: /);
      assert.deepEqual(deviceTraces(o.errorMessage, absent, TARGET), [], o.errorMessage);
    });
  });

  describe('a tool that cannot start', () => {
    // What the probe found can stop working later (a package removed, a capability withdrawn): the
    // measurement fails `blocked` with the reason; the executor does not throw.
    const dir = mkdtempSync(path.join(tmpdir(), 'measure-noexec-'));
    const noExec = (name: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, '#!/bin/sh\necho never\n');
      chmodSync(file, 0o644);
      return file;
    };
    const broken: MeasureTools = {
      methods: new Set(['MEASURE_PING_ICMP', 'MEASURE_TRACEROUTE_UDP', 'MEASURE_MTR_ICMP']),
      ping: { path: noExec('ping'), flavour: 'iputils' },
      traceroute: { path: noExec('traceroute') },
      mtr: { path: noExec('mtr'), json: true },
      missing: {},
    };
    const executor = new MeasureExecutor({ policy: labPolicy, tools: broken });

    for (const [name, measure] of [
      ['ping', { type: MeasureType.MEASURE_TYPE_PING, target: '127.0.0.2', packets: 1 }],
      [
        'traceroute',
        {
          type: MeasureType.MEASURE_TYPE_TRACEROUTE,
          protocol: MeasureProtocol.MEASURE_PROTOCOL_UDP,
          target: '127.0.0.2',
          packets: 1,
        },
      ],
      ['mtr', { type: MeasureType.MEASURE_TYPE_MTR, target: '127.0.0.2', packets: 1 }],
    ] as const) {
      it(`${name}: the measurement fails blocked, saying why`, async () => {
        const o = await executor.execute(job(measure), ctx());
        assert.equal(o.success, false);
        assert.equal(o.errorType, 'blocked');
        assert.equal(
          o.errorMessage,
          `${name} could not start on this device (EACCES): the agent may not execute it`,
        );
        assert.equal(o.measure?.target, '127.0.0.2');
      });
    }
  });

  it('TLS: protocol, cipher, ALPN and the chain, verified against the given roots', async () => {
    const server = tls.createServer({ cert: TLS_CERT, key: TLS_KEY, ALPNProtocols: ['http/1.1'] }, (s) =>
      s.end(),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as net.AddressInfo).port;
    try {
      const o = await lab.execute(
        job({ type: MeasureType.MEASURE_TYPE_TLS, target: '127.0.0.1', port, serverName: 'localhost' }),
        ctx(),
      );
      ok(o);
      const t = o.measure?.tls;
      assert.match(t?.protocol ?? '', /^TLSv1\.[23]$/);
      assert.equal(o.tlsVersion, t?.protocol);
      assert.ok((t?.cipher ?? '').length > 0);
      assert.equal(t?.alpn, 'http/1.1');
      assert.equal(t?.serverName, 'localhost');
      assert.equal(t?.authorized, true);
      assert.equal(t?.chain?.[0]?.subject, 'CN=localhost');
      assert.ok(t?.chain?.[0]?.subjectAltNames?.includes('DNS:localhost'));
      assert.match(t?.chain?.[0]?.validTo ?? '', /^\d{4}-\d\d-\d\dT/);

      // Without the lab's root the chain is still reported, with the reason it does not verify.
      const untrusting = new MeasureExecutor({ policy: labPolicy, tools });
      const u = await untrusting.execute(
        job({ type: MeasureType.MEASURE_TYPE_TLS, target: '127.0.0.1', port, serverName: 'localhost' }),
        ctx(),
      );
      assert.equal(u.success, true);
      assert.equal(u.measure?.tls?.authorized, false);
      assert.match(u.measure?.tls?.authorizationError ?? '', /SELF_SIGNED|UNABLE_TO|DEPTH_ZERO/);
      assert.equal(u.measure?.tls?.chain?.[0]?.subject, 'CN=localhost');
    } finally {
      server.close();
    }
  });

  describe('the network policy', () => {
    const strict = new MeasureExecutor({ policy: strictPolicy, tools });
    const refused = (o: ExecOutcome, rule: RegExp) => {
      assert.equal(o.success, false);
      assert.equal(o.errorType, 'blocked');
      assert.match(o.errorMessage, rule);
    };

    it('refuses loopback and private targets without the lab allowance', async () => {
      const server = net.createServer();
      let connections = 0;
      server.on('connection', (s) => {
        connections++;
        s.destroy();
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const port = (server.address() as net.AddressInfo).port;
      try {
        const tcp = await strict.execute(
          job({
            type: MeasureType.MEASURE_TYPE_PING,
            protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
            target: '127.0.0.1',
            port,
          }),
          ctx(),
        );
        refused(tcp, /refused by the network policy \(loopback\)/);
        assert.equal(connections, 0);
      } finally {
        server.close();
      }
      const privateName = await strict.execute(
        job({
          type: MeasureType.MEASURE_TYPE_PING,
          protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
          target: 'inside.test',
        }),
        ctx(),
      );
      refused(privateName, /inside\.test \(192\.168\.1\.10\) is refused by the network policy \(private\)/);
      assert.deepEqual(privateName.network?.resolvedAddresses, ['192.168.1.10']);
      for (const type of [
        MeasureType.MEASURE_TYPE_PING,
        MeasureType.MEASURE_TYPE_TRACEROUTE,
        MeasureType.MEASURE_TYPE_MTR,
      ]) {
        const o = await strict.execute(job({ type, target: '10.1.2.3' }), ctx());
        // Refused before any tool runs, whether or not the tool exists here.
        refused(o, /10\.1\.2\.3 is refused by the network policy \(private\)|not available on this device/);
      }
      const linkLocal = await strict.execute(
        job({ type: MeasureType.MEASURE_TYPE_TLS, target: '169.254.169.254' }),
        ctx(),
      );
      refused(linkLocal, /link-local/);
    });

    it('refuses a private DNS resolver without the lab allowance, and asks it nothing', async () => {
      const before = dns.queries.length;
      const o = await strict.execute(dnsJob('lab.test', 'A'), ctx());
      refused(o, /127\.0\.0\.1 is refused by the network policy \(loopback\)/);
      assert.equal(dns.queries.length, before);
    });

    it('refuses local names through the device resolver', async () => {
      const o = await strict.execute(
        job({ type: MeasureType.MEASURE_TYPE_DNS, target: 'printer.lan', resolver: 'system' }),
        ctx(),
      );
      refused(o, /printer\.lan is a local name/);
    });
  });

  describe('requests out of bounds', () => {
    for (const [name, measure, message] of [
      [
        '17 ping packets',
        { type: MeasureType.MEASURE_TYPE_PING, target: '127.0.0.1', packets: 17 },
        /packets must be at most 16/,
      ],
      [
        '4 probes per hop',
        { type: MeasureType.MEASURE_TYPE_TRACEROUTE, target: '127.0.0.1', packets: 4 },
        /packets must be at most 3/,
      ],
      [
        '33 hops',
        { type: MeasureType.MEASURE_TYPE_MTR, target: '127.0.0.1', maxHops: 33 },
        /max_hops must be at most 32/,
      ],
      [
        'an unknown record type',
        { type: MeasureType.MEASURE_TYPE_DNS, target: 'lab.test', recordType: 'ANY' },
        /record_type must be one of/,
      ],
      [
        'a URL as target',
        { type: MeasureType.MEASURE_TYPE_PING, target: 'http://x/' },
        /target must be a host name or an IP address/,
      ],
      [
        'a resolver that is not an address',
        { type: MeasureType.MEASURE_TYPE_DNS, target: 'lab.test', resolver: 'dns.example' },
        /resolver must be "system" or an IP address/,
      ],
    ] as const) {
      it(`refuses ${name} before anything is sent`, async () => {
        const o = await lab.execute(job(measure), ctx());
        assert.equal(o.success, false);
        assert.equal(o.errorType, 'blocked');
        assert.match(o.errorMessage, message);
      });
    }

    it('refuses a request whose type disagrees with its method', async () => {
      const o = await lab.execute(
        job({ type: MeasureType.MEASURE_TYPE_PING, target: '127.0.0.1' }, { method: 'MEASURE_TLS_TCP' }),
        ctx(),
      );
      assert.equal(o.errorType, 'blocked');
      assert.match(o.errorMessage, /method MEASURE_TLS_TCP does not run ping over icmp/);
    });
  });
});
