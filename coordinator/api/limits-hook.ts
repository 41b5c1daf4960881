// Per-key limits on every keyed route: checked right after the key (`req.apiKey`), before the body is validated
// (an invalid request still counts as a request), answered 429 with Retry-After and the RateLimit
// headers when over, and the job and sweep units given back when the request fails afterwards
// (invalid body, queue full, session closed, …).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Demand, Limiter } from '../limits/limiter.js';
import { parseGlobalpingRequest } from '../measure/globalping.js';
import { measureJobCount } from '../measure/measure-input.js';
import type { CounterCharge } from '../store/limit-types.js';
import { sweepJobCount } from './sweeps.js';

function demandOf(req: FastifyRequest): Demand {
  const route = `${req.method} ${req.routeOptions.url}`;
  if (route === 'POST /crawl/v1/new') return { jobs: 1, sweeps: 0 };
  if (route === 'POST /crawl/v1/sweep/new') {
    // The body is not validated yet (limits come first); an invalid sweep creates nothing and
    // validation, next, answers it with its exact message.
    const jobs = sweepJobCount(req.body);
    return jobs === null ? { jobs: 0, sweeps: 0 } : { jobs, sweeps: 1 };
  }
  // A measurement's devices count as jobs (at most the devices it asks for).
  if (route === 'POST /crawl/v1/measure/new') return { jobs: measureJobCount(req.body) ?? 0, sweeps: 0 };
  if (route === 'POST /v1/measurements') return { jobs: globalpingJobCount(req.body), sweeps: 0 };
  return { jobs: 0, sweeps: 0 };
}

/** The devices a Globalping request asks for; 0 when it is invalid (it creates nothing). */
function globalpingJobCount(body: unknown): number {
  try {
    return parseGlobalpingRequest(body).locations.reduce((n, l) => n + l.limit, 0);
  } catch {
    return 0;
  }
}

export function limitHooks(limiter: Limiter) {
  const charged = new WeakMap<
    FastifyRequest,
    { keyId: string; charges: CounterCharge[]; counted?: Promise<unknown> }
  >();
  return {
    async preValidation(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const key = req.apiKey;
      const verdict = await limiter.check(key, demandOf(req));
      reply.headers(verdict.headers);
      if (verdict.error) throw verdict.error;
      if (verdict.charged.length > 0) {
        charged.set(req, { keyId: key.id, charges: verdict.charged, counted: verdict.counted });
      }
    },
    /** A usage count written beside the request (Verdict.counted) is in the store before the answer. */
    async onSend(req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
      const c = charged.get(req);
      if (!c?.counted) return payload;
      const err = await c.counted;
      if (err !== null) {
        // Nothing was counted, so nothing is given back; the request itself went through.
        c.charges = [];
        req.log.warn({ err }, 'could not count the request for usage');
      }
      return payload;
    },
    async onResponse(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const c = charged.get(req);
      if (!c || c.charges.length === 0 || reply.statusCode < 400) return;
      await limiter.refund(c.keyId, c.charges).catch((err: unknown) => {
        req.log.warn({ err }, 'could not give back limit units');
      });
    },
  };
}
