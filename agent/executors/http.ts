// Plain HTTP(S) jobs on undici. Every hop is checked through the policy, then sent on a kept-alive
// connection pooled per (origin, approved address) (agent/policy/pinned-pools.ts: a pool dials only
// that address), redirects are followed here so every hop is checked again, and the whole job
// (connect, headers, body, reader text, extraction) runs under one deadline. Reader text and
// extraction run in the agent's offload pool (offload/), where the deadline can stop them.

import type { CookieJar } from 'tough-cookie';
import type { Dispatcher } from 'undici';
import type { ExtractSpec, Header, InputCookie, PageFeature } from '../../proto/index.js';
import { HTTP_METHODS } from '../../proto/index.js';
import type { DeviceErrorType } from '../errors.js';
import {
  connectionReleased,
  type NetworkPolicy,
  PinnedPools,
  type PinnedPoolsOptions,
  TargetConnectError,
} from '../policy/index.js';
import { decodeBody, parseContentEncoding } from './content-decoding.js';
import {
  cookieHeaderValue,
  inputToRecord,
  jarRecords,
  SessionJars,
  storeInputCookies,
  storeSetCookies,
} from './cookie-jar.js';
import { networkContext } from './network-context.js';
import {
  finishExtractionOffloaded,
  type OffloadLimits,
  OffloadPool,
  responseReaderOffloaded,
} from './offload/index.js';
import { pageLinksOffloaded } from './page-links.js';
import {
  type ExecContext,
  type ExecOutcome,
  type ExecRequest,
  type Executor,
  emptyOutcome,
} from './types.js';
import {
  abortable,
  abortMessage,
  allValues,
  classifyWireError,
  firstValue,
  flattenHeaders,
  parseTarget,
  unsendableHeader,
} from './wire.js';

export interface HttpExecutorOptions {
  policy: NetworkPolicy;
  /** Largest response body kept; a larger one ends the job with `too_large`. */
  maxBodyBytes: number;
  /** Redirects followed before the last 3xx is reported as the answer. Default: 10. */
  maxRedirects?: number;
  /** Extra trusted CA certificates (lab, tests), added to Node's bundled roots. Default: none. */
  ca?: Buffer[];
  /** Local address every connection is bound to (`--local-address`). Default: none (the OS chooses). */
  localAddress?: string;
  /** Sent when the job gives no User-Agent header. Default: DEFAULT_USER_AGENT. */
  userAgent?: string;
  /** Keep-alive pooling limits (pools kept, connections per pool, idle timeout). Defaults: PinnedPools'. */
  keepAlive?: Pick<PinnedPoolsOptions, 'maxPools' | 'maxConnectionsPerPool' | 'keepAliveTimeoutMs'>;
  /**
   * Worker threads for reader text and extraction, shared with the agent's other executors.
   * Default: a pool of this executor's own, closed with it.
   */
  offload?: OffloadPool;
}

export const DEFAULT_USER_AGENT = 'crawl-agent/0.1';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Framing headers undici sets itself (or refuses): a job's values for them are not sent. */
const MANAGED = new Set([
  'connection',
  'content-length',
  'expect',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);
/** Dropped when a redirect turns the request into a GET without a body (fetch standard). */
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);
/** Dropped when a redirect leaves the origin, so credentials meant for one site do not leak to another. */
const ORIGIN_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'host']);
/** undici codes meaning the target answered something that is not valid HTTP. */

/** One request of the redirect chain. */
interface Hop {
  url: URL;
  method: string;
  body: Buffer;
  headers: Header[];
  /** The job's input cookies: sent only while the chain stays on the job's origin. */
  cookies: InputCookie[];
}

interface JobScope {
  signal: AbortSignal;
  jar: CookieJar | undefined;
  /** When the job's timeout ends, on performance.now()'s clock. */
  endsAtMs: number;
  log: ExecContext['log'];
}

/** The DOM of a larger page could take the offload worker past its heap: it is refused. */
const MAX_EXTRACT_HTML_CHARS = 5 * 1024 * 1024;

