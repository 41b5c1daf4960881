// Resolves the caller's API key to its owner. Every endpoint needs one.
import type { FastifyRequest } from 'fastify';
import { bearer, hashSecret } from '../auth/secrets.js';
import { unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import type { ApiKeyRecord } from '../store/types.js';

export async function authenticate(
  services: Services,
  req: FastifyRequest,
  bodyKey?: unknown,
): Promise<ApiKeyRecord> {
  const key = bearer(req.headers.authorization) ?? (typeof bodyKey === 'string' ? bodyKey : null);
  if (!key || key.length > 512) throw unauthorized();
  const record = await services.keys.find(hashSecret(key));
  if (!record) throw unauthorized();
  return record;
}
