// The measurement output parsers on recorded outputs: iputils and busybox `ping`, Linux and
// busybox `traceroute`, `mtr --report` and `mtr --json` (fixtures in test/fixtures/measure/).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Truncation } from '../../agent/executors/measure/bounds.js';
import { MtrParseError, parseMtrJson, parseMtrReport } from '../../agent/executors/measure/parse-mtr.js';
import { parsePing } from '../../agent/executors/measure/parse-ping.js';
import { parseTraceroute } from '../../agent/executors/measure/parse-traceroute.js';
import { MEASURE_RESULT_LIMITS } from '../../proto/index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/measure/${name}`, import.meta.url), 'utf8');

describe('ping output', () => {
  it('iputils: replies, counts with a lost packet, and the summary line', () => {
    const p = parsePing(fixture('ping-iputils.txt'), new Truncation());
    assert.deepEqual(p, {
      sent: 4,
      received: 3,
      lossPercent: 25,
      minMs: 11.2,
      avgMs: 11.733,
      maxMs: 12.4,
      mdevMs: 0.498,
      rttsMs: [11.6, 12.4, 11.2],
    });
  });

  it('iputils: everything lost gives zero RTTs and 100% loss', () => {
    const p = parsePing(fixture('ping-iputils-lost.txt'), new Truncation());
    assert.deepEqual(p, {
      sent: 3,
      received: 0,
      lossPercent: 100,
      minMs: 0,
      avgMs: 0,
      maxMs: 0,
      mdevMs: 0,
      rttsMs: [],
    });
  });

  it('iputils over IPv6', () => {
    const p = parsePing(fixture('ping-iputils-v6.txt'), new Truncation());
    assert.equal(p.received, 2);
    assert.deepEqual(p.rttsMs, [84.1, 83.9]);
    assert.equal(p.avgMs, 84.006);
  });

  it('iputils as recorded against 127.0.0.1', () => {
    const p = parsePing(fixture('ping-iputils-loopback.txt'), new Truncation());
    assert.equal(p.sent, 3);
    assert.equal(p.received, 3);
    assert.equal(p.rttsMs?.length, 3);
    assert.ok((p.minMs ?? 0) > 0 && (p.minMs ?? 0) <= (p.maxMs ?? 0));
  });

  it('busybox: seq= lines and the round-trip summary without mdev', () => {
    const p = parsePing(fixture('ping-busybox.txt'), new Truncation());
    assert.deepEqual(p, {
      sent: 3,
      received: 3,
      lossPercent: 0,
      minMs: 11.402,
      avgMs: 11.511,
      maxMs: 11.632,
      mdevMs: 0,
      rttsMs: [11.632, 11.5, 11.402],
    });
  });

  it('computes the statistics from the replies when the summary is missing (the tool was stopped)', () => {
    const cut = fixture('ping-busybox.txt').split('\n').slice(0, 4).join('\n');
    const p = parsePing(cut, new Truncation());
    assert.equal(p.sent, 3);
    assert.equal(p.received, 3);
    assert.equal(p.minMs, 11.402);
    assert.equal(p.maxMs, 11.632);
    assert.equal(p.avgMs, 11.511);
  });

  it('keeps at most maxRtts RTTs and says it cut', () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `64 bytes from 1.1.1.1: icmp_seq=${i + 1} ttl=56 time=1.${i} ms`,
    );
    const cut = new Truncation();
    const p = parsePing(lines.join('\n'), cut);
    assert.equal(p.rttsMs?.length, MEASURE_RESULT_LIMITS.maxRtts);
    assert.equal(p.received, 40);
    assert.equal(cut.cut, true);
  });
});

