// The one place the client talks HTTP: global fetch, the bearer key, and the contract's two error
// shapes (a bare JSON string on job, status and sweep endpoints; `{error}` on session endpoints).
import { apiErrorFor, CrawlTransportError } from './errors.js';

/** Options of a CrawlClient. */
export interface CrawlClientOptions {
  /** The coordinator's base URL, e.g. `https://crawl.example.com` (no `/crawl/v1`). */
  baseUrl: string;
  /** The API key, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** A fetch implementation. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Extra headers on every request (e.g. a User-Agent). Default none. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Headers of this request only (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Success statuses; any other is an error. Default [200]. */
  expect?: number[];
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  bytes: Buffer;
}

/** Reads the contract message out of an error body, whichever of the two shapes it has. */
export function errorMessageOf(bytes: Buffer, status: number): string {
  const text = bytes.toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object') {
      const e =
        (parsed as { error?: unknown; message?: unknown }).error ?? (parsed as { message?: unknown }).message;
      if (typeof e === 'string') return e;
    }
  } catch {
    // not JSON: a proxy's page, say; show its start
  }
  return text.trim().slice(0, 200) || `HTTP ${status}`;
}

export class HttpCore {
  readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  constructor(private readonly options: CrawlClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? globalThis.fetch;
  }

  /** Sends a request; answers the raw bytes of a success, throws a CrawlApiError otherwise. */
  async raw(method: string, path: string, o: RequestOptions = {}): Promise<RawAnswer> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      ...this.options.headers,
      ...o.headers,
      authorization: `Bearer ${this.options.apiKey}`,
    };
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const what = `${method} ${url.pathname}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, { method, headers, body, signal: o.signal ?? null });
    } catch (err) {
      if (o.signal?.aborted) throw o.signal.reason ?? err;
      throw new CrawlTransportError(`${what}: cannot reach ${this.baseUrl}`, { cause: err });
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      if (o.signal?.aborted) throw o.signal.reason ?? err;
      throw new CrawlTransportError(`${what}: the answer broke off`, { cause: err });
    }
    if (!(o.expect ?? [200]).includes(res.status)) {
      throw apiErrorFor(res.status, errorMessageOf(bytes, res.status), what);
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', bytes };
  }

  /** Sends a request and parses the JSON answer. */
  async json<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const answer = await this.raw(method, path, o);
    try {
      return JSON.parse(answer.bytes.toString('utf8')) as T;
    } catch (err) {
      throw new CrawlTransportError(`${method} ${path}: the answer is not JSON`, { cause: err });
    }
  }
}
