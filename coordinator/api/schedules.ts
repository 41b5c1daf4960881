// Recurring sweeps: make, list, read (with recent runs and what changed), pause, resume, delete.
// Errors answer as bare JSON strings, like the sweep endpoints; another owner's schedule is the
// contract's 404.
import type { FastifyInstance } from 'fastify';
import {
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
import { JobIdParams } from './id-params.js';
import { parsedBy } from './schema-validator.js';
import { parseSweepFields } from './sweeps.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, optionalString } from './validate.js';
import { checkWebhookTarget, parseWebhookField } from './webhook-field.js';

const tags = ['schedules'];
const BASE = '/crawl/v1/sweep/schedule';
const MAX_RUNS_SHOWN = 50;

/** The body's fields with the sweep's own rules (parseSweepFields) and the schedule's. */
export function parseScheduleBody(raw: unknown): ScheduleInput {
  const body = asObject(raw);
  const cron = body.cron;
  if (cron === undefined || cron === null || cron === '') throw invalid('cron is required');
  if (typeof cron !== 'string') throw invalid('cron must be a string');
  if (cron.length > MAX_CRON_CHARS)
    throw invalid(`cron must be a cron expression of 1 to ${MAX_CRON_CHARS} characters`);
  const sweep = parseSweepFields(body);
  const timezone = optionalString(body, 'timezone') ?? 'UTC';
  const paused = body.paused ?? false;
  if (typeof paused !== 'boolean') throw invalid('paused must be true or false');
  const webhook = parseWebhookField(body);
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
      ...(sweep.measures ? { measures: sweep.measures } : {}),
      ...(sweep.audits ? { audits: sweep.audits } : {}),
    },
    webhook,
  };
}

/** How many recent runs to show: `runs`, 0 to 50, default 10. */
function parseRunsQuery(raw: unknown): { runs: number } {
  const given = (asObject(raw, 'querystring') as { runs?: unknown }).runs;
  if (given === undefined) return { runs: 10 };
  const n = Number(given);
  if (typeof given !== 'string' || !/^\d+$/.test(given) || n > MAX_RUNS_SHOWN) {
    throw invalid(`runs must be an integer from 0 to ${MAX_RUNS_SHOWN}`);
  }
  return { runs: n };
}

export function registerScheduleRoutes(base: FastifyInstance, services: Services): void {
  const wake = () => services.schedules.wake();
  // Request types follow from the route schemas (contract/) and their parsers.
  const app = base.withTypeProvider<ContractTypes>();

  const createSchema = {
    tags,
    summary: 'Make a recurring sweep',
    body: parsedBy(ScheduleBody, parseScheduleBody),
    response: { 201: Schedule, ...jobErrors() },
  };
  app.post(BASE, { schema: createSchema }, async (req, reply) => {
    const key = req.apiKey;
    const input = req.body;
    if (input.webhook) await checkWebhookTarget(services, key.ownerId, input.webhook);
    const schedule = await createSchedule(services, key, input);
    if (!schedule.paused) wake();
    return reply.code(201).send(scheduleView(schedule));
  });

  const listSchema = {
    tags,
    summary: "The key owner's recurring sweeps",
    response: { 200: ScheduleList, ...stringErrors(401, 500) },
  };
  app.get(BASE, { schema: listSchema }, async (req) => {
    const key = req.apiKey;
    const list = await services.store.schedules.listSchedules(key.ownerId);
    return { schedules: list.map(scheduleView) };
  });

  const getSchema = {
    tags,
    summary: 'A recurring sweep with its recent runs and what changed between them',
    params: JobIdParams,
    querystring: parsedBy(ScheduleQuery, parseRunsQuery),
    response: { 200: ScheduleDetail, ...jobErrors(404) },
  };
  app.get(`${BASE}/:id`, { schema: getSchema }, async (req) => {
    const key = req.apiKey;
    const { runs } = req.query;
    const s = await ownedSchedule(services, key.ownerId, req.params.id);
    return { ...scheduleView(s), runs: await recentRuns(services, s, runs) };
  });

  for (const action of ['pause', 'resume'] as const) {
    const schema = {
      tags,
      summary: action === 'pause' ? 'Stop firing until resumed' : 'Fire again, from the next time on',
      params: JobIdParams,
      response: { 200: Schedule, ...jobErrors(404) },
    };
    app.post(`${BASE}/:id/${action}`, { schema }, async (req) => {
      const key = req.apiKey;
      const s = await ownedSchedule(services, key.ownerId, req.params.id);
      const updated = await setSchedulePaused(services, s, action === 'pause');
      if (!updated.paused) wake();
      return scheduleView(updated);
    });
  }

  const deleteSchema = {
    tags,
    summary: 'Delete a recurring sweep (its past sweeps stay)',
    params: JobIdParams,
    response: { 204: { description: 'deleted', type: 'null' }, ...jobErrors(404) },
  };
  app.delete(`${BASE}/:id`, { schema: deleteSchema }, async (req, reply) => {
    const key = req.apiKey;
    const s = await ownedSchedule(services, key.ownerId, req.params.id);
    if (!(await services.store.schedules.deleteSchedule(s.id))) throw jobNotFound();
    return reply.code(204).send();
  });
}