/**
 * A GET job's extraction: on the body parsed as HTML (no scripts run; XPath needs a full page), in
 * the offload pool until the job's timeout (a schema or selector that outlives it is stopped there).
 */
async function extractBody(
  pool: OffloadPool,
  spec: ExtractSpec,
  outcome: ExecOutcome,
  endsAtMs: number,
  signal: AbortSignal,
): Promise<void> {
  const body = outcome.content.body;
  const html = body && /html|xml/i.test(outcome.contentType) ? body.toString('utf8') : null;
  const refusal =
    html === null
      ? `extract needs an HTML response, not ${outcome.contentType || 'an empty type'}`
      : html.length > MAX_EXTRACT_HTML_CHARS
        ? `extract reads pages of at most ${MAX_EXTRACT_HTML_CHARS} characters`
        : null;
  const input =
    refusal !== null || html === null
      ? { spec, baseUrl: outcome.finalUrl, found: { value: null, errors: [refusal ?? ''] } }
      : { spec, baseUrl: outcome.finalUrl, html };
  const done = await finishExtractionOffloaded(pool, input, {
    timeoutMs: endsAtMs - performance.now(),
    signal,
  });
  if (done.part) outcome.content.extract = done.part;
  outcome.extractErrors = done.errors;
}

export class HttpExecutor implements Executor {
  readonly methods: readonly string[] = HTTP_METHODS;
  readonly failureType: DeviceErrorType = 'invalid_response';
  /** Extraction from a GET job's HTML (docs/actions.md), parsed with linkedom. */
  readonly pageFeatures: readonly PageFeature[] = ['extract'];
  readonly #policy: NetworkPolicy;
  readonly #maxBodyBytes: number;
  readonly #maxRedirects: number;
  readonly #localAddress: string | undefined;
  readonly #pools: PinnedPools;
  readonly #userAgent: string;
  readonly #jars = new SessionJars();
  readonly #offload: OffloadPool;
  #closed = false;

