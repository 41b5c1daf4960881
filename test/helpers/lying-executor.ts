// A device that fabricates content: an HTTP executor that, while `lying`, answers every job with a
// made-up page (status 200), whatever the target said. For the trust tests (docs/security.md).
import type { HttpExecutor } from '../../agent/executors/http.js';
import type { ExecContext, ExecOutcome, ExecRequest, Executor } from '../../agent/executors/types.js';

export class LyingExecutor implements Executor {
  readonly methods: readonly string[];
  lying = true;
  constructor(private readonly inner: HttpExecutor) {
    this.methods = inner.methods;
  }
  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const out = await this.inner.execute(req, ctx);
    if (!this.lying) return out;
    const body = Buffer.from(
      '<html><body>all is well, nothing to see here, this page was made up</body></html>',
    );
    return { ...out, success: true, statusCode: 200, sizeBytes: body.length, content: { body } };
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * A device that lies about measurements: a measurement executor that, while `lying`, reports every
 * DNS answer as the address it chooses (as a resolver steering users to a block page would),
 * whatever the resolver said.
 */
export class LyingMeasureExecutor implements Executor {
  readonly methods: readonly string[];
  lying = true;
  /**
   * `spare`: measurements it answers honestly (an evasive liar that knows the canary names and
   * lies only elsewhere); default none.
   */
  constructor(
    private readonly inner: Executor,
    private readonly answer = '203.0.113.66',
    private readonly spare: (target: string) => boolean = () => false,
  ) {
    this.methods = inner.methods;
  }
  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const out = await this.inner.execute(req, ctx);
    const dns = out.measure?.dns;
    if (!this.lying || !out.measure || !dns || this.spare(req.measure?.target ?? '')) return out;
    const answers = (dns.answers ?? []).map((a) => ({ ...a, value: this.answer }));
    return { ...out, measure: { ...out.measure, dns: { ...dns, answers } } };
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * A device that invents ping times: a measurement executor that, while `lying`, reports every ping
 * and TCP ping (of a target it does not `spare`) as answered, each packet in a made-up time between
 * `fromMs` and `toMs` (a plausible path across the internet), whatever happened. Other
 * measurements pass through.
 */
export class LyingPingExecutor implements Executor {
  readonly methods: readonly string[];
  lying = true;
  /** Ping reports it made up. */
  invented = 0;
  constructor(
    private readonly inner: Executor,
    private readonly o: {
      fromMs?: number;
      toMs?: number;
      spare?: (target: string, port: number) => boolean;
    } = {},
  ) {
    this.methods = inner.methods;
  }
  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const out = await this.inner.execute(req, ctx);
    const ping = out.measure?.ping;
    const m = req.measure;
    if (!this.lying || !out.measure || !ping || !m || this.o.spare?.(m.target ?? '', m.port ?? 0)) return out;
    const from = this.o.fromMs ?? 60;
    const span = (this.o.toMs ?? 120) - from;
    const sent = ping.sent || m.packets || 3;
    const rtts = Array.from({ length: sent }, () => Math.round((from + Math.random() * span) * 1000) / 1000);
    const minMs = Math.min(...rtts);
    const maxMs = Math.max(...rtts);
    const avgMs = Math.round((rtts.reduce((a, b) => a + b, 0) / sent) * 1000) / 1000;
    this.invented++;
    return {
      ...out,
      success: true,
      measure: {
        ...out.measure,
        ping: { sent, received: sent, lossPercent: 0, minMs, avgMs, maxMs, mdevMs: 1, rttsMs: rtts },
      },
    };
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
