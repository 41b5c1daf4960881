// SOLANA_JSON_RPC jobs: POST the job's JSON-RPC request (or batch) to an RPC node and keep its answer
// verbatim. The request is checked with @solana/web3.js's JSON-RPC payload guard; the wire is undici
// with the policy connector, as for HTTP jobs. web3.js's own transport is not used for the wire:
// it parses the answer (the exact text is lost), throws on a non-2xx status without the body or any
// header, has no size limit, and goes through Node 20's bundled fetch, which rejects an undici 7
// dispatcher (the one that pins the connection to the policy-checked address). Connections are kept
// alive per (origin, approved address), as for HTTP jobs (agent/policy/pinned-pools.ts).

import { isJsonRpcPayload } from '@solana/web3.js';
import type { Dispatcher } from 'undici';
import type { Header } from '../../proto/index.js';
import type { DeviceErrorType } from '../errors.js';
import {
  connectionReleased,
  type NetworkPolicy,
  type PinnedPool,
  PinnedPools,
  type PinnedPoolsOptions,
  TargetConnectError,
} from '../policy/index.js';
import { DEFAULT_USER_AGENT } from './http.js';
import { networkContext } from './network-context.js';
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
  classifyWireError,
  firstValue,
  flattenHeaders,
  parseTarget,
  unsendableHeader,
} from './wire.js';

export interface SolanaExecutorOptions {
  policy: NetworkPolicy;
  /** Largest response kept; a larger one ends the job with `too_large`. */
  maxBodyBytes: number;
  /** Extra trusted CA certificates (lab, tests), added to Node's bundled roots. Default: none. */
  ca?: Buffer[];
  /** Local address every connection is bound to (`--local-address`). Default: none (the OS chooses). */
  localAddress?: string;
  /** Keep-alive pooling limits (pools kept, connections per pool, idle timeout). Defaults: PinnedPools'. */
  keepAlive?: Pick<PinnedPoolsOptions, 'maxPools' | 'maxConnectionsPerPool' | 'keepAliveTimeoutMs'>;
}

export const SOLANA_METHOD = 'SOLANA_JSON_RPC';

/**
 * Headers the executor owns: framing is undici's, and the body must go out and come back as plain
 * JSON (no compression), so the answer is kept byte for byte.
 */
const OWNED = new Set([
  'accept',
  'accept-encoding',
  'connection',
  'content-length',
  'content-type',
  'expect',
  'keep-alive',
  'proxy-connection',
  'te',
  'transfer-encoding',
  'upgrade',
]);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A job outcome decided before or after the wire, thrown to leave #run. */
class JobFailure extends Error {
  constructor(
    readonly errorType: DeviceErrorType,
    message: string,
  ) {
    super(message);
  }
}

export class SolanaExecutor implements Executor {
  readonly methods: readonly string[] = [SOLANA_METHOD];
  readonly failureType: DeviceErrorType = 'rpc';
  readonly #policy: NetworkPolicy;
  readonly #maxBodyBytes: number;
  readonly #localAddress: string | undefined;
  readonly #pools: PinnedPools;
  #closed = false;