  constructor(options: HttpExecutorOptions) {
    this.#policy = options.policy;
    this.#maxBodyBytes = options.maxBodyBytes;
    this.#maxRedirects = options.maxRedirects ?? 10;
    this.#localAddress = options.localAddress || undefined;
    this.#pools = new PinnedPools({
      ca: options.ca,
      localAddress: this.#localAddress,
      ...options.keepAlive,
    });
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.#offload = options.offload ?? new OffloadPool();
    this.#offload.retain();
  }

  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    if (this.#closed) throw new Error('HttpExecutor is closed');
    const startedAtMs = Date.now();
    const started = process.hrtime.bigint();
    const endsAtMs = performance.now() + req.timeoutMs;
    // Reader text or extraction may follow: a worker starts while the request is on the network.
    this.#offload.warm();
    const outcome = emptyOutcome(startedAtMs, req.url);
    outcome.requestCookies = req.cookies.map(inputToRecord);
    outcome.network = networkContext(undefined, this.#localAddress);

    // One controller for the job, aborted by its own timeout or by the runner's signal (cheaper per
    // job than AbortSignal.any, which tracks its sources through weak references).
    const job = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      job.abort(new DOMException('the job timed out', 'TimeoutError'));
    }, req.timeoutMs);
    const onAbort = () => job.abort(ctx.signal.reason);
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener('abort', onAbort, { once: true });
    const jar = req.sessionId ? this.#jars.get(req.sessionId) : undefined;
    try {
      await this.#run(req, outcome, { signal: job.signal, jar, endsAtMs, log: ctx.log });
    } catch (err) {
      const [errorType, errorMessage]: [DeviceErrorType, string] = timedOut
        ? ['timeout', `Request timed out after ${req.timeoutMs / 1000} seconds`]
        : ctx.signal.aborted
          ? ['timeout', abortMessage(ctx.signal)]
          : classifyWireError(err);
      Object.assign(outcome, { success: false, errorType, errorMessage, content: {} });
      ctx.log.debug({ err, errorType }, 'http job failed');
    } finally {
      outcome.timeUs = Number((process.hrtime.bigint() - started) / 1000n);
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
    }
    if (jar) outcome.responseCookies = await jarRecords(jar);
    if (req.page?.extract && outcome.success)
      await extractBody(this.#offload, req.page.extract, outcome, endsAtMs, ctx.signal);
    return outcome;
  }

  pageLinks(
    html: Buffer | undefined,
    pageUrl: string,
    contentType: string,
    limits: OffloadLimits,
  ): Promise<string[]> {
    return pageLinksOffloaded(this.#offload, html, pageUrl, contentType, limits);
  }

  async endSession(sessionId: string): Promise<void> {
    this.#jars.drop(sessionId);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#jars.clear();
    await Promise.all([this.#pools.destroy(), this.#offload.release()]);
  }

  async #run(req: ExecRequest, outcome: ExecOutcome, scope: JobScope): Promise<void> {
    let hop: Hop | null = {
      url: parseTarget(req.url),
      method: req.method.toUpperCase(),
      body: req.body,
      headers: req.headers,
      cookies: req.cookies,
    };
    if (scope.jar) await storeInputCookies(scope.jar, req.cookies, hop.url.href);
    for (let redirects = 0; hop; redirects++) {
      // A hop that fails reports itself, not the redirect that led to it.
      Object.assign(outcome, {
        finalUrl: hop.url.href,
        statusCode: 0,
        responseHeaders: [],
        contentType: '',
        tlsVersion: '',
        tlsCipher: '',
      });
      const port = Number(hop.url.port) || (hop.url.protocol === 'https:' ? 443 : 80);
      // Checked for every hop of every job, pooled connection or not: the pool is chosen by the
      // address this check allows, so a changed DNS answer or a refusal is never bypassed.
      const decision = await abortable(this.#policy.check(hop.url.hostname, port), scope.signal);
      outcome.network = networkContext(decision, this.#localAddress);
      if (!decision.allowed) throw new TargetConnectError('blocked', decision.message);

      const sent = await this.#headersFor(hop, scope.jar);
      outcome.requestHeaders = sent;
      // Every hop's headers (a redirect's Cookie is new) are checked before a pool is asked.
      const unsendable = unsendableHeader(sent);
      if (unsendable) throw unsendable;
      // Taken in the same tick as the request is dispatched, so an eviction cannot close it between.
      const pool = this.#pools.get(hop.url, decision);
      const res: Dispatcher.ResponseData = await this.#pools.request(pool, hop.url, {
        method: hop.method as Dispatcher.HttpMethod,
        headers: sent.flatMap((h) => [h.name ?? '', h.value ?? '']),
        body: hop.body.length > 0 ? hop.body : undefined,
        signal: scope.signal,
      });
      const tls = hop.url.protocol === 'https:' ? pool.tls() : undefined;
      Object.assign(outcome, {
        statusCode: res.statusCode,
        responseHeaders: flattenHeaders(res.headers),
        contentType: firstValue(res.headers['content-type']),
        tlsVersion: tls?.version ?? '',
        tlsCipher: tls?.cipher ?? '',
      });
      if (scope.jar) await storeSetCookies(scope.jar, allValues(res.headers['set-cookie']), hop.url.href);

      const next: Hop | null =
        REDIRECTS.has(res.statusCode) && redirects < this.#maxRedirects
          ? nextHop(hop, res.statusCode, firstValue(res.headers.location))
          : null;
      if (next) {
        await res.body.dump();
      } else {
        await this.#readBody(res, outcome, scope);
      }
      // The connection is back in its pool before the next hop (or job) asks for one.
      await connectionReleased();
      hop = next;
    }
  }

  async #readBody(res: Dispatcher.ResponseData, outcome: ExecOutcome, scope: JobScope): Promise<void> {
    const limit = this.#maxBodyBytes;
    const tooLarge = (received: number) => {
      Object.assign(outcome, {
        success: false,
        errorType: 'too_large',
        errorMessage: `Response body exceeds the limit of ${limit} bytes`,
        sizeBytes: received,
      });
    };
    const dropBody = () => {
      // undici reports a destroyed body as an aborted request; nobody waits on it any more.
      res.body.on('error', () => {});
      res.body.destroy();
    };
    if (Number(firstValue(res.headers['content-length'])) > limit) {
      dropBody();
      return tooLarge(0);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer; // undici's body yields Buffers (no setEncoding here)
      size += buf.length;
      outcome.transferBytes = size;
      if (size > limit) {
        dropBody();
        return tooLarge(size);
      }
      chunks.push(buf);
    }
    const received = Buffer.concat(chunks, size);
    const encodingHeader = firstValue(res.headers['content-encoding']).trim();
    const decoded = await decodeBody(received, parseContentEncoding(encodingHeader), limit);
    // A decoded body past the limit ends the job as an over-limit plain body does.
    if (decoded.kind === 'too_large') return tooLarge(limit + 1);
    const body = decoded.kind === 'decoded' ? decoded.body : received;
    // Reported only when removed here: a body kept as received still carries its encoding.
    outcome.contentEncoding = decoded.kind === 'decoded' ? encodingHeader.toLowerCase() : '';
    const reader = await responseReaderOffloaded(
      this.#offload,
      body,
      {
        contentType: outcome.contentType,
        // Decoded here already, unless the encoding is one the agent keeps as received.
        contentEncoding: decoded.kind === 'kept' ? encodingHeader : '',
        url: outcome.finalUrl,
        maxBytes: limit,
      },
      { timeoutMs: scope.endsAtMs - performance.now(), signal: scope.signal },
      scope.log,
    );
    Object.assign(outcome, {
      success: true,
      sizeBytes: body.length,
      content: reader ? { body, reader } : { body },
    });
  }

  /** The headers a hop sends: the job's (framing ones left to undici), User-Agent, one Cookie. */
  async #headersFor(hop: Hop, jar: CookieJar | undefined): Promise<Header[]> {
    const sent: Header[] = [];
    const givenCookies: string[] = [];
    let cookieAt = -1;
    let hasUserAgent = false;
    for (const h of hop.headers) {
      const name = h.name ?? '';
      const lower = name.toLowerCase();
      if (MANAGED.has(lower)) continue;
      if (lower === 'cookie') {
        if (cookieAt < 0) cookieAt = sent.length;
        givenCookies.push(h.value ?? '');
        continue;
      }
      if (lower === 'user-agent') hasUserAgent = true;
      sent.push({ name, value: h.value ?? '' });
    }
    if (!hasUserAgent) sent.push({ name: 'user-agent', value: this.#userAgent });
    // RFC 6265 wants a single Cookie header, so the job's own and ours are merged into one.
    const cookie = await cookieHeaderValue(givenCookies, hop.cookies, jar, hop.url.href);
    if (cookie !== '')
      sent.splice(cookieAt < 0 ? sent.length : cookieAt, 0, { name: 'cookie', value: cookie });
    return sent;
  }
}

/** The request a redirect leads to, or null when it cannot be followed (the 3xx is then the answer). */
function nextHop(hop: Hop, status: number, location: string): Hop | null {
  if (location === '') return null;
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const toGet =
    (status === 303 && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  const sameOrigin = url.origin === hop.url.origin;
  const headers = hop.headers.filter((h) => {
    const lower = (h.name ?? '').toLowerCase();
    return !(toGet && BODY_HEADERS.has(lower)) && !(!sameOrigin && ORIGIN_HEADERS.has(lower));
  });
  return {
    url,
    method: toGet ? 'GET' : hop.method,
    body: toGet ? Buffer.alloc(0) : hop.body,
    headers,
    cookies: sameOrigin ? hop.cookies : [],
  };
}
