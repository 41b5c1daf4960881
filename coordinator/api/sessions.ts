// Session endpoints. Errors answer as {"error": "<message>"}.
import type { FastifyInstance } from 'fastify';
import { Empty, Session, SessionBody, SessionJobs, sessionErrors } from '../../contract/index.js';
import { sessionNotFound } from '../errors.js';
import { sessionView } from '../results/views.js';
import type { Services } from '../services.js';
import type { SessionRecord } from '../store/records.js';
import { SessionIdParams } from './id-params.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { parseSessionBody } from './validate.js';

const tags = ['sessions'];

/** `id` is a path id as its schema hands it over: a UUID in lower case. */
async function ownedSession(services: Services, ownerId: string, id: string): Promise<SessionRecord> {
  const s = await services.store.getSession(id);
  if (!s || s.ownerId !== ownerId) throw sessionNotFound();
  return s;
}

/** Registers the session routes; `base` is their own plugin, whose error handler gives {"error": …}. */
export function registerSessionRoutes(base: FastifyInstance, services: Services): void {
  // Request types follow from the route schemas (contract/) and their parsers.
  const app = base.withTypeProvider<ContractTypes>();
  const createSchema = {
    tags,
    summary: 'Create a session',
    body: parsedBy(SessionBody, parseSessionBody, { noBodyIsEmpty: true }),
    response: { 201: Session, ...sessionErrors() },
  };
  app.post('/crawl/v1/session/new', { schema: createSchema }, async (req, reply) => {
    const key = req.apiKey;
    const { durationSeconds: duration, placement } = req.body;
    const session = await services.jobs.openSession(key.ownerId, duration, placement);
    reply.code(201);
    return sessionView(session, [], Date.now());
  });

  const getSchema = {
    tags,
    summary: 'Get a session',
    params: SessionIdParams,
    response: { 200: Session, ...sessionErrors(404) },
  };
  app.get('/crawl/v1/session/:id', { schema: getSchema }, async (req) => {
    const key = req.apiKey;
    const s = await ownedSession(services, key.ownerId, req.params.id);
    return sessionView(s, await services.store.listSessionJobIds(s.id), Date.now());
  });

  const jobsSchema = {
    tags,
    summary: "A session's jobs, oldest first",
    params: SessionIdParams,
    response: { 200: SessionJobs, ...sessionErrors(404) },
  };
  app.get('/crawl/v1/session/:id/jobs', { schema: jobsSchema }, async (req) => {
    const key = req.apiKey;
    const s = await ownedSession(services, key.ownerId, req.params.id);
    const jobs = await services.store.listSessionJobs(s.id);
    const count = (status: string) => jobs.filter((j) => j.status === status).length;
    const edge = services.edgeUrl();
    return {
      session_id: s.id,
      total_jobs: jobs.length,
      completed_count: count('completed'),
      failed_count: count('failed'),
      pending_count: count('pending') + count('running'),
      jobs: jobs.map((j) => ({
        job_id: j.id,
        url: j.url,
        method: j.method,
        status: j.status,
        submitted_at: j.submittedAt,
        completed_at: j.completedAt ?? '',
        download_url: j.status === 'completed' ? `${edge}/crawl/v1/jobs/${j.id}/download` : '',
        error_message: j.errorMessage ?? j.result?.errorMessage ?? '',
      })),
    };
  });

  const closeSchema = {
    tags,
    summary: 'Close a session (204, also when already closed)',
    params: SessionIdParams,
    response: { 204: Empty, ...sessionErrors(404) },
  };
  app.post('/crawl/v1/session/:id/close', { schema: closeSchema }, async (req, reply) => {
    const key = req.apiKey;
    const s = await ownedSession(services, key.ownerId, req.params.id);
    if (s.status === 'active') await services.jobs.closeSession(s.id);
    reply.code(204);
    return reply.send();
  });
}
