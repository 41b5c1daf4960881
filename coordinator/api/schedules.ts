// Recurring sweeps: make, list, read (with recent runs and what changed), pause, resume, delete.
// Errors answer as bare JSON strings, like the sweep endpoints; another owner's schedule is the
// contract's 404.
import type { FastifyInstance } from 'fastify';
import {
  IdParams,
  jobErrors,
  Schedule,
  ScheduleBody,
  ScheduleDetail,
  ScheduleList,
  ScheduleQuery,
  stringErrors,
} from '../../contract/index.js';
import { invalid, jobNotFound } from '../errors.js';
import { MAX_CRON_CHARS } from '../schedules/cron.js';
import {
  createSchedule,
  ownedSchedule,
  recentRuns,
  type ScheduleInput,
  scheduleView,
  setSchedulePaused,
} from '../schedules/schedule-service.js';
import type { Services } from '../services.js';
import { authenticate } from './auth.js';
import type { SchemaValidator } from './schema-validator.js';
import { parseSweepRequest } from './sweeps.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, isUuid, type Json, optionalString } from './validate.js';
import { checkWebhookTarget, parseWebhookField } from './webhook-field.js';

const tags = ['schedules'];
const BASE = '/crawl/v1/sweep/schedule';
const MAX_RUNS_SHOWN = 50;

/** The body's fields with the sweep's own rules (parseSweepRequest) and the schedule's. */
export function parseScheduleRequest(body: Json): Omit<ScheduleInput, 'webhook'> {
  const cron = body.cron;
  if (cron === undefined || cron === null || cron === '') throw invalid('cron is required');
  if (typeof cron !== 'string') throw invalid('cron must be a string');
  if (cron.length > MAX_CRON_CHARS)
    throw invalid(`cron must be a cron expression of 1 to ${MAX_CRON_CHARS} characters`);
  const sweep = parseSweepRequest(body);
  const timezone = optionalString(body, 'timezone') ?? 'UTC';
  const paused = body.paused ?? false;
  if (typeof paused !== 'boolean') throw invalid('paused must be true or false');
  return {
    cron: cron.trim(),
    timezone,
    paused,
    template: {
      url: sweep.url,
      regions: sweep.regions,
      triesPerRegion: sweep.triesPerRegion,
      timeoutSec: sweep.timeoutSec,
      deviceType: sweep.deviceType,
    },
  };
}

function runsWanted(query: { runs?: string }): number {
  if (query.runs === undefined) return 10;
  const n = Number(query.runs);
  if (!/^\d+$/.test(query.runs) || n > MAX_RUNS_SHOWN) {
    throw invalid(`runs must be an integer from 0 to ${MAX_RUNS_SHOWN}`);
  }
  return n;
}

export function registerScheduleRoutes(
  base: FastifyInstance,
  services: Services,
  validator: SchemaValidator,
): void {
  const wake = () => services.schedules.wake();
  const app = base.withTypeProvider<ContractTypes>();
  validator.check('POST', BASE, 'body', (body) => {
    parseScheduleRequest(asObject(body));
    parseWebhookField(asObject(body));
  });
  validator.check('GET', `${BASE}/:id`, 'querystring', (q) => {
    runsWanted(asObject(q) as { runs?: string });
  });

  const createSchema = {
    tags,
    summary: 'Make a recurring sweep',
    body: ScheduleBody,
    response: { 201: Schedule, ...jobErrors() },
  };
  app.post(BASE, { schema: createSchema }, async (req, reply) => {
    const key = await authenticate(services, req);
    const body = asObject(req.body);
    const input = parseScheduleRequest(body);
    const webhook = parseWebhookField(body);
    if (webhook) await checkWebhookTarget(services, key.ownerId, webhook);
    const schedule = await createSchedule(services, key, { ...input, webhook });
    if (!schedule.paused) wake();
    return reply.code(201).send(scheduleView(schedule));
  });

  const listSchema = {
    tags,
    summary: "The key owner's recurring sweeps",
    response: { 200: ScheduleList, ...stringErrors(401, 500) },
  };
  app.get(BASE, { schema: listSchema }, async (req) => {
    const key = await authenticate(services, req);
    const list = await services.store.schedules.listSchedules(key.ownerId);
    return { schedules: list.map(scheduleView) };
  });

  const getSchema = {
    tags,
    summary: 'A recurring sweep with its recent runs and what changed between them',
    params: IdParams,
    querystring: ScheduleQuery,
    response: { 200: ScheduleDetail, ...jobErrors(404) },
  };
  app.get(`${BASE}/:id`, { schema: getSchema }, async (req) => {
    const key = await authenticate(services, req);
    const runs = runsWanted(req.query);
    if (!isUuid(req.params.id)) throw jobNotFound();
    const s = await ownedSchedule(services, key.ownerId, req.params.id);
    return { ...scheduleView(s), runs: await recentRuns(services, s, runs) };
  });

  for (const action of ['pause', 'resume'] as const) {
    const schema = {
      tags,
      summary: action === 'pause' ? 'Stop firing until resumed' : 'Fire again, from the next time on',
      params: IdParams,
      response: { 200: Schedule, ...jobErrors(404) },
    };
    app.post(`${BASE}/:id/${action}`, { schema }, async (req) => {
      const key = await authenticate(services, req);
      if (!isUuid(req.params.id)) throw jobNotFound();
      const s = await ownedSchedule(services, key.ownerId, req.params.id);
      const updated = await setSchedulePaused(services, s, action === 'pause');
      if (!updated.paused) wake();
      return scheduleView(updated);
    });
  }

  const deleteSchema = {
    tags,
    summary: 'Delete a recurring sweep (its past sweeps stay)',
    params: IdParams,
    response: { 204: { description: 'deleted', type: 'null' }, ...jobErrors(404) },
  };
  app.delete(`${BASE}/:id`, { schema: deleteSchema }, async (req, reply) => {
    const key = await authenticate(services, req);
    if (!isUuid(req.params.id)) throw jobNotFound();
    const s = await ownedSchedule(services, key.ownerId, req.params.id);
    if (!(await services.store.schedules.deleteSchedule(s.id))) throw jobNotFound();
    return reply.code(204).send();
  });
}
