// The tracing settings both processes read (`--otlp-endpoint`, `--trace-service-name`,
// `--trace-sample-ratio`), each through its own config reader and env prefix.
import type { ConfigReader } from '../config-reader.js';

export interface TracingConfig {
  /**
   * Where spans are exported (OTLP over HTTP, JSON): the collector's base URL, e.g.
   * `http://127.0.0.1:4318` (`/v1/traces` is appended unless the path already ends in it), or a
   * full `…/v1/traces` URL. Default null: tracing is off, no SDK is loaded.
   */
  otlpEndpoint: string | null;
  /** `service.name` of the exported spans. Default crawl-coordinator or crawl-agent. */
  serviceName: string;
  /**
   * Share of new traces recorded (a trace begun by a client's `traceparent` or by the coordinator
   * follows its parent's sampled flag instead). Default 1.
   */
  sampleRatio: number;
}

const TRACES_PATH = '/v1/traces';

export function readTracingConfig(r: ConfigReader, defaultServiceName: string): TracingConfig {
  const endpoint = r.url('otlp-endpoint');
  let otlpEndpoint: string | null = null;
  if (endpoint !== null) {
    const u = new URL(endpoint);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      r.problem(`otlp-endpoint: expected an http(s) URL, got ${JSON.stringify(endpoint)}`);
    } else if (u.username || u.password) {
      // A credential in the URL would end up in logs; collectors take it as a header instead.
      r.problem('otlp-endpoint: no credentials in the URL (use OTEL_EXPORTER_OTLP_HEADERS)');
    } else {
      otlpEndpoint = u.pathname.endsWith(TRACES_PATH) ? endpoint : `${endpoint}${TRACES_PATH}`;
    }
  }
  const serviceName = r.str('trace-service-name', defaultServiceName);
  if (!/^[\w.-]{1,128}$/.test(serviceName))
    r.problem('trace-service-name: letters, digits, dots, dashes and underscores (1 to 128)');
  return { otlpEndpoint, serviceName, sampleRatio: r.fraction('trace-sample-ratio', 1) };
}
