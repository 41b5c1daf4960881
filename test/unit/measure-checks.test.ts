// The rules of the measurement checks (coordinator/trust/measure/): how a ping or TCP ping canary is
// judged (floor, silent targets, impossible statistics) and when two devices' answers disagree. The
// end-to-end test (test/integration/measure-canaries.test.ts) runs on loopback, where the floor is
// ~0: what a floor catches is shown here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CanaryRttConfig, loadCoordinatorConfig } from '../../coordinator/config.js';
import type { MeasurePingJson, MeasureResultJson } from '../../coordinator/measure/measure-result.js';
import {
  answerNetwork,
  measureAnswerOf,
  measureDifferences,
} from '../../coordinator/trust/measure/compare.js';
import { judgeRttCanary, rttCanaryKinds } from '../../coordinator/trust/measure/rtt-canary.js';
import { settleBy } from '../../coordinator/trust/settlement.js';

const CONFIG: CanaryRttConfig = {
  pingTarget: '192.0.2.1',
  pingSilent: '192.0.2.2',
  tcpOpen: { address: '192.0.2.1', port: 8443 },
  tcpClosed: { address: '192.0.2.1', port: 8444 },
  floorMs: 10,
};

function ping(rtts: number[], sent = 3): MeasureResultJson {
  const p: MeasurePingJson = {
    sent,
    received: rtts.length,
    loss_percent: ((sent - rtts.length) / sent) * 100,
    min_ms: rtts.length ? Math.min(...rtts) : 0,
    avg_ms: rtts.length ? rtts.reduce((a, b) => a + b, 0) / rtts.length : 0,
    max_ms: rtts.length ? Math.max(...rtts) : 0,
    mdev_ms: 0,
    rtts_ms: rtts,
  };
  return {
    type: 'ping',
    protocol: 'icmp',
    target: '192.0.2.1',
    address: '192.0.2.1',
    tool: 'ping',
    truncated: false,
    ping: p,
  };
}

describe('ping and TCP ping canaries', () => {
  test('a device takes the kinds its methods run, for the targets named', () => {
    assert.deepEqual(rttCanaryKinds(CONFIG, new Set(['MEASURE_PING_TCP'])), ['tcp_open', 'tcp_closed']);
    assert.deepEqual(rttCanaryKinds({ ...CONFIG, pingSilent: null }, new Set(['MEASURE_PING_ICMP'])), [
      'ping',
    ]);
    assert.deepEqual(rttCanaryKinds(null, new Set(['MEASURE_PING_ICMP'])), []);
  });

  test('times at or just under the floor pass (rounding); below it, the canary fails', () => {
    assert.equal(judgeRttCanary('ping', CONFIG, ping([12.1, 10.4, 11])).signal, 'canary_pass');
    // 5 % and 0.1 ms of slack: 9.45 ms is the lowest a 10 ms floor lets through.
    assert.equal(judgeRttCanary('tcp_open', CONFIG, ping([9.5, 12])).signal, 'canary_pass');
    const v = judgeRttCanary('ping', CONFIG, ping([4.2, 12]));
    assert.equal(v.signal, 'canary_fail');
    assert.match(v.detail, /4\.2 ms reported to 192\.0\.2\.1, below its floor of 10 ms/);
  });

  test('no reply from a target that answers is unreachable, not a lie', () => {
    assert.equal(judgeRttCanary('ping', CONFIG, ping([])).signal, 'canary_unreachable');
    assert.equal(judgeRttCanary('tcp_open', CONFIG, ping([])).signal, 'canary_unreachable');
  });

  test('replies from a target that never answers fail; silence passes', () => {
    const v = judgeRttCanary('tcp_closed', CONFIG, ping([35]));
    assert.equal(v.signal, 'canary_fail');
    assert.match(v.detail, /1 replies reported from 192\.0\.2\.1:8444, which never answers/);
    assert.equal(judgeRttCanary('ping_silent', CONFIG, ping([])).signal, 'canary_pass');
    assert.equal(judgeRttCanary('ping_silent', CONFIG, ping([50])).signal, 'canary_fail');
  });

  test('statistics no tool reports fail whatever the times', () => {
    const more = ping([20, 21, 22, 23], 3);
    assert.match(judgeRttCanary('ping', CONFIG, more).detail, /4 replies to 3 requests/);
    assert.equal(judgeRttCanary('ping', CONFIG, ping([20, -1])).signal, 'canary_fail');
    assert.equal(judgeRttCanary('ping', CONFIG, { ...ping([20]), ping: undefined }).signal, 'canary_fail');
  });
});

