// Per-key limits on every keyed route, in two steps. The request itself: right after the key
// (`req.apiKey`), before anything of it is validated (an invalid request still counts as a
// request), against the requests per minute. Its jobs and sweeps: by the route, through `charge`,
// once the request is valid and is known to create something (an idempotent replay creates
// nothing and is never charged): api/jobs.ts, sweeps.ts, measure.ts and globalping.ts; a batch
// charges per job (Limiter.admitJobs). Over a limit: 429 with Retry-After and the RateLimit
// headers. Job and sweep units are given back when the request fails afterwards (queue full,
// session closed, …); a request refused by its job quotas gives its request unit back too, so a
// refused request adds nothing to any counter.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Demand, Limiter } from '../limits/limiter.js';
import type { CounterCharge } from '../store/limit-types.js';

/** Charges what a valid request creates against the key's job and sweep quotas, or throws the 429. */
export type ChargeJobs = (req: FastifyRequest, reply: FastifyReply, demand: Demand) => Promise<void>;

/** What one request was charged. */
interface Charged {
  keyId: string;
  /** The request unit (requests per minute), kept when the request fails after its check. */
  request: CounterCharge[];
  /** Job and sweep units, given back when the request fails after its check. */
  units: CounterCharge[];
  /** A count written beside the request (Verdict.counted): its charges, and null or the error. */
  counted?: { charges: CounterCharge[]; done: Promise<unknown> };
}

const NOTHING: Demand = { jobs: 0, sweeps: 0 };

export function limitHooks(limiter: Limiter) {
  const charged = new WeakMap<FastifyRequest, Charged>();
  const of = (req: FastifyRequest): Charged => {
    let c = charged.get(req);
    if (!c) {
      c = { keyId: req.apiKey.id, request: [], units: [] };
      charged.set(req, c);
    }
    return c;
  };

  const charge: ChargeJobs = async (req, reply, demand) => {
    const verdict = await limiter.check(req.apiKey, demand, { countRequest: false });
    const c = of(req);
    if (verdict.error) {
      if (c.request.length > 0) {
        const request = c.request;
        c.request = [];
        await limiter.refund(c.keyId, request, { request: true }).catch((err: unknown) => {
          req.log.warn({ err }, 'could not give back the request unit');
        });
      }
      reply.headers(verdict.headers);
      throw verdict.error;
    }
    // The request's own RateLimit item (set before validation) comes first, as one list.
    const before = reply.getHeader('ratelimit');
    const { ratelimit, ...rest } = verdict.headers;
    reply.headers(rest);
    if (ratelimit !== undefined) {
      reply.header(
        'ratelimit',
        typeof before === 'string' && before !== '' ? `${before}, ${ratelimit}` : ratelimit,
      );
    }
    if (verdict.counted) c.counted = { charges: verdict.charged, done: verdict.counted };
    c.units.push(...verdict.charged);
  };

  return {
    charge,
    async preValidation(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const verdict = await limiter.check(req.apiKey, NOTHING);
      reply.headers(verdict.headers);
      if (verdict.error) throw verdict.error;
      if (verdict.charged.length > 0) of(req).request.push(...verdict.charged);
    },
    /** A usage count written beside the request (Verdict.counted) is in the store before the answer. */
    async onSend(req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
      const c = charged.get(req);
      if (!c?.counted) return payload;
      const { charges, done } = c.counted;
      c.counted = undefined;
      const err = await done;
      if (err !== null) {
        // Nothing was counted, so nothing is given back; the request itself went through.
        c.units = c.units.filter((u) => !charges.includes(u));
        req.log.warn({ err }, 'could not count the request for usage');
      }
      return payload;
    },
    async onResponse(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const c = charged.get(req);
      if (!c || c.units.length === 0 || reply.statusCode < 400) return;
      await limiter.refund(c.keyId, c.units).catch((err: unknown) => {
        req.log.warn({ err }, 'could not give back limit units');
      });
    },
  };
}
