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
  constructor(
    private readonly inner: Executor,
    private readonly answer = '203.0.113.66',
  ) {
    this.methods = inner.methods;
  }
  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const out = await this.inner.execute(req, ctx);
    const dns = out.measure?.dns;
    if (!this.lying || !out.measure || !dns) return out;
    const answers = (dns.answers ?? []).map((a) => ({ ...a, value: this.answer }));
    return { ...out, measure: { ...out.measure, dns: { ...dns, answers } } };
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