describe('cross-check comparisons', () => {
  const tol = { factor: 2, marginMs: 30 };
  const pingAnswer = (id: string, rtts: number[]) => measureAnswerOf(`job-${id}`, id, ping(rtts));
  const dnsAnswer = (id: string, status: string, values: string[]) =>
    measureAnswerOf(`job-${id}`, id, {
      type: 'dns',
      protocol: 'udp',
      target: 'example.com',
      address: '192.0.2.53',
      tool: 'dns',
      truncated: false,
      dns: {
        resolver: '192.0.2.53',
        record_type: 'A',
        protocol: 'udp',
        status,
        time_ms: 3,
        answers: values.map((value) => ({ name: 'example.com', type: 'A', ttl: 60, value })),
      },
    });

  test('round trips within factor × smaller + margin agree; beyond, they disagree', () => {
    const a = pingAnswer('a', [12, 13]);
    assert.ok(a);
    assert.deepEqual(measureDifferences(a, pingAnswer('b', [40]) ?? a, tol), []);
    assert.deepEqual(measureDifferences(a, pingAnswer('b', [54.5]) ?? a, tol), [
      'lowest RTT 12 ms vs 54.5 ms',
    ]);
    // No reply on one side (a filter, a rate limit) is not compared.
    assert.deepEqual(measureDifferences(a, pingAnswer('b', []) ?? a, tol), []);
  });

  test('DNS answers in one network agree; disjoint networks or another status disagree', () => {
    const a = dnsAnswer('a', 'NOERROR', ['192.0.2.10', '192.0.2.11']);
    assert.ok(a);
    const same = (b: ReturnType<typeof dnsAnswer>) => measureDifferences(a, b ?? a, tol);
    assert.deepEqual(same(dnsAnswer('b', 'NOERROR', ['192.0.2.99'])), [], 'a pool in one /24');
    assert.deepEqual(same(dnsAnswer('b', 'NOERROR', ['203.0.113.66'])), [
      'DNS answers {192.0.2.10, 192.0.2.11} vs {203.0.113.66}',
    ]);
    assert.deepEqual(same(dnsAnswer('b', 'NXDOMAIN', [])), ['DNS status NOERROR vs NXDOMAIN']);
    assert.deepEqual(same(dnsAnswer('b', 'SERVFAIL', [])), [], "a resolver's failure is not compared");
    assert.equal(answerNetwork('2001:db8:1:2::1'), '2001:db8:1::/48');
  });

  test('a third device settles by the same rule: only the side it disagrees with loses', () => {
    const agree = (
      x: NonNullable<ReturnType<typeof pingAnswer>>,
      y: NonNullable<ReturnType<typeof pingAnswer>>,
    ) => measureDifferences(x, y, tol).length === 0;
    const honest = pingAnswer('honest', [0.03]);
    const liar = pingAnswer('liar', [75]);
    const third = pingAnswer('third', [0.04]);
    assert.ok(honest && liar && third);
    assert.deepEqual(settleBy(honest, liar, third, agree), {
      settled: true,
      winner: 'honest',
      loser: 'liar',
      referee: 'third',
    });
    assert.deepEqual(settleBy(honest, liar, null, agree), { settled: false, why: 'third_failed' });
  });
});

describe('measurement check settings', () => {
  test('the flags are read once, checked, and malformed ones reported together', () => {
    const c = loadCoordinatorConfig(
      ['--canary-tcp-closed', '[::1]:9', '--canary-ping-target', '127.0.0.1', '--canary-rtt-floor-ms', '1.5'],
      {},
    );
    assert.deepEqual(c.trust.canaryRtt, {
      pingTarget: '127.0.0.1',
      pingSilent: null,
      tcpOpen: null,
      tcpClosed: { address: '::1', port: 9 },
      floorMs: 1.5,
    });
    assert.deepEqual(c.trust.measureVerify, { share: 0.03, rttFactor: 2, rttMarginMs: 30 });
    assert.equal(loadCoordinatorConfig([], {}).trust.canaryRtt, null);
    assert.throws(
      () =>
        loadCoordinatorConfig(
          [
            '--canary-tcp-open',
            '127.0.0.1',
            '--canary-ping-silent',
            'example.com',
            '--measure-verify-share',
            '2',
          ],
          {},
        ),
      (err: Error) =>
        /canary-tcp-open: expected an IP address and a port/.test(err.message) &&
        /canary-ping-silent: expected an IP address/.test(err.message) &&
        /measure-verify-share: expected a number from 0 to 1/.test(err.message),
    );
    assert.throws(
      () => loadCoordinatorConfig(['--canary-rtt-floor-ms', '5'], {}),
      /needs --canary-ping-target/,
    );
  });
});
