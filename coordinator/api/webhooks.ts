// The key's webhook settings and delivery log: the default webhook (and its signing secret, shown
// once when made), and every delivery attempt's outcome, newest first.
import type { FastifyInstance } from 'fastify';
import {
  DefaultWebhook,
  DefaultWebhookBody,
  DeliveriesQuery,
  DeliveryList,
  jobErrors,
  stringErrors,
  WEBHOOK_EVENT_TYPES,
} from '../../contract/index.js';
import { setDefaultWebhook } from '../auth/admin-ops.js';
import { invalid } from '../errors.js';
import type { Services } from '../services.js';
import type { DeliveryRecord } from '../store/push-types.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { asObject, isUuid } from './validate.js';

const tags = ['webhooks'];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function deliveryView(d: DeliveryRecord) {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    job_id: d.jobId,
    sweep_id: d.sweepId,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    created_at: new Date(d.createdAtMs).toISOString(),
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptMs) : null,
    delivered_at: iso(d.deliveredAtMs),
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
  };
}

function parseDefaultBody(raw: unknown): { url?: string | null; events?: string[]; rotateSecret: boolean } {
  const body = asObject(raw ?? {});
  const out: { url?: string | null; events?: string[]; rotateSecret: boolean } = {
    rotateSecret: body.rotate_secret === true,
  };
  if (
    body.rotate_secret !== undefined &&
    body.rotate_secret !== null &&
    typeof body.rotate_secret !== 'boolean'
  ) {
    throw invalid('rotate_secret must be a boolean');
  }
  if (body.url !== undefined) {
    if (
      body.url !== null &&
      (typeof body.url !== 'string' || body.url.length === 0 || body.url.length > 2048)
    ) {
      throw invalid('url must be a URL string or null');
    }
    out.url = body.url as string | null;
  }
  if (body.events !== undefined && body.events !== null) {
    const types = WEBHOOK_EVENT_TYPES as readonly unknown[];
    if (!Array.isArray(body.events) || !body.events.every((e) => types.includes(e))) {
      throw invalid(`events must be a list of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    out.events = [...new Set(body.events as string[])];
  }
  return out;
}

export function registerWebhookRoutes(base: FastifyInstance, services: Services): void {
  // Request types follow from the route schemas (contract/) and their parsers.
  const app = base.withTypeProvider<ContractTypes>();

  app.get(
    '/crawl/v1/webhooks/default',
    {
      schema: {
        tags,
        summary: "The key's default webhook",
        response: { 200: DefaultWebhook, ...stringErrors(401, 500) },
      },
    },
    async (req) => {
      const key = req.apiKey;
      const hook = await services.store.push.getOwnerWebhook(key.ownerId);
      return { url: hook?.url ?? null, events: hook?.events ?? [], secret: null };
    },
  );

  app.put(
    '/crawl/v1/webhooks/default',
    {
      schema: {
        tags,
        summary: 'Set the default webhook; makes the signing secret on first use or when asked (shown once)',
        body: parsedBy(DefaultWebhookBody, parseDefaultBody),
        response: { 200: DefaultWebhook, ...jobErrors() },
      },
    },
    async (req) => {
      const key = req.apiKey;
      const input = req.body;
      if (typeof input.url === 'string') {
        const refusal = await services.push.webhookRefusal(input.url);
        if (refusal) throw invalid(refusal);
      }
      return setDefaultWebhook(services.store, key.ownerId, input);
    },
  );

  app.get(
    '/crawl/v1/webhooks/deliveries',
    {
      schema: {
        tags,
        summary: "The key's webhook deliveries, newest first",
        querystring: parsedBy(DeliveriesQuery, parseDeliveriesQuery),
        response: { 200: DeliveryList, ...jobErrors() },
      },
    },
    async (req) => {
      const key = req.apiKey;
      const { limit, before, jobId, sweepId } = req.query;
      const rows = await services.store.push.listDeliveries({
        ownerId: key.ownerId,
        limit,
        beforeId: before,
        jobId,
        sweepId,
      });
      const last = rows[rows.length - 1];
      return {
        deliveries: rows.map(deliveryView),
        next_before: rows.length === limit && last ? last.id : null,
      };
    },
  );
}

interface DeliveriesQueryInput {
  limit: number;
  before?: number;
  jobId?: string;
  sweepId?: string;
}

function parseDeliveriesQuery(raw: unknown): DeliveriesQueryInput {
  const q = (raw ?? {}) as Record<string, unknown>;
  const limit = q.limit === undefined ? 100 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500)
    throw invalid('limit must be an integer from 1 to 500');
  const out: DeliveriesQueryInput = { limit };
  if (q.before !== undefined) {
    const before = Number(q.before);
    if (!Number.isInteger(before) || before < 1) throw invalid('before must be a delivery id');
    out.before = before;
  }
  // Ids are stored lowercase; another owner's or an unknown id lists nothing (never a 404 that
  // would tell one owner that another's id exists).
  if (q.job_id !== undefined) {
    if (!isUuid(q.job_id)) throw invalid('job_id must be a UUID');
    out.jobId = q.job_id.toLowerCase();
  }
  if (q.sweep_id !== undefined) {
    if (!isUuid(q.sweep_id)) throw invalid('sweep_id must be a UUID');
    out.sweepId = q.sweep_id.toLowerCase();
  }
  return out;
}
