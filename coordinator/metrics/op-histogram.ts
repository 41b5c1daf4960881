// A histogram of operation latency by `op` and `outcome`, for the store's every call: prom-client's
// Histogram hashes its label object and reads process.hrtime on each observation (~90 µs a job in
// the pipeline profile across a job's ~15 store calls); this keeps one record per label pair, found
// by two map lookups, and builds prom-client's own histogram shape only at scrape time. Registered
// on a prom-client Registry like any metric; the exposition is the same as a Histogram's.
import type { Registry } from 'prom-client';

/** One exposition line's value, as prom-client's registry reads it from get(). */
interface LineValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

interface Series {
  /** Observations per bucket (not cumulative); the last slot counts those past every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export interface OpHistogramOptions {
  name: string;
  help: string;
  /** Upper bounds in seconds, ascending. */
  buckets: readonly number[];
  registry: Registry;
}

export class OpHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly bounds: readonly number[];
  private series = new Map<string, Map<string, Series>>();

  constructor(opts: OpHistogramOptions) {
    this.name = opts.name;
    this.help = opts.help;
    this.bounds = opts.buckets;
    // prom-client's registry takes any object with name, help, type, get and reset; its types
    // name only its own metric classes.
    opts.registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  observe(op: string, outcome: string, seconds: number): void {
    let byOutcome = this.series.get(op);
    if (!byOutcome) {
      byOutcome = new Map();
      this.series.set(op, byOutcome);
    }
    let s = byOutcome.get(outcome);
    if (!s) {
      s = { counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      byOutcome.set(outcome, s);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > (this.bounds[i] as number)) i++;
    s.counts[i] = (s.counts[i] as number) + 1;
    s.sum += seconds;
    s.count++;
  }

  /** The metric in prom-client's histogram shape: cumulative `_bucket` lines, `_sum`, `_count`. */
  async get(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    values: LineValue[];
    aggregator: 'sum';
  }> {
    const values: LineValue[] = [];
    for (const [op, byOutcome] of this.series) {
      for (const [outcome, s] of byOutcome) {
        const labels = { op, outcome };
        let acc = 0;
        this.bounds.forEach((le, i) => {
          acc += s.counts[i] as number;
          values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: acc });
        });
        values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: s.count });
        values.push({ metricName: `${this.name}_sum`, labels, value: s.sum });
        values.push({ metricName: `${this.name}_count`, labels, value: s.count });
      }
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  reset(): void {
    this.series = new Map();
  }
}
