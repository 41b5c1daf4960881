// Idempotent submits (`Idempotency-Key` header on POST /crawl/v1/new, /batch/new, /sweep/new and
// /measure/new), with Stripe's semantics as the IETF draft writes them down: the same key and the
// same request within 24 h answer the first answer again (`Idempotent-Replayed: true`); the same
// key with another request is 422; while the first request still runs, 409. Only `create` makes
// anything, so a route charges its quotas there (api/limits-hook.ts): a replay is never charged. The resource's id is chosen and stored
// with the key before it is created, so a retry after a coordinator died mid-request finds the
// resource (and answers it) instead of creating it twice. Keys are per owner, shared by every
// coordinator on the database.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, internal, invalid, MESSAGES } from '../errors.js';
import { newResourceId } from '../resource-id.js';
import type { Services } from '../services.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A key whose first request left no answer and no resource for this long is taken over. */
const ABANDONED_MS = 30_000;
const KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** With an Idempotency-Key: what identifies the request, from the body as sent (hashBodyAsSent). */
    idempotencyHash: string | null;
  }
}

/** Declares the request decoration; once, on the root instance. */
export function decorateIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyHash', null);
}

/**
 * The preValidation hook of the idempotent routes: the request is identified by the body as the
 * client sent it, before validation turns it into the handler's typed input (so a stored hash
 * never depends on how the coordinator reads the body).
 */
export async function hashBodyAsSent(req: FastifyRequest): Promise<void> {
  if (req.headers['idempotency-key'] === undefined) return;
  req.idempotencyHash = requestHashOf(req.method, req.routeOptions.url ?? '', req.body);
}

export interface Created<T> {
  statusCode: number;
  body: T;
}

/** A body in a canonical form: keys sorted, the credential left out. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k]) => k !== 'api_key')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What identifies a request under one key: its method, route and canonical body. */
export function requestHashOf(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Runs `create` at most once per (owner, Idempotency-Key): `create` makes the resource with the id
 * it is given; `find` answers for a resource that exists already (a retry after a crash).
 */
export async function idempotent<T>(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  ownerId: string,
  create: (resourceId: string) => Promise<Created<T>>,
  find: (resourceId: string) => Promise<Created<T> | null>,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return answer(reply, await create(newResourceId()));
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw invalid('Idempotency-Key must be 1 to 255 printable ASCII characters');
  }
  const store = services.store.idempotency;
  const requestHash = req.idempotencyHash;
  if (requestHash === null) throw internal(new Error('idempotent route without the hashBodyAsSent hook'));
  const nowMs = Date.now();
  const record = {
    ownerId,
    key: header,
    requestHash,
    resourceId: newResourceId(),
    statusCode: null,
    response: null,
    createdAtMs: nowMs,
  };
  const begun = await store.begin(record, IDEMPOTENCY_TTL_MS);
  if (begun.kind === 'new') return run(services, reply, ownerId, header, record.resourceId, create, find);
  const known = begun.record;
  if (known.requestHash !== requestHash)
    throw new ApiError('IDEMPOTENCY_MISMATCH', MESSAGES.IDEMPOTENCY_MISMATCH);
  if (known.statusCode !== null && known.response !== null) {
    reply.header('idempotent-replayed', 'true');
    return answer(reply, { statusCode: known.statusCode, body: JSON.parse(known.response) as T });
  }
  // No answer recorded: the first request is still running, or its coordinator died mid-way.
  const found = await find(known.resourceId);
  if (found) {
    await store.finish(ownerId, header, found.statusCode, JSON.stringify(found.body));
    reply.header('idempotent-replayed', 'true');
    return answer(reply, found);
  }
  if (nowMs - known.createdAtMs < ABANDONED_MS) {
    throw new ApiError('IDEMPOTENCY_IN_PROGRESS', MESSAGES.IDEMPOTENCY_IN_PROGRESS);
  }
  return run(services, reply, ownerId, header, known.resourceId, create, find);
}

async function run<T>(
  services: Services,
  reply: FastifyReply,
  ownerId: string,
  key: string,
  resourceId: string,
  create: (resourceId: string) => Promise<Created<T>>,
  find: (resourceId: string) => Promise<Created<T> | null>,
): Promise<T> {
  const store = services.store.idempotency;
  let created: Created<T>;
  try {
    created = await create(resourceId);
  } catch (err) {
    // Refused before anything was made (full queue, bad session): a retry may succeed, so the key
    // is given back. Made after all (a failure past the insert): keep it; a retry answers it.
    if ((await find(resourceId).catch(() => null)) === null)
      await store.release(ownerId, key).catch(() => undefined);
    throw err;
  }
  await store.finish(ownerId, key, created.statusCode, JSON.stringify(created.body));
  return answer(reply, created);
}

function answer<T>(reply: FastifyReply, created: Created<T>): T {
  reply.code(created.statusCode);
  return created.body;
}
