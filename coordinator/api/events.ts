// Server-sent event streams: one job, one sweep, or every job and sweep of the key's owner.
// Another owner's job or sweep answers the contract's 404 before any stream starts.
import type { FastifyInstance } from 'fastify';
import { EventStream, jobErrors, stringErrors } from '../../contract/index.js';
import { jobNotFound } from '../errors.js';
import { type StreamOptions, streamEvents } from '../push/sse-stream.js';
import type { Services } from '../services.js';
import { ownedSweep } from '../sweeps/sweep-service.js';
import { JobIdParams } from './id-params.js';
import type { ContractTypes } from './type-provider.js';

const tags = ['events'];
const STREAM_POLL_MS = 1_000;
const streamResponse = {
  200: { ...EventStream, content: { 'text/event-stream': { schema: EventStream } } },
};

export function registerEventRoutes(base: FastifyInstance, services: Services): void {
  const app = base.withTypeProvider<ContractTypes>();
  const common = (filter: StreamOptions['filter']) => ({
    store: services.store.push,
    onWake: (fn: () => void) => services.push.onWake(fn),
    heartbeatMs: services.config.sseHeartbeatMs,
    pollMs: STREAM_POLL_MS,
    signal: services.push.closing,
    filter,
  });

  app.get(
    '/crawl/v1/events',
    {
      schema: {
        tags,
        summary: "Every job and sweep event of the key's owner (text/event-stream)",
        response: { ...streamResponse, ...stringErrors(401, 500) },
      },
    },
    async (req, reply) => {
      const key = req.apiKey;
      await streamEvents(req, reply, common({ ownerId: key.ownerId }));
    },
  );

  app.get(
    '/crawl/v1/jobs/:id/events',
    {
      schema: {
        tags,
        summary: "One job's events; the stream ends after job.completed or job.failed",
        params: JobIdParams,
        response: { ...streamResponse, ...jobErrors(404) },
      },
    },
    async (req, reply) => {
      const key = req.apiKey;
      const job = await services.store.getJob(req.params.id);
      if (!job || job.ownerId !== key.ownerId) throw jobNotFound();
      const isFinal = (e: { type: string }) => e.type === 'job.completed' || e.type === 'job.failed';
      await streamEvents(req, reply, {
        ...common({ ownerId: key.ownerId, jobId: job.id }),
        isFinal,
        finishedBefore: async (afterSeq) => {
          const [last] = await services.store.push.listEvents({
            ownerId: key.ownerId,
            jobId: job.id,
            afterSeq: 0,
            limit: 1,
          });
          return last !== undefined && isFinal(last) && last.seq <= afterSeq;
        },
      });
    },
  );

  app.get(
    '/crawl/v1/sweep/:id/events',
    {
      schema: {
        tags,
        summary: "One sweep's events (sweep.region_completed, sweep.completed); ends after sweep.completed",
        params: JobIdParams,
        response: { ...streamResponse, ...jobErrors(404) },
      },
    },
    async (req, reply) => {
      const key = req.apiKey;
      const sweep = await ownedSweep(services, key.ownerId, req.params.id);
      const isFinal = (e: { type: string }) => e.type === 'sweep.completed';
      await streamEvents(req, reply, {
        ...common({ ownerId: key.ownerId, sweepId: sweep.id }),
        isFinal,
        finishedBefore: async (afterSeq) => {
          for (let seq = 0; ; ) {
            const page = await services.store.push.listEvents({
              ownerId: key.ownerId,
              sweepId: sweep.id,
              afterSeq: seq,
              limit: 500,
            });
            const final = page.find(isFinal);
            if (final) return final.seq <= afterSeq;
            if (page.length < 500) return false;
            seq = page[page.length - 1]?.seq ?? seq;
          }
        },
      });
    },
  );
}
