// Resolves the caller's API key to its owner. Every endpoint needs one.
import type { FastifyRequest } from 'fastify';
import { bearer, hashSecret } from '../auth/secrets.js';
import { unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import type { ApiKeyRecord } from '../store/types.js';

/**
 * What a request's key resolved to. The auth hook, the limits hook and the handler each ask (three
 * hashes and lookups a request before); the answer is kept for the request's life.
 */
const resolved = new WeakMap<FastifyRequest, { bodyKey: unknown; record: Promise<ApiKeyRecord> }>();

export function authenticate(
  services: Services,
  req: FastifyRequest,
  bodyKey?: unknown,
): Promise<ApiKeyRecord> {
  const known = resolved.get(req);
  if (known && known.bodyKey === bodyKey) return known.record;
  const record = resolve(services, req, bodyKey);
  resolved.set(req, { bodyKey, record });
  return record;
}

async function resolve(services: Services, req: FastifyRequest, bodyKey: unknown): Promise<ApiKeyRecord> {
  const key = bearer(req.headers.authorization) ?? (typeof bodyKey === 'string' ? bodyKey : null);
  if (!key || key.length > 512) throw unauthorized();
  const record = await services.keys.find(hashSecret(key));
  if (!record) throw unauthorized();
  return record;
}
