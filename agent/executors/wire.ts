// Pieces the undici-based executors (HTTP, Solana JSON-RPC) share: target parsing, error
// classification into the job error types, abort racing, header flattening.

import { errors as undiciErrors } from 'undici';
import type { Header } from '../../proto/index.js';
import { AgentError, type DeviceErrorType, JobError } from '../errors.js';
import { DnsLookupError, TargetConnectError } from '../policy/index.js';

/** undici codes meaning the target answered something that is not valid HTTP. */
const INVALID_RESPONSE = new Set([
  'UND_ERR_HEADERS_OVERFLOW',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_INFO',
]);

/** The job URL, or a `blocked` failure for one that is not http(s) or does not parse. */
export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetConnectError('blocked', `target ${raw} is refused by the network policy (invalid-url)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetConnectError('blocked', `target ${raw} is refused by the network policy (scheme)`);
  }
  return url;
}

/** [error_type, error_message] for a failure of the connection or the exchange. */
export function classifyWireError(err: unknown): [DeviceErrorType, string] {
  if (err instanceof TargetConnectError) return [err.kind, err.message];
  if (err instanceof DnsLookupError) return ['dns', err.message];
  if (err instanceof JobError) return [err.errorType, err.message];
  const message = err instanceof Error ? err.message : String(err);
  const code =
    typeof err === 'object' && err !== null && 'code' in err && err.code !== undefined
      ? String(err.code)
      : '';
  // undici 7's parser error (a target answering something that is not HTTP/1.1) carries no code;
  // its class (or its name, should two undici copies meet) says what it is.
  if (isParserError(err)) return ['invalid_response', `invalid response: ${message}`];
  if (INVALID_RESPONSE.has(code) || code.startsWith('HPE_'))
    return ['invalid_response', `invalid response: ${message}`];
  // Raised by undici before anything is sent (a header value with a line break, say).
  if (code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED') {
    return ['connect', `request not sent: ${message}`];
  }
  return ['connect', `connection failed: ${code ? `${code}: ` : ''}${message}`];
}

function isParserError(err: unknown): boolean {
  return (
    err instanceof undiciErrors.HTTPParserError || (err instanceof Error && err.name === 'HTTPParserError')
  );
}

/** RFC 9110 `token`: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A character a header value cannot carry on HTTP/1.1: controls (CR, LF...) and anything above U+00FF. */
const UNSENDABLE_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/u;

/**
 * Why the headers of a request cannot be sent, or null. undici refuses these when the request is
 * dispatched, inside a connection pool, and a refusal there leaves the pool's connection counted
 * busy for good; so they are refused here, before any pool is asked, as a `connect` failure
 * ("request not sent", as undici's own refusals are reported) naming the header.
 */
export function unsendableHeader(headers: readonly Header[]): JobError | null {
  let hosts = 0;
  for (const h of headers) {
    const name = h.name ?? '';
    if (!TOKEN.test(name)) return notSent(`header name ${JSON.stringify(name)} is not a valid HTTP token`);
    const bad = UNSENDABLE_VALUE_CHAR.exec(h.value ?? '');
    if (bad) {
      const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      return notSent(`the value of header ${name} holds U+${code}, which an HTTP header cannot carry`);
    }
    if (name.toLowerCase() === 'host' && ++hosts > 1) return notSent('more than one host header');
  }
  return null;
}

function notSent(why: string): JobError {
  return new JobError('connect', `request not sent: ${why}`);
}

/** The message of a job its runner aborted: the coordinator's deadline, or a cancel. */
export function abortMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof AgentError && reason.code === 'JOB_DEADLINE'
    ? 'Request stopped at the coordinator deadline'
    : 'Request cancelled';
}

/** Races `promise` against `signal`, since a DNS lookup cannot itself be aborted. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

export type HeaderValue = string | string[] | undefined;

export function allValues(value: HeaderValue): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function firstValue(value: HeaderValue): string {
  return allValues(value)[0] ?? '';
}

/** undici's header object → one record per value, in order. */
export function flattenHeaders(headers: Record<string, HeaderValue>): Header[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    allValues(value).map((v) => ({ name, value: v })),
  );
}
