// The agent's span of a job, crawl.execute: from the accepted Assign to the result spooled. Its
// parent is the coordinator's dispatch span, whose W3C context the Assign carries (trace_parent,
// trace_state), so it joins the job's trace from this other process. Attributes: job, attempt,
// method, device, target host, the outcome; never the URL's path or query, headers or bodies.
// Only built when tracing is on (--otlp-endpoint); off, the job runner holds none.
import { type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { errorTypeOf, hostOf } from '../common/tracing/attributes.js';
import { openTracing, type Tracing } from '../common/tracing/tracer.js';
import type { AgentConfig } from './config.js';
import type { ExecOutcome } from './executors/types.js';
import type { AssignedJob } from './link/wire.js';

/** One job's execution span. */
export interface ExecutionSpan {
  /** What the executor produced: status, success, error type, bytes. */
  outcome(outcome: ExecOutcome): void;
  /** Where the result went: spooled, cancelled (no result), spool_failed. */
  ended(how: 'spooled' | 'cancelled' | 'spool_failed', err?: unknown): void;
}

export class ExecutionTracing {
  constructor(
    private readonly tracing: Tracing,
    private readonly deviceId: string,
  ) {}

  execute(job: AssignedJob): ExecutionSpan {
    const ctx = this.tracing.parentOf(job.traceParent, job.traceState);
    const span = this.tracing.tracer.startSpan(
      'crawl.execute',
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'crawl.job.id': job.jobId,
          'crawl.job.attempt': job.attempt,
          'crawl.job.method': job.request.method,
          'crawl.device.id': this.deviceId,
          'crawl.target.host': hostOf(job.request.url),
        },
      },
      ctx,
    );
    return new Execution(span);
  }

  shutdown(): Promise<void> {
    return this.tracing.shutdown();
  }
}

class Execution implements ExecutionSpan {
  private done = false;
  constructor(private readonly span: Span) {}

  outcome(o: ExecOutcome): void {
    this.span.setAttributes({
      'crawl.result.success': o.success,
      'http.response.status_code': o.statusCode,
      'crawl.result.bytes': o.sizeBytes,
    });
    if (o.errorType) {
      this.span.setAttribute('crawl.result.error_type', o.errorType);
      this.span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }

  ended(how: 'spooled' | 'cancelled' | 'spool_failed', err?: unknown): void {
    if (this.done) return;
    this.done = true;
    this.span.setAttribute('crawl.execute.outcome', how);
    if (err !== undefined) {
      this.span.setAttribute('error.type', errorTypeOf(err));
      this.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    this.span.end();
  }
}

/** The agent's tracing from its config; undefined when off (nothing of the SDK is loaded then). */
export async function openAgentTracing(
  config: Readonly<AgentConfig>,
  log: Logger,
): Promise<ExecutionTracing | undefined> {
  const tracing = await openTracing(config.tracing, {
    attributes: { 'service.instance.id': config.deviceId, 'crawl.device.id': config.deviceId },
    log: log.child({ component: 'tracing' }),
  });
  if (!tracing) return undefined;
  log.info({ endpoint: config.tracing.otlpEndpoint }, 'exporting traces');
  return new ExecutionTracing(tracing, config.deviceId);
}