describe('traceroute output', () => {
  it('Linux: stars, a second router on one hop, a lost probe, !X and !<n> annotations', () => {
    const hops = parseTraceroute(fixture('traceroute-linux.txt'), new Truncation());
    assert.equal(hops.length, 5);
    assert.deepEqual(
      hops.map((h) => [h.ttl, h.address, h.sent, h.received, h.rttsMs]),
      [
        [1, '192.168.1.1', 3, 3, [0.512, 0.473, 0.455]],
        [2, '', 3, 0, []],
        // 10.20.0.5 answered two of the three probes.
        [3, '10.20.0.5', 3, 3, [8.123, 8.456, 8.321]],
        [4, '62.115.44.17', 3, 2, [12.001, 12.345]],
        [5, '93.184.216.34', 3, 3, [11.632, 11.5, 11.402]],
      ],
    );
    assert.equal(hops[3]?.lossPercent, 33.333);
    assert.equal(hops[0]?.minMs, 0.455);
    assert.equal(hops[0]?.maxMs, 0.512);
    assert.equal(hops[1]?.lossPercent, 100);
  });

  it('Linux with names: host name and address apart', () => {
    const hops = parseTraceroute(fixture('traceroute-linux-names.txt'), new Truncation());
    assert.deepEqual(
      hops.map((h) => [h.ttl, h.hostName, h.address, h.received]),
      [
        [1, 'router.lan', '192.168.1.1', 3],
        [2, '', '', 0],
        [3, 'ae-1.r01.fra.example.net', '62.115.44.17', 3],
      ],
    );
  });

  it('busybox: double-spaced stars', () => {
    const hops = parseTraceroute(fixture('traceroute-busybox.txt'), new Truncation());
    assert.deepEqual(
      hops.map((h) => [h.ttl, h.address, h.sent, h.received]),
      [
        [1, '192.168.1.1', 3, 3],
        [2, '', 3, 0],
        [3, '10.20.0.1', 3, 3],
        [4, '93.184.216.34', 3, 3],
      ],
    );
    assert.equal(hops[3]?.avgMs, 11.511);
  });

  it('as recorded against 127.0.0.1', () => {
    const hops = parseTraceroute(fixture('traceroute-linux-loopback.txt'), new Truncation());
    assert.equal(hops.length, 1);
    assert.equal(hops[0]?.address, '127.0.0.1');
    assert.equal(hops[0]?.received, 3);
  });

  it('keeps at most maxHops hops', () => {
    const lines = Array.from({ length: 64 }, (_, i) => ` ${i + 1}  * * *`);
    const cut = new Truncation();
    assert.equal(parseTraceroute(lines.join('\n'), cut).length, MEASURE_RESULT_LIMITS.maxHops);
    assert.equal(cut.cut, true);
  });
});

describe('mtr output', () => {
  const expected = [
    [1, '192.168.1.1', 0, 10, 10],
    [2, '', 100, 10, 0],
    [3, '10.20.0.1', 10, 10, 9],
    [4, '93.184.216.34', 0, 10, 10],
  ];

  it('--report: hops, loss, sent, and the unanswered hop (???) without an address', () => {
    const hops = parseMtrReport(fixture('mtr-report.txt'), new Truncation());
    assert.deepEqual(
      hops.map((h) => [h.ttl, h.address, h.lossPercent, h.sent, h.received]),
      expected,
    );
    assert.deepEqual([hops[2]?.avgMs, hops[2]?.minMs, hops[2]?.maxMs, hops[2]?.stdevMs], [8.4, 8, 9.9, 0.5]);
    assert.deepEqual([hops[1]?.avgMs, hops[1]?.minMs], [0, 0]);
  });

  it('--json: the same hops', () => {
    const hops = parseMtrJson(fixture('mtr-json.txt'), new Truncation());
    assert.deepEqual(
      hops.map((h) => [h.ttl, h.address, h.lossPercent, h.sent, h.received]),
      expected,
    );
    assert.deepEqual([hops[3]?.avgMs, hops[3]?.minMs, hops[3]?.maxMs], [11.511, 11.402, 11.7]);
  });

  it('--json of mtr 0.87 (count as a string)', () => {
    const hops = parseMtrJson(fixture('mtr-json-0.87.txt'), new Truncation());
    assert.deepEqual(
      hops.map((h) => [h.ttl, h.address, h.received]),
      [
        [1, '192.168.1.1', 3],
        [2, '93.184.216.34', 2],
      ],
    );
  });

  it('output that is not mtr JSON is a typed error', () => {
    assert.throws(
      () => parseMtrJson('mtr: unable to get raw sockets', new Truncation()),
      (err: unknown) => {
        assert.ok(err instanceof MtrParseError);
        assert.equal(err.code, 'MTR_OUTPUT');
        return true;
      },
    );
  });
});
