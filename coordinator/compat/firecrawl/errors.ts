// Firecrawl's error shape, `{success: false, error, code}`, for every answer of the compatible
// API (docs/compat.md): the refusals of this layer (options and endpoints it cannot serve, pages
// that could not be scraped) and every error of the coordinator's own (401, 400, 404, 429, …) that
// reaches its routes. Our messages are kept as they are; only the shape and a few statuses follow
// Firecrawl: a key over its jobs per day is 402 (Firecrawl's "insufficient credits"), every other
// limit 429.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toApiError } from '../../api/error-handler.js';

/** What this layer refuses or reports in Firecrawl's terms. */
export type FirecrawlErrorCode =
  /** An option of a supported endpoint this network cannot honour (400). */
  | 'UNSUPPORTED_OPTION'
  /** An endpoint that needs a language model or a search engine, or is not offered (501). */
  | 'UNSUPPORTED_ENDPOINT'
  /** The page was not scraped within the request's timeout (408, as Firecrawl answers it). */
  | 'SCRAPE_TIMEOUT'
  /** The page could not be fetched, or a page action failed (500). */
  | 'SCRAPE_FAILED'
  /** No device that can run the page took it within its timeout (500). */
  | 'NO_DEVICE';

export const FIRECRAWL_STATUS: Record<FirecrawlErrorCode, number> = {
  UNSUPPORTED_OPTION: 400,
  UNSUPPORTED_ENDPOINT: 501,
  SCRAPE_TIMEOUT: 408,
  SCRAPE_FAILED: 500,
  NO_DEVICE: 500,
};

/**
 * Its HTTP status follows from its code (FIRECRAWL_STATUS), and is never a property of its own:
 * fastify marks an error thrown by a request part's parser (api/schema-validator.ts runs this
 * layer's parsers) with `statusCode = 500`.
 */
export class FirecrawlError extends Error {
  readonly code: FirecrawlErrorCode;
  constructor(code: FirecrawlErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FirecrawlError';
    this.code = code;
  }
}

/** An option this network cannot honour, named as the caller wrote it, with why. */
export const unsupportedOption = (field: string, why: string): FirecrawlError =>
  new FirecrawlError('UNSUPPORTED_OPTION', `${field} is not supported here: ${why}`);

/** An endpoint refused whole, with why. */
export const unsupportedEndpoint = (what: string, why: string): FirecrawlError =>
  new FirecrawlError('UNSUPPORTED_ENDPOINT', `${what} is not offered by this network: ${why}`);

/** The body every error of the compatible API answers with. */
export interface FirecrawlErrorBody {
  success: false;
  error: string;
  code: string;
}

/**
 * Whether the limiter refused the request for a daily quota: its answer's RateLimit field names
 * the policy it refused with, at `r=0` (draft-ietf-httpapi-ratelimit-headers, limits/policies.ts).
 */
function refusedForDailyQuota(reply: FastifyReply): boolean {
  const field = reply.getHeader('ratelimit');
  if (typeof field !== 'string') return false;
  for (const item of field.split(',')) {
    const m = /^\s*"([^"]+)"((?:;[^;,]*)*)/.exec(item);
    if (!m) continue;
    const refused = /;\s*r=0\b/.test(m[2] ?? '');
    if (refused && (m[1] === 'jobs-day' || m[1] === 'sweeps-day')) return true;
  }
  return false;
}

export function sendFirecrawlError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: string,
): FastifyReply {
  const body: FirecrawlErrorBody = { success: false, error: message, code };
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((x: unknown) => JSON.stringify(x))
    .send(body);
}

/** The compatible routes' error handler: every error in Firecrawl's shape and statuses. */
export function firecrawlErrorHandler(
  error: FastifyError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof FirecrawlError) {
    return sendFirecrawlError(reply, FIRECRAWL_STATUS[error.code], error.message, error.code);
  }
  const apiErr = toApiError(error);
  if (apiErr.statusCode >= 500) req.log.error({ err: error }, 'request failed');
  const status = apiErr.code === 'RATE_LIMITED' && refusedForDailyQuota(reply) ? 402 : apiErr.statusCode;
  return sendFirecrawlError(reply, status, apiErr.message, apiErr.code);
}
