// The measurement executor: one job method per measurement type and protocol (MEASURE_DNS_UDP,
// MEASURE_PING_ICMP...), offered only when the probe found it working (probe.ts). It checks the
// request, runs the type's runner and reports the parsed result (ResultFinal.measure) with the raw
// output as the body part. See docs/measure.md.
import {
  MEASURE_RESULT_LIMITS,
  type MeasureMethod,
  type MeasureResult,
  measureProtocolOf,
  measureTypeOf,
} from '../../../proto/index.js';
import { JobError } from '../../errors.js';
import { type NetworkPolicy, TargetConnectError } from '../../policy/index.js';
import { networkContext } from '../network-context.js';
import type { ExecContext, ExecOutcome, ExecRequest, Executor } from '../types.js';
import { emptyOutcome } from '../types.js';
import { abortMessage } from '../wire.js';
import { dnsQuery } from './dns.js';
import { mtr } from './mtr.js';
import { decisionOf } from './pin.js';
import { pingIcmp } from './ping-icmp.js';
import { pingTcp } from './ping-tcp.js';
import type { MeasureTools } from './probe.js';
import { type MeasureJob, measureJob } from './request.js';
import { deviceIdentity, scrubDevice } from './scrub.js';
import { tlsHandshake } from './tls.js';
import { traceroute } from './traceroute.js';
import type { MeasureDeps, Measured, MeasureRun } from './types.js';

export interface MeasureExecutorOptions {
  policy: NetworkPolicy;
  tools: MeasureTools;
  /** `--local-address`; default none. */
  localAddress?: string | undefined;
  /** Extra trusted roots for the TLS verdict; default Node's bundled ones only. */
  ca?: Buffer[] | undefined;
}

const CONTENT_TYPE = 'text/plain; charset=utf-8';

function runnerOf(job: MeasureJob): (run: MeasureRun) => Promise<Measured> {
  switch (job.type) {
    case 'dns':
      return dnsQuery;
    case 'ping':
      return job.protocol === 'tcp' ? pingTcp : pingIcmp;
    case 'traceroute':
      return traceroute;
    case 'mtr':
      return mtr;
    case 'tls':
      return tlsHandshake;
  }
}

export class MeasureExecutor implements Executor {
  readonly methods: readonly MeasureMethod[];
  private readonly deps: MeasureDeps;

  constructor(options: MeasureExecutorOptions) {
    this.deps = {
      policy: options.policy,
      tools: options.tools,
      localAddress: options.localAddress ?? '',
      ca: options.ca ?? [],
    };
    this.methods = [...options.tools.methods];
  }

  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const startedAtMs = Date.now();
    const startNs = process.hrtime.bigint();
    const base = emptyOutcome(startedAtMs, req.url);
    const elapsedUs = () => Number((process.hrtime.bigint() - startNs) / 1000n);
    let job: MeasureJob | undefined;
    try {
      job = measureJob(req.method, req.measure);
      if (!(this.methods as readonly string[]).includes(job.method))
        throw new JobError('blocked', `${job.method} is not available on this device`);
      const measured = await runnerOf(job)({
        job,
        deps: this.deps,
        signal: ctx.signal,
        timeoutMs: req.timeoutMs,
      });
      return this.outcome(base, job, measured, elapsedUs(), req.timeoutMs);
    } catch (err) {
      let errorType: ExecOutcome['errorType'];
      let errorMessage: string;
      if (ctx.signal.aborted) [errorType, errorMessage] = ['timeout', abortMessage(ctx.signal)];
      else if (err instanceof JobError) [errorType, errorMessage] = [err.errorType, err.message];
      else if (err instanceof TargetConnectError) [errorType, errorMessage] = [err.kind, err.message];
      else throw err;
      const decision = decisionOf(err);
      return {
        ...base,
        errorType,
        // A tool's or a socket's complaint can name the device (mtr's report of a failed run).
        errorMessage: this.scrub(errorMessage, job, [
          decision?.allowed ? decision.address : '',
          ...(decision?.resolvedAddresses ?? []),
        ]),
        timeUs: elapsedUs(),
        network: networkContext(decision, this.deps.localAddress || undefined),
        ...(job
          ? {
              measure: {
                type: measureTypeOf(job.type),
                target: job.target,
                protocol: measureProtocolOf(job.protocol),
              },
            }
          : {}),
      };
    }
  }

  /**
   * A measurement's text without the device's host name and addresses (scrub.ts), whichever type:
   * the target and resolver as asked, and what the measurement found about them, are kept.
   */
  private scrub(text: string, job: MeasureJob | undefined, found: readonly string[]): string {
    return scrubDevice(text, deviceIdentity(this.deps.localAddress), [
      job?.target ?? '',
      job?.resolver ?? '',
      ...found,
    ]);
  }

  async close(): Promise<void> {
    // Nothing is kept between jobs: every tool process and socket ends with its job.
  }

  private outcome(
    base: ExecOutcome,
    job: MeasureJob,
    m: Measured,
    timeUs: number,
    timeoutMs: number,
  ): ExecOutcome {
    const raw = this.scrub(m.raw, job, [
      m.address,
      ...(m.decision?.resolvedAddresses ?? []),
      // A DNS answer is a finding, even when it names an address of this device.
      ...(m.dns?.answers?.map((a) => a.value ?? '') ?? []),
    ]);
    let body = Buffer.from(raw, 'utf8');
    let truncated = m.truncated;
    if (body.byteLength > MEASURE_RESULT_LIMITS.maxRawBytes) {
      body = body.subarray(0, MEASURE_RESULT_LIMITS.maxRawBytes);
      truncated = true;
    }
    const measure: MeasureResult = {
      type: measureTypeOf(job.type),
      target: job.target,
      address: m.address,
      protocol: measureProtocolOf(job.protocol),
      truncated,
      tool: m.tool,
      ...(m.ping ? { ping: m.ping } : {}),
      ...(m.hops ? { hops: m.hops } : {}),
      ...(m.dns ? { dns: m.dns } : {}),
      ...(m.tls ? { tls: m.tls } : {}),
    };
    const network = networkContext(m.decision, this.deps.localAddress || undefined);
    if (m.resolvers) network.resolvers = m.resolvers;
    return {
      ...base,
      success: !m.timedOut,
      errorType: m.timedOut ? 'timeout' : '',
      errorMessage: m.timedOut ? `${job.type} did not finish within ${timeoutMs} ms` : '',
      timeUs,
      sizeBytes: body.byteLength,
      // A measurement moves a few packets, not content: nothing counts against the owner's bytes.
      transferBytes: 0,
      tlsVersion: m.tls?.protocol ?? '',
      tlsCipher: m.tls?.cipher ?? '',
      contentType: CONTENT_TYPE,
      content: { body },
      network,
      measure,
    };
  }
}
