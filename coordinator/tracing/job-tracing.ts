// The coordinator's spans of a job: crawl.submit (the job stored and queued; parent: the client's
// traceparent, if any), crawl.dispatch (one attempt: claim → Assign written; its context travels in
// the Assign so the agent's crawl.execute joins), crawl.ingest (final frame → content stored → job
// completed). Dispatch and ingest are children of the submit span, whose traceparent is stored with
// the job: any coordinator of a cluster that places or ingests the job continues the same trace.
// Attributes name the job, method, attempt, device and outcome; never a URL's path or query, a key,
// request headers or bodies. Only built when tracing is on: off, callers hold no JobTracing at all.
import { type Attributes, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { errorTypeOf, hostOf } from '../../common/tracing/attributes.js';
import type { Tracing, WireTraceContext } from '../../common/tracing/tracer.js';
import type { JobRecord } from '../store/records.js';

export type { WireTraceContext } from '../../common/tracing/tracer.js';

/** One span of a job's trace, as the coordinator's parts use it. */
export interface JobSpan {
  /** The span's W3C context: stored with the job (submit), sent in the Assign (dispatch). */
  readonly wire: WireTraceContext;
  /** Adds an attribute (an outcome known only at the end). */
  set(key: string, value: string | number | boolean): void;
  /** Ends the span; with an error, marks it failed with the error's code (never its message). */
  end(err?: unknown): void;
}

export interface SubmitInfo {
  /** The job, or the first of a sweep's jobs. */
  job: JobRecord;
  /** Jobs this submit creates (a sweep's tries). */
  count: number;
}

export class JobTracing {
  constructor(private readonly tracing: Tracing) {}

  /** A submission: a job, or a sweep's tries (one span for all of them). */
  submit({ job, count }: SubmitInfo, parent: Partial<WireTraceContext> | undefined): JobSpan {
    const attributes: Attributes = { 'crawl.job.method': job.method, 'crawl.target.host': hostOf(job.url) };
    if (job.sweepId) {
      attributes['crawl.sweep.id'] = job.sweepId;
      attributes['crawl.sweep.jobs'] = count;
    } else attributes['crawl.job.id'] = job.id;
    if (job.sessionId) attributes['crawl.session.id'] = job.sessionId;
    const ctx = this.tracing.parentOf(parent?.traceParent, parent?.traceState);
    return this.wrap(
      this.tracing.tracer.startSpan('crawl.submit', { kind: SpanKind.INTERNAL, attributes }, ctx),
    );
  }

  /** One attempt handed to a device: from the claim to the Assign written on its link. */
  dispatch(job: JobRecord, attempt: number, deviceId: string): JobSpan {
    return this.child('crawl.dispatch', SpanKind.PRODUCER, job, attempt, deviceId);
  }

  /** A device's final frame for an attempt: content to storage, then the job completed. */
  ingest(job: JobRecord, attempt: number, deviceId: string): JobSpan {
    return this.child('crawl.ingest', SpanKind.CONSUMER, job, attempt, deviceId);
  }

  shutdown(): Promise<void> {
    return this.tracing.shutdown();
  }

  private child(name: string, kind: SpanKind, job: JobRecord, attempt: number, deviceId: string): JobSpan {
    const attributes: Attributes = {
      'crawl.job.id': job.id,
      'crawl.job.method': job.method,
      'crawl.job.attempt': attempt,
      'crawl.device.id': deviceId,
    };
    const ctx = this.tracing.parentOf(job.traceParent ?? undefined);
    return this.wrap(this.tracing.tracer.startSpan(name, { kind, attributes }, ctx));
  }

  private wrap(span: Span): JobSpan {
    let wire: WireTraceContext | null = null;
    const tracing = this.tracing;
    return {
      get wire() {
        wire ??= tracing.wireOf(span);
        return wire;
      },
      set: (key, value) => void span.setAttribute(key, value),
      end: (err) => {
        if (err !== undefined) {
          span.setAttribute('error.type', errorTypeOf(err));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }
}

/** Ends `span` when `work` settles, its outcome (stored, duplicate, …) under `key`. */
export async function endWhenSettled<T extends string>(
  span: JobSpan,
  key: string,
  work: Promise<T>,
): Promise<T> {
  try {
    const outcome = await work;
    span.set(key, outcome);
    span.end();
    return outcome;
  } catch (err) {
    span.end(err);
    throw err;
  }
}

/**
 * A request's W3C trace context (`traceparent`, `tracestate` headers), the parent of the submit
 * span it causes; undefined without one. Parsed and checked by the propagator, only when tracing.
 */
export function incomingTrace(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Partial<WireTraceContext> | undefined {
  const traceParent = headers.traceparent;
  // Several traceparent headers are invalid (W3C Trace Context): no parent then.
  if (typeof traceParent !== 'string') return undefined;
  const traceState = headers.tracestate;
  return { traceParent, traceState: typeof traceState === 'string' ? traceState : undefined };
}
