// Maps every thrown error to the contract's status and exact body; a 500 never leaks details.
// The body's shape is chosen by where the route is registered (see api/index.ts): session routes
// live in a plugin whose handler answers {"error": msg}; every other route answers a bare string.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  headersTooLarge,
  internal,
  invalid,
  jobNotFound,
  requestTimeout,
  sessionNotFound,
} from '../errors.js';

/** `string`: the message as a JSON string (jobs, status, sweeps); `object`: `{"error": msg}` (sessions). */
export type ErrorShape = 'string' | 'object';

/** The session routes, for the few errors raised before any route is matched. */
const SESSION_ROUTES: ReadonlyArray<readonly [string, RegExp]> = [
  ['POST', /^\/crawl\/v1\/session\/new$/],
  ['GET', /^\/crawl\/v1\/session\/[^/]+(?:\/jobs)?$/],
  ['POST', /^\/crawl\/v1\/session\/[^/]+\/close$/],
];

export function toApiError(err: FastifyError | Error): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalid('request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_TYPE':
      return invalid('Content-Type must be application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('Content-Length does not match the body');
    case 'FST_ERR_BAD_URL':
      return invalid('the URL path is not validly percent-encoded');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // An id this long names no resource (ids are UUIDs).
      return jobNotFound();
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return internal(err);
    default:
      if (err instanceof SyntaxError) return invalid('body is not valid JSON');
      // Any other framework refusal of the request (4xx): the request was malformed.
      if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
        return invalid('malformed request');
      }
      return internal(err);
  }
}

export function sendApiError(
  req: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError | Error,
  shape: ErrorShape,
): FastifyReply {
  const apiErr = toApiError(error);
  if (apiErr.statusCode >= 500) req.log.error({ err: error }, 'request failed');
  const payload = shape === 'object' ? { error: apiErr.message } : apiErr.message;
  return reply
    .code(apiErr.statusCode)
    .type('application/json; charset=utf-8')
    .serializer((x: unknown) => JSON.stringify(x))
    .send(payload);
}

/** An error handler answering in `shape`; set per plugin so each route family keeps its own shape. */
export const errorHandlerFor =
  (shape: ErrorShape) =>
  (error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendApiError(req, reply, error, shape);

/**
 * Shape for errors raised before routing (a bad percent-escape): no route was matched, so the
 * path's form decides; a path that names no session route gets the default shape.
 */
export function shapeForRequest(method: string, url: string): ErrorShape {
  const path = url.split('?')[0] ?? '';
  const m = method === 'HEAD' ? 'GET' : method;
  return SESSION_ROUTES.some(([rm, re]) => rm === m && re.test(path)) ? 'object' : 'string';
}

/** fastify's `frameworkErrors`: router refusals answered in the contract's shape. */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  let apiErr = toApiError(error);
  const shape = shapeForRequest(req.method, req.url);
  if (apiErr.code === 'JOB_NOT_FOUND' && shape === 'object') apiErr = sessionNotFound();
  sendApiError(req, reply, apiErr, shape);
}

/**
 * node's `clientError`: requests too malformed to route (unknown method, broken framing, headers
 * over the limit). No URL is known, so the body is the bare-string shape; the status stays HTTP's.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let answer = invalid('malformed HTTP request');
  if (err.code === 'HPE_HEADER_OVERFLOW') answer = headersTooLarge();
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer = requestTimeout();
  const status = answer.statusCode;
  const body = JSON.stringify(answer.message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
