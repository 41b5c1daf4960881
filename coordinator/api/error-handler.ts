// Maps every thrown error to the contract's status and exact body; a 500 never leaks details.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, internal, invalid } from '../errors.js';

/** Session endpoints answer {"error": msg}; job, status and sweep endpoints a bare JSON string. */
function objectShaped(url: string): boolean {
  return url.startsWith('/crawl/v1/session');
}

function toApiError(err: FastifyError | Error): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalid('request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return invalid('Content-Type must be application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('Content-Length does not match the body');
    default:
      if (err instanceof SyntaxError) return invalid('body is not valid JSON');
      return internal(err);
  }
}

export function sendApiError(
  req: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError | Error,
): FastifyReply {
  const apiErr = toApiError(error);
  if (apiErr.statusCode >= 500) req.log.error({ err: error }, 'request failed');
  const payload = objectShaped(req.url) ? { error: apiErr.message } : apiErr.message;
  return reply.code(apiErr.statusCode).type('application/json; charset=utf-8').send(JSON.stringify(payload));
}
