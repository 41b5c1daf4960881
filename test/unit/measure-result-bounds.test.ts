// The bounds a measurement result keeps on the wire: what the device's parsers produce stays within
// MEASURE_RESULT_LIMITS through encode and decode, and measureResultProblem() names what a result
// from a device that does not keep them goes over.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Truncation } from '../../agent/executors/measure/bounds.js';
import { parseTraceroute } from '../../agent/executors/measure/parse-traceroute.js';
import {
  DEFAULT_MAX_FRAME_BYTES,
  decodeAgentFrame,
  encodeAgentFrame,
  MEASURE_RESULT_LIMITS,
  type MeasureResult,
  MeasureType,
  measureResultProblem,
} from '../../proto/index.js';

function roundTrip(measure: MeasureResult): MeasureResult {
  const frame = encodeAgentFrame({ result: { jobId: 'j', attempt: 1, success: true, measure } });
  const decoded = decodeAgentFrame(frame, DEFAULT_MAX_FRAME_BYTES).result?.measure;
  assert.ok(decoded, 'the measure field survives the wire');
  return decoded;
}

describe('measurement result bounds', () => {
  it('a traceroute the parser cut at its bounds is within them after the wire', () => {
    const lines = Array.from({ length: 64 }, (_, i) => ` ${i + 1}  192.0.2.${i}  1.0 ms  1.1 ms  1.2 ms`);
    const cut = new Truncation();
    const hops = parseTraceroute(lines.join('\n'), cut);
    const decoded = roundTrip({
      type: MeasureType.MEASURE_TYPE_TRACEROUTE,
      target: 'example.com',
      hops,
      truncated: cut.cut,
    });
    assert.equal(decoded.hops?.length, MEASURE_RESULT_LIMITS.maxHops);
    assert.equal(decoded.truncated, true);
    assert.equal(measureResultProblem(decoded), null);
  });

  it('names what a result goes over', () => {
    const base: MeasureResult = { type: MeasureType.MEASURE_TYPE_DNS, target: 'example.com' };
    assert.equal(measureResultProblem(base), null);
    const cases: Array<[MeasureResult, RegExp]> = [
      [{ ...base, type: 42 as number as MeasureType }, /unknown measurement type 42/],
      [{ ...base, target: 'x'.repeat(1025) }, /target is longer than 1024/],
      [{ ...base, ping: { rttsMs: Array(17).fill(1) } }, /more than 16 ping RTTs/],
      [{ ...base, hops: Array(33).fill({ ttl: 1 }) }, /more than 32 hops/],
      [{ ...base, hops: [{ ttl: 1, rttsMs: Array(17).fill(1) }] }, /more than 16 RTTs in a hop/],
      [{ ...base, dns: { answers: Array(65).fill({ value: '1.2.3.4' }) } }, /more than 64 DNS answers/],
      [{ ...base, dns: { answers: [{ value: 'v'.repeat(2000) }] } }, /an answer is longer/],
      [{ ...base, tls: { chain: Array(11).fill({ subject: 'CN=a' }) } }, /more than 10 certificates/],
      [
        { ...base, tls: { chain: [{ subjectAltNames: Array(33).fill('DNS:a') }] } },
        /more than 32 subject alternative names/,
      ],
    ];
    for (const [result, message] of cases)
      assert.match(measureResultProblem(roundTrip(result)) ?? 'null', message);
  });
});
