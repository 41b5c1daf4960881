// A local OTLP/HTTP trace receiver: takes the JSON export requests at /v1/traces on 127.0.0.1 and
// keeps every span, flattened, with the service that sent it, and the raw request bodies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
};
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  status?: { code?: number };
}
interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  statusCode: number;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** Base URL to give as --otlp-endpoint (http://127.0.0.1:port). */
  url: string;
  spans: ReceivedSpan[];
  /** Every request body as received (to look for what must never be exported). */
  bodies: string[];
  /** Requests to anything but POST /v1/traces. */
  strayRequests: number;
  /** Resolves once a span matching `match` has arrived. */
  waitFor(match: (s: ReceivedSpan) => boolean): Promise<ReceivedSpan>;
  close(): Promise<void>;
}

const scalarOf = (v: AnyValue): string | number | boolean =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));

const flatten = (kvs: KeyValue[] | undefined): Record<string, string | number | boolean> =>
  Object.fromEntries((kvs ?? []).map((kv) => [kv.key, scalarOf(kv.value)]));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const waiters: Array<{ match: (s: ReceivedSpan) => boolean; resolve: (s: ReceivedSpan) => void }> = [];
  const receiver = { strayRequests: 0 };
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      receiver.strayRequests++;
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      const parsed = JSON.parse(body) as ExportRequest;
      for (const rs of parsed.resourceSpans ?? []) {
        const resource = flatten(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            const span: ReceivedSpan = {
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              kind: s.kind,
              statusCode: s.status?.code ?? 0,
              attributes: flatten(s.attributes),
              resource,
            };
            spans.push(span);
            for (const w of [...waiters]) {
              if (w.match(span)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(span);
              }
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    get strayRequests() {
      return receiver.strayRequests;
    },
    waitFor(match) {
      const found = spans.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
