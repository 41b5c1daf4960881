// The per-region summary of a sweep's measurements (coordinator/sweeps/sweep-network.ts) on
// results shaped as GET /crawl/v1/measure/{id} gives them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { summarise, sweepMeasurementId } from '../../coordinator/sweeps/sweep-network.js';

type Result = Parameters<typeof summarise>[1] extends ReadonlyMap<string, Array<infer R>> ? R : never;

const base = {
  success: true,
  error_type: '',
  error_message: '',
  protocol: 'udp',
  target: 'a.test',
  address: '',
  tool: '',
  truncated: false,
  time_ms: 1,
  raw_output: '',
};
const dns = (...values: string[]): Result => ({
  ...base,
  type: 'dns',
  dns: {
    resolver: 'system',
    record_type: 'A',
    protocol: 'udp',
    status: 'NOERROR',
    time_ms: 1,
    answers: values.map((value) => ({ name: 'a.test', type: 'A', ttl: 60, value })),
  },
});
const hop = (asn: number | null) => ({
  ttl: 1,
  address: '192.0.2.1',
  host_name: '',
  rtts_ms: [],
  sent: 1,
  received: 1,
  loss_percent: 0,
  min_ms: 1,
  avg_ms: 1,
  max_ms: 1,
  stdev_ms: 0,
  asn,
});
const trace = (...asns: Array<number | null>): Result => ({
  ...base,
  type: 'traceroute',
  hops: asns.map(hop),
});

describe('sweep network summary', () => {
  test('dns: answers per region, the minority region flagged; answer order does not matter', () => {
    const out = summarise(
      'dns',
      new Map([
        ['NA', [dns('1.1.1.1', '2.2.2.2')]],
        ['EU', [dns('2.2.2.2', '1.1.1.1'), dns('9.9.9.9')]],
        ['APAC', [dns('9.9.9.9'), dns('9.9.9.9')]],
        ['LATAM', []],
      ]),
    );
    // 1.1.1.1+2.2.2.2 twice, 9.9.9.9 three times: 9.9.9.9 is the majority.
    assert.equal(out.APAC?.differs_from_majority, false);
    assert.equal(out.NA?.differs_from_majority, true);
    assert.deepEqual(out.EU?.answers, ['1.1.1.1', '2.2.2.2', '9.9.9.9']);
    assert.deepEqual(out.LATAM, { devices: 0, answers: [], differs_from_majority: false });
  });

  test('dns: a tie has no majority and flags nothing', () => {
    const out = summarise(
      'dns',
      new Map([
        ['NA', [dns('1.1.1.1')]],
        ['EU', [dns('9.9.9.9')]],
      ]),
    );
    assert.equal(out.NA?.differs_from_majority, false);
    assert.equal(out.EU?.differs_from_majority, false);
  });

  test('traceroute: the networks crossed in the order first seen, unknown hops left out', () => {
    const out = summarise(
      'traceroute',
      new Map([['EU', [trace(3320, null, 1299, 3320), trace(3320, 15169)]]]),
    );
    assert.deepEqual(out.EU, { devices: 2, asns: [3320, 1299, 15169] });
  });

  test("a measurement's id follows from the sweep and the type, shaped as a UUID", () => {
    const a = sweepMeasurementId('5b1c3a0e-8f55-4a57-9d47-3b1f0f6a2c11', 'dns');
    assert.equal(a, sweepMeasurementId('5b1c3a0e-8f55-4a57-9d47-3b1f0f6a2c11', 'dns'));
    assert.notEqual(a, sweepMeasurementId('5b1c3a0e-8f55-4a57-9d47-3b1f0f6a2c11', 'ping'));
    assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