  constructor(options: SolanaExecutorOptions) {
    this.#policy = options.policy;
    this.#maxBodyBytes = options.maxBodyBytes;
    this.#localAddress = options.localAddress || undefined;
    this.#pools = new PinnedPools({
      ca: options.ca,
      localAddress: this.#localAddress,
      ...options.keepAlive,
    });
  }

  async execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    if (this.#closed) throw new Error('SolanaExecutor is closed');
    const startedAtMs = Date.now();
    const started = process.hrtime.bigint();
    const outcome = emptyOutcome(startedAtMs, req.url);
    outcome.network = networkContext(undefined, this.#localAddress);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), req.timeoutMs);
    const signal = AbortSignal.any([ctx.signal, deadline.signal]);
    const used: { pool?: PinnedPool } = {};
    try {
      await this.#run(req, outcome, used, signal);
    } catch (err) {
      const [errorType, errorMessage]: [DeviceErrorType, string] = deadline.signal.aborted
        ? ['timeout', `Request timed out after ${req.timeoutMs / 1000} seconds`]
        : ctx.signal.aborted
          ? ['timeout', abortMessage(ctx.signal)]
          : classify(err);
      // A JSON-RPC or shape failure still keeps what the node answered; a wire failure has nothing.
      const keep = err instanceof JobFailure && (errorType === 'rpc' || errorType === 'invalid_response');
      Object.assign(outcome, {
        success: false,
        errorType,
        errorMessage,
        content: keep ? outcome.content : {},
      });
      ctx.log.debug({ err, errorType }, 'solana job failed');
    } finally {
      outcome.timeUs = Number((process.hrtime.bigint() - started) / 1000n);
      // Recorded by the connector at the handshake; present whenever an HTTPS node answered.
      const tls = outcome.statusCode > 0 ? used.pool?.tls() : undefined;
      outcome.tlsVersion = tls?.version ?? '';
      outcome.tlsCipher = tls?.cipher ?? '';
      clearTimeout(timer);
    }
    return outcome;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pools.destroy();
  }

  async #run(
    req: ExecRequest,
    outcome: ExecOutcome,
    used: { pool?: PinnedPool },
    signal: AbortSignal,
  ): Promise<void> {
    const url = parseTarget(req.url);
    const problem = requestProblem(req.body);
    // Checked here too (the coordinator validates first) so nothing malformed reaches a node.
    if (problem) throw new JobFailure('rpc', `JSON-RPC error -32600: Invalid Request (${problem}; not sent)`);
    const sent = headersFor(req.headers);
    outcome.requestHeaders = sent;
    // Checked before a pool is asked: a header undici refuses would leave the pool's connection busy.
    const unsendable = unsendableHeader(sent);
    if (unsendable) throw unsendable;

    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    // Checked for every job; the pool is the one of the address this check allowed.
    const decision = await abortable(this.#policy.check(url.hostname, port), signal);
    outcome.network = networkContext(decision, this.#localAddress);
    if (!decision.allowed) throw new TargetConnectError('blocked', decision.message);
    used.pool = this.#pools.get(url, decision);
    const res = await this.#pools.request(used.pool, url, {
      method: 'POST',
      headers: sent.flatMap((h) => [h.name ?? '', h.value ?? '']),
      body: req.body,
      signal,
    });
    Object.assign(outcome, {
      statusCode: res.statusCode,
      responseHeaders: flattenHeaders(res.headers),
      contentType: firstValue(res.headers['content-type']),
    });
    const body = await this.#readBody(res, outcome);
    await connectionReleased(); // the connection is back in its pool before the next job
    Object.assign(outcome, { sizeBytes: body.length, content: { body } });
    const rpcError = responseProblem(body, res.statusCode);
    if (rpcError) throw rpcError;
    outcome.success = true;
  }

  async #readBody(res: Dispatcher.ResponseData, outcome: ExecOutcome): Promise<Buffer> {
    const limit = this.#maxBodyBytes;
    const tooLarge = (received: number): never => {
      res.body.on('error', () => {}); // a destroyed body reports an abort nobody waits for
      res.body.destroy();
      outcome.sizeBytes = received;
      throw new JobFailure('too_large', `Response body exceeds the limit of ${limit} bytes`);
    };
    if (Number(firstValue(res.headers['content-length'])) > limit) tooLarge(0);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buf = chunk as Buffer; // undici's body yields Buffers (no setEncoding here)
      size += buf.length;
      if (size > limit) tooLarge(size);
      chunks.push(buf);
    }
    return Buffer.concat(chunks, size);
  }
}

/** Why `body` is not a JSON-RPC 2.0 request or non-empty batch, or null. */
function requestProblem(body: Buffer): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    return 'body is not UTF-8 JSON';
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length === 0) return 'empty batch';
  for (const item of items) {
    // web3.js's guard wants `params`, which JSON-RPC makes optional (getSlot is sent without).
    const withParams =
      item !== null && typeof item === 'object' && !('params' in item) ? { ...item, params: [] } : item;
    if (!isJsonRpcPayload(withParams)) return 'not a JSON-RPC 2.0 request';
  }
  return null;
}

/** The failure a JSON-RPC answer means: an error object (`rpc`), or no JSON-RPC at all. */
function responseProblem(body: Buffer, statusCode: number): JobFailure | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    return new JobFailure('invalid_response', `invalid response: HTTP ${statusCode}, body is not JSON`);
  }
  const batch = Array.isArray(parsed);
  const items: unknown[] = batch ? (parsed as unknown[]) : [parsed];
  if (items.length === 0 || !items.every(isJsonRpcResponse)) {
    return new JobFailure(
      'invalid_response',
      `invalid response: HTTP ${statusCode}, not a JSON-RPC 2.0 response`,
    );
  }
  const errors = (items as JsonRpcResponse[]).filter((r) => r.error !== undefined);
  const firstError = errors[0]?.error;
  if (!firstError) return null;
  const detail = `JSON-RPC error ${firstError.code}: ${firstError.message}`;
  const count = batch ? ` (${errors.length} of ${items.length} responses in the batch are errors)` : '';
  return new JobFailure('rpc', `${detail}${count}`);
}

interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  if (r['jsonrpc'] !== '2.0' || !('id' in r)) return false;
  if ('error' in r) {
    const e = r['error'] as Record<string, unknown> | null;
    return (
      e !== null && typeof e === 'object' && typeof e['code'] === 'number' && typeof e['message'] === 'string'
    );
  }
  return 'result' in r;
}

/** The job's headers minus the ones the executor owns, then JSON content negotiation. */
function headersFor(headers: Header[]): Header[] {
  const sent: Header[] = [];
  let hasUserAgent = false;
  for (const h of headers) {
    const name = h.name ?? '';
    const lower = name.toLowerCase();
    if (OWNED.has(lower)) continue;
    if (lower === 'user-agent') hasUserAgent = true;
    sent.push({ name, value: h.value ?? '' });
  }
  sent.push(
    { name: 'content-type', value: 'application/json' },
    { name: 'accept', value: 'application/json' },
  );
  if (!hasUserAgent) sent.push({ name: 'user-agent', value: DEFAULT_USER_AGENT });
  return sent;
}

function classify(err: unknown): [DeviceErrorType, string] {
  if (err instanceof JobFailure) return [err.errorType, err.message];
  return classifyWireError(err);
}
