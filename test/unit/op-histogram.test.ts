// The store-latency histogram (coordinator/metrics/op-histogram.ts) exposes exactly what
// prom-client's Histogram exposes for the same observations, and the timed store counts each
// call under its method name and outcome while the store keeps working as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Histogram, Registry } from 'prom-client';
import { OpHistogram } from '../../coordinator/metrics/op-histogram.js';
import { timedStore } from '../../coordinator/metrics/store-timing.js';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { pendingJob } from '../helpers/records.js';

const BUCKETS = [0.001, 0.01, 0.1];

test('the exposition matches prom-client Histogram for the same observations', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const fast = new OpHistogram({ name: 'x_seconds', help: 'h', buckets: BUCKETS, registry: ours });
  const ref = new Histogram({
    name: 'x_seconds',
    help: 'h',
    labelNames: ['op', 'outcome'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const seen: Array<[string, string, number]> = [
    ['getJob', 'ok', 0.0005],
    ['getJob', 'ok', 0.001],
    ['getJob', 'ok', 0.05],
    ['getJob', 'error', 2],
    ['insertJob', 'ok', 0.02],
  ];
  for (const [op, outcome, sec] of seen) {
    fast.observe(op, outcome, sec);
    ref.observe({ op, outcome }, sec);
  }
  assert.equal(await ours.metrics(), await theirs.metrics());
  ours.resetMetrics();
  assert.equal(await ours.metrics(), '# HELP x_seconds h\n# TYPE x_seconds histogram\n');
});

test('the timed store counts calls by method and outcome; fields and sub-stores read through', async () => {
  const registry = new Registry();
  const seconds = new OpHistogram({ name: 's', help: 'h', buckets: BUCKETS, registry });
  const raw = new SqliteStore(':memory:');
  const store = timedStore(raw, seconds);
  assert.equal(store.shared, false);
  assert.equal(store.limits, raw.limits);
  assert.ok(store instanceof SqliteStore);
  assert.equal(await store.getJob('none'), null);
  assert.equal(await store.getJob('none'), null);
  const job = pendingJob('o');
  await store.insertJob(job);
  await assert.rejects(store.insertJob(job), /UNIQUE/);
  const text = await registry.metrics();
  assert.match(text, /^s_count\{op="getJob",outcome="ok"\} 2$/m);
  assert.match(text, /^s_count\{op="insertJob",outcome="ok"\} 1$/m);
  assert.match(text, /^s_count\{op="insertJob",outcome="error"\} 1$/m);
  await store.close();
  assert.doesNotMatch(text, /op="close"/);
});
