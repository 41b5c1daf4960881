// How an S3 SDK failure becomes a StorageError. Classified by error name, socket code and HTTP status
// (never by message text), looking through `cause` and AggregateError, where Node puts the socket error.
import { StorageError } from './errors.js';

/** Socket-level failures: the server is down, unreachable, or the connection died. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
]);

/** S3 error names that mean "try again later" (throttling, timeouts), whatever their status. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'ThrottlingException',
]);

interface Inspectable {
  name?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** The error, its causes and AggregateError members, depth-limited against cycles. */
function* chain(err: unknown, depth = 0): Generator<Inspectable> {
  if (depth > 4 || typeof err !== 'object' || err === null) return;
  const e = err as Inspectable;
  yield e;
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
  yield* chain(e.cause, depth + 1);
}

function httpStatus(err: unknown): number | undefined {
  return (err as Inspectable | undefined)?.$metadata?.httpStatusCode;
}

/** True for "this key does not exist" (but not for a missing bucket, which is a setup error). */
export function isMissingObject(err: unknown): boolean {
  const name = (err as Inspectable | undefined)?.name;
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return httpStatus(err) === 404 && name !== 'NoSuchBucket';
}

export function isUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_SOCKET_CODES.has(e.code)) return true;
    if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
    const status = e.$metadata?.httpStatusCode;
    if (status !== undefined && (status >= 500 || status === 429)) return true;
  }
  return false;
}

/** The most specific name or socket code in the chain, for the message ("NoSuchBucket", "ECONNREFUSED"). */
function describe(err: unknown): string {
  for (const e of chain(err)) {
    if (typeof e.code === 'string') return ` (${e.code})`;
    if (typeof e.name === 'string' && e.name !== 'Error' && e.name !== 'AggregateError')
      return ` (${e.name})`;
  }
  return '';
}

/** Maps any failure of an S3 call; a StorageError passes through unchanged. */
export function fromS3Error(err: unknown, action: string): StorageError {
  if (err instanceof StorageError) return err;
  const detail = describe(err);
  if (isUnavailable(err)) {
    return new StorageError('STORAGE_UNAVAILABLE', `${action}: S3 unavailable${detail}`, { cause: err });
  }
  return new StorageError('STORAGE_FAILED', `${action} failed${detail}`, { cause: err });
}
