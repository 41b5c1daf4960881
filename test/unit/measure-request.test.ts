// A measurement request as the device checks it (defaults, bounds, method agreement), the job URL
// derived from its target, the tools' arguments per flavour, and the local names the device's own
// resolver is not asked about.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JobError } from '../../agent/errors.js';
import { isLocalName } from '../../agent/executors/measure/dns.js';
import { pingArgs } from '../../agent/executors/measure/probe.js';
import { measureJob } from '../../agent/executors/measure/request.js';
import { MeasureProtocol, MeasureType, measureMethod, measureUrl } from '../../proto/index.js';

describe('measurement requests', () => {
  it('applies the defaults of each type', () => {
    const ping = measureJob('MEASURE_PING_ICMP', {
      type: MeasureType.MEASURE_TYPE_PING,
      target: 'Example.COM.',
    });
    assert.deepEqual(
      [ping.protocol, ping.target, ping.packets, ping.serverName, ping.ipVersion],
      ['icmp', 'example.com', 3, 'example.com', 0],
    );
    const udp = measureJob('MEASURE_TRACEROUTE_UDP', {
      type: MeasureType.MEASURE_TYPE_TRACEROUTE,
      protocol: MeasureProtocol.MEASURE_PROTOCOL_UDP,
      target: '2001:db8::1',
    });
    assert.deepEqual([udp.port, udp.maxHops, udp.serverName], [33_434, 30, '']);
    const tls = measureJob('MEASURE_TLS_TCP', {
      type: MeasureType.MEASURE_TYPE_TLS,
      target: '[2001:db8::1]',
    });
    assert.deepEqual([tls.port, tls.target], [443, '2001:db8::1']);
    const dns = measureJob('MEASURE_DNS_UDP', {
      type: MeasureType.MEASURE_TYPE_DNS,
      target: 'example.com',
      resolver: 'system',
    });
    assert.deepEqual([dns.recordType, dns.resolver, dns.resolverPort], ['A', '', 53]);
  });

  it('refuses with a JobError of type blocked and the reason', () => {
    const cases: Array<[string, Parameters<typeof measureJob>[1], RegExp]> = [
      ['MEASURE_PING_ICMP', undefined, /needs a measurement/],
      [
        'MEASURE_PING_ICMP',
        { type: 9 as number as MeasureType, target: 'a.example' },
        /unknown measurement type 9/,
      ],
      [
        'MEASURE_DNS_UDP',
        {
          type: MeasureType.MEASURE_TYPE_DNS,
          target: 'a.example',
          protocol: MeasureProtocol.MEASURE_PROTOCOL_ICMP,
        },
        /does not run dns over icmp/,
      ],
      [
        'MEASURE_PING_ICMP',
        { type: MeasureType.MEASURE_TYPE_PING, target: '-c 1000 example.com' },
        /target must be a host name/,
      ],
      [
        'MEASURE_PING_ICMP',
        { type: MeasureType.MEASURE_TYPE_PING, target: `${'a'.repeat(250)}.example` },
        /target must be a host name/,
      ],
      [
        'MEASURE_TLS_TCP',
        { type: MeasureType.MEASURE_TYPE_TLS, target: 'a.example', serverName: 'bad name' },
        /server_name must be a host name/,
      ],
      [
        'MEASURE_DNS_UDP',
        { type: MeasureType.MEASURE_TYPE_DNS, target: 'a.example', ipVersion: 5 },
        /ip_version must be 4 or 6/,
      ],
      [
        'MEASURE_PING_TCP',
        {
          type: MeasureType.MEASURE_TYPE_PING,
          protocol: MeasureProtocol.MEASURE_PROTOCOL_TCP,
          target: 'a.example',
          port: 70_000,
        },
        /port must be at most 65535/,
      ],
    ];
    for (const [method, req, message] of cases) {
      assert.throws(
        () => measureJob(method, req),
        (err: unknown) => {
          assert.ok(err instanceof JobError);
          assert.equal(err.errorType, 'blocked');
          assert.match(err.message, message);
          return true;
        },
      );
    }
  });

  it('names one method per type and protocol, none for pairs no device runs', () => {
    assert.equal(measureMethod('traceroute', 'tcp'), 'MEASURE_TRACEROUTE_TCP');
    assert.equal(measureMethod('dns', 'icmp'), undefined);
    assert.equal(measureMethod('tls', 'udp'), undefined);
  });

  it('derives the job URL from the target', () => {
    assert.equal(measureUrl('dns', 'example.com'), 'dns://example.com');
    assert.equal(measureUrl('ping', '2001:db8::1'), 'ping://[2001:db8::1]');
    assert.equal(new URL(measureUrl('mtr', 'www.example.com')).hostname, 'www.example.com');
  });
});

describe('ping arguments', () => {
  it('iputils: numeric, interval, per-reply wait, overall deadline, bound address', () => {
    assert.deepEqual(pingArgs('iputils', '192.0.2.1', 4, '198.51.100.7'), [
      '-n',
      '-c',
      '4',
      '-i',
      '0.5',
      '-W',
      '2',
      '-w',
      '4',
      '-I',
      '198.51.100.7',
      '192.0.2.1',
    ]);
  });

  it('busybox: only the options it has', () => {
    assert.deepEqual(pingArgs('busybox', '192.0.2.1', 3, ''), ['-c', '3', '-W', '2', '-w', '5', '192.0.2.1']);
  });
});

describe('local names', () => {
  it('are single labels and the suffixes that only mean something inside a network', () => {
    for (const name of [
      'router',
      'localhost',
      'a.localhost',
      'nas.local',
      'printer.lan',
      'x.home.arpa',
      'db.internal',
    ])
      assert.equal(isLocalName(name), true, name);
    for (const name of ['example.com', 'lanparty.example', 'local.example.org'])
      assert.equal(isLocalName(name), false, name);
  });
});
