// Opens tracing for one process when an OTLP endpoint is configured: a BasicTracerProvider with a
// batch processor and the OTLP/HTTP (JSON) exporter, and W3C trace-context propagation over plain
// strings (the Assign frame's fields, a job's stored trace parent, a request's traceparent header).
// Nothing is registered globally (each process part gets the tracer it was given), and the SDK is
// loaded only when tracing is on: off, none of it is imported.
import {
  type Context,
  type DiagLogger,
  DiagLogLevel,
  defaultTextMapGetter,
  defaultTextMapSetter,
  diag,
  ROOT_CONTEXT,
  type Span,
  type TextMapPropagator,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { TracingConfig } from './tracing-config.js';

/** W3C trace context as it travels in strings; both empty when there is none. */
export interface WireTraceContext {
  traceParent: string;
  traceState: string;
}

export interface Tracing {
  readonly tracer: Tracer;
  /** A context whose parent is this traceparent (and tracestate); the root context when invalid. */
  parentOf(traceParent: string | undefined, traceState?: string): Context;
  /** The span's context in W3C form (traceparent and tracestate strings). */
  wireOf(span: Span): WireTraceContext;
  /** Exports what is buffered and stops; bounded, safe twice. */
  shutdown(): Promise<void>;
}

/** Where the SDK's own complaints (an unreachable collector) go. */
export interface TracingLog {
  warn(obj: object, msg: string): void;
}

export interface OpenTracingOptions {
  /** Resource attributes besides service.name (the coordinator's or device's id). */
  attributes: Record<string, string>;
  log: TracingLog;
  /** How long shutdown waits for the last export. Default 5 s. */
  shutdownTimeoutMs?: number;
}

/** The tracer for the configured endpoint, or null when tracing is off. */
export async function openTracing(config: TracingConfig, opts: OpenTracingOptions): Promise<Tracing | null> {
  if (config.otlpEndpoint === null) return null;
  const [sdk, { OTLPTraceExporter }, { resourceFromAttributes }, { W3CTraceContextPropagator }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      // Installed with sdk-trace-base (its dependency); the W3C propagator lives there.
      import('@opentelemetry/core'),
    ]);
  diag.setLogger(diagTo(opts.log), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  const root =
    config.sampleRatio >= 1
      ? new sdk.AlwaysOnSampler()
      : new sdk.TraceIdRatioBasedSampler(config.sampleRatio);
  const provider = new sdk.BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, ...opts.attributes }),
    sampler: new sdk.ParentBasedSampler({ root }),
    // Some attributes come from devices (an error type): bounded, whatever a device sends.
    spanLimits: { attributeValueLengthLimit: 256, attributeCountLimit: 32 },
    spanProcessors: [new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: config.otlpEndpoint }))],
  });
  const propagator: TextMapPropagator = new W3CTraceContextPropagator();
  const tracer = provider.getTracer('crawl-network');
  const timeoutMs = opts.shutdownTimeoutMs ?? 5_000;
  let stopped: Promise<void> | null = null;
  return {
    tracer,
    parentOf(traceParent, traceState) {
      if (!traceParent) return ROOT_CONTEXT;
      const carrier: Record<string, string> = { traceparent: traceParent };
      if (traceState) carrier.tracestate = traceState;
      return propagator.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
    },
    wireOf(span) {
      const carrier: Record<string, string> = {};
      propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
      return { traceParent: carrier.traceparent ?? '', traceState: carrier.tracestate ?? '' };
    },
    shutdown() {
      stopped ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), timeoutMs);
        });
        const done = provider.shutdown().then(
          () => 'done' as const,
          (err: unknown) => {
            opts.log.warn({ err }, 'trace export at shutdown failed');
            return 'done' as const;
          },
        );
        if ((await Promise.race([done, late])) === 'late')
          opts.log.warn({ timeoutMs }, 'trace export at shutdown did not finish in time');
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}

/** The SDK's diagnostics (export failures) as warnings in the process's log. */
function diagTo(log: TracingLog): DiagLogger {
  const warn = (message: string, ...args: unknown[]) =>
    log.warn({ component: 'tracing', detail: args.map(String).join(' ') }, message);
  const ignore = () => undefined;
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}
