// Recurring sweeps (/crawl/v1/sweep/schedule) and measurements (/crawl/v1/measure/schedule): make,
// list, read (with recent runs and, for sweeps, what changed), pause, resume, delete. A schedule is
// read, paused and deleted only under the path of its own kind.
// Errors answer as bare JSON strings, like the sweep endpoints; another owner's schedule is the
// contract's 404.
import type { FastifyInstance } from 'fastify';
import {
  jobErrors,
  MeasureSchedule,
  MeasureScheduleBody,
  MeasureScheduleDetail,
  MeasureScheduleList,
  Schedule,
  ScheduleBody,
  ScheduleDetail,
  ScheduleList,
  ScheduleQuery,
  stringErrors,
} from '../../contract/index.js';
import { invalid, jobNotFound } from '../errors.js';
import { parseMeasureFields } from '../measure/measure-input.js';
import { MAX_CRON_CHARS } from '../schedules/cron.js';
import {
  createSchedule,
  ownedSchedule,
  recentMeasureRuns,
  recentRuns,
  type ScheduleInput,
  scheduleView,
  setSchedulePaused,
} from '../schedules/schedule-service.js';
import type { Services } from '../services.js';
import type { ApiKeyRecord } from '../store/records.js';
import { scheduleKind } from '../store/schedule-types.js';
import { JobIdParams } from './id-params.js';
import { parsedBy } from './schema-validator.js';
import { parseSweepFields } from './sweeps.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, type Json, optionalString } from './validate.js';
import { checkWebhookTarget, parseWebhookField } from './webhook-field.js';

const tags = ['schedules'];
const SWEEP_BASE = '/crawl/v1/sweep/schedule';
const MEASURE_BASE = '/crawl/v1/measure/schedule';
const MAX_RUNS_SHOWN = 50;

/** The fields a schedule's body adds to what it fires (the webhook is both a measurement's and a schedule's). */
const SCHEDULE_FIELDS: ReadonlySet<string> = new Set(['cron', 'timezone', 'paused']);

/** What every schedule's body has beside its template: the cron line, time zone, paused, webhook. */
function parseScheduleFields(body: Json): Omit<ScheduleInput, 'template'> {
  const cron = body.cron;
  if (cron === undefined || cron === null || cron === '') throw invalid('cron is required');
  if (typeof cron !== 'string') throw invalid('cron must be a string');
  if (cron.length > MAX_CRON_CHARS)
    throw invalid(`cron must be a cron expression of 1 to ${MAX_CRON_CHARS} characters`);
  const timezone = optionalString(body, 'timezone') ?? 'UTC';
  const paused = body.paused ?? false;
  if (typeof paused !== 'boolean') throw invalid('paused must be true or false');
  return { cron: cron.trim(), timezone, paused, webhook: parseWebhookField(body) };
}

/** The body's fields with the sweep's own rules (parseSweepFields) and the schedule's. */
export function parseScheduleBody(raw: unknown): ScheduleInput {
  const body = asObject(raw);
  const fields = parseScheduleFields(body);
  const sweep = parseSweepFields(body);
  return {
    ...fields,
    template: {
      url: sweep.url,
      regions: sweep.regions,
      triesPerRegion: sweep.triesPerRegion,
      timeoutSec: sweep.timeoutSec,
      deviceType: sweep.deviceType,
      ...(sweep.measures ? { measures: sweep.measures } : {}),
      ...(sweep.audits ? { audits: sweep.audits } : {}),
    },
  };
}

