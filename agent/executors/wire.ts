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
