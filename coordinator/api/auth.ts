// Resolves the caller's API key to its owner, once per request: the keyed routes' first hook sets
// it, and handlers and later hooks read `req.apiKey` (a fastify request decoration).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearer, hashSecret } from '../auth/secrets.js';
import { internal, unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import type { ApiKeyRecord } from '../store/records.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's key. Set by the auth hook before validation on every keyed route; reading it on
     * a route without that hook is a coding error (answered 500, never a silent anonymous caller).
     */
    readonly apiKey: ApiKeyRecord;
    /** Where the auth hook keeps the key; read `apiKey`. */
    resolvedApiKey: ApiKeyRecord | null;
  }
}

/** Declares the request decoration; once, on the root instance. */
export function decorateApiKey(app: FastifyInstance): void {
  app.decorateRequest('resolvedApiKey', null);
  app.decorateRequest('apiKey', {
    getter(this: FastifyRequest): ApiKeyRecord {
      if (this.resolvedApiKey === null) {
        throw internal(new Error(`${this.routeOptions.url ?? this.url} reads apiKey without the auth hook`));
      }
      return this.resolvedApiKey;
    },
  });
}

/**
 * The hook that checks the key and keeps it on the request. Keyed routes check the key before the
 * request is validated, so a caller without a valid key hears 401 whatever it sent. Job creation
 * may carry the key in the body (`api_key`).
 */
export function authHook(services: Services) {
  return async (req: FastifyRequest): Promise<void> => {
    if (req.resolvedApiKey !== null) return;
    const body = req.body;
    const bodyKey =
      req.routeOptions.url === '/crawl/v1/new' && body && typeof body === 'object'
        ? (body as Record<string, unknown>).api_key
        : undefined;
    req.resolvedApiKey = await resolve(services, req, bodyKey);
  };
}

async function resolve(services: Services, req: FastifyRequest, bodyKey: unknown): Promise<ApiKeyRecord> {
  const key = bearer(req.headers.authorization) ?? (typeof bodyKey === 'string' ? bodyKey : null);
  if (!key || key.length > 512) throw unauthorized();
  const record = await services.keys.find(hashSecret(key));
  if (!record) throw unauthorized();
  return record;
}