/** A measurement schedule's body: a measurement's fields, checked by its own rules, and the schedule's. */
export function parseMeasureScheduleBody(raw: unknown): ScheduleInput {
  const body = asObject(raw);
  const fields = parseScheduleFields(body);
  return { ...fields, template: { kind: 'measure', measure: parseMeasureFields(body, SCHEDULE_FIELDS) } };
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
  app.post(SWEEP_BASE, { schema: createSchema }, async (req, reply) => {
    const schedule = await create(services, req.apiKey, req.body);
    return reply.code(201).send(scheduleView(schedule));
  });
  const measureSchema = {
    tags,
    summary: 'Make a recurring measurement',
    body: parsedBy(MeasureScheduleBody, parseMeasureScheduleBody),
    response: { 201: MeasureSchedule, ...jobErrors() },
  };
  app.post(MEASURE_BASE, { schema: measureSchema }, async (req, reply) => {
    const schedule = await create(services, req.apiKey, req.body);
    return reply.code(201).send(scheduleView(schedule));
  });

  for (const kind of ['sweep', 'measure'] as const) {
    const base = kind === 'sweep' ? SWEEP_BASE : MEASURE_BASE;
    const noun = kind === 'sweep' ? 'sweep' : 'measurement';
    const one = kind === 'sweep' ? Schedule : MeasureSchedule;
    const listSchema = {
      tags,
      summary: `The key owner's recurring ${noun}s`,
      response: { 200: kind === 'sweep' ? ScheduleList : MeasureScheduleList, ...stringErrors(401, 500) },
    };
    app.get(base, { schema: listSchema }, async (req) => {
      const key = req.apiKey;
      const list = await services.store.schedules.listSchedules(key.ownerId);
      return { schedules: list.filter((s) => scheduleKind(s.template) === kind).map(scheduleView) };
    });

    const getSchema = {
      tags,
      summary:
        kind === 'sweep'
          ? 'A recurring sweep with its recent runs and what changed between them'
          : 'A recurring measurement with its recent runs and their measurements',
      params: JobIdParams,
      querystring: parsedBy(ScheduleQuery, parseRunsQuery),
      response: { 200: kind === 'sweep' ? ScheduleDetail : MeasureScheduleDetail, ...jobErrors(404) },
    };
    app.get(`${base}/:id`, { schema: getSchema }, async (req) => {
      const key = req.apiKey;
      const { runs } = req.query;
      const s = await ownedSchedule(services, key.ownerId, req.params.id, kind);
      const recent =
        kind === 'sweep' ? await recentRuns(services, s, runs) : await recentMeasureRuns(services, s, runs);
      return { ...scheduleView(s), runs: recent };
    });

    for (const action of ['pause', 'resume'] as const) {
      const schema = {
        tags,
        summary: action === 'pause' ? 'Stop firing until resumed' : 'Fire again, from the next time on',
        params: JobIdParams,
        response: { 200: one, ...jobErrors(404) },
      };
      app.post(`${base}/:id/${action}`, { schema }, async (req) => {
        const key = req.apiKey;
        const s = await ownedSchedule(services, key.ownerId, req.params.id, kind);
        const updated = await setSchedulePaused(services, s, action === 'pause');
        if (!updated.paused) wake();
        return scheduleView(updated);
      });
    }

    const deleteSchema = {
      tags,
      summary: `Delete a recurring ${noun} (its past ${noun}s stay)`,
      params: JobIdParams,
      response: { 204: { description: 'deleted', type: 'null' }, ...jobErrors(404) },
    };
    app.delete(`${base}/:id`, { schema: deleteSchema }, async (req, reply) => {
      const key = req.apiKey;
      const s = await ownedSchedule(services, key.ownerId, req.params.id, kind);
      if (!(await services.store.schedules.deleteSchedule(s.id))) throw jobNotFound();
      return reply.code(204).send();
    });
  }
}

/** A schedule made: its webhook's target checked, stored, the loop woken when it will fire. */
async function create(services: Services, key: ApiKeyRecord, input: ScheduleInput) {
  if (input.webhook) await checkWebhookTarget(services, key.ownerId, input.webhook);
  const schedule = await createSchedule(services, key, input);
  if (!schedule.paused) services.schedules.wake();
  return schedule;
}
