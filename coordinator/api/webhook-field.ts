// The `webhook` object of job and sweep creation: shape checked with the rest of the body, the
// target checked against the address policy (it resolves the name), a signing secret required.
import { WEBHOOK_EVENT_TYPES } from '../../contract/index.js';
import { invalid } from '../errors.js';
import type { Services } from '../services.js';

type Json = Record<string, unknown>;

export interface WebhookField {
  url: string;
  events: string[];
}

/** The field's shape (no I/O); null when absent. */
export function parseWebhookField(body: Json): WebhookField | null {
  const raw = body.webhook;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('webhook must be an object with a url');
  const hook = raw as Record<string, unknown>;
  if (typeof hook.url !== 'string' || hook.url.length === 0)
    throw invalid('webhook.url must be a URL string');
  if (hook.url.length > 2048) throw invalid('webhook url must be at most 2048 characters');
  let events: string[] = [];
  if (hook.events !== undefined && hook.events !== null) {
    const types = WEBHOOK_EVENT_TYPES as readonly unknown[];
    if (!Array.isArray(hook.events) || !hook.events.every((e) => types.includes(e))) {
      throw invalid(`webhook.events must be a list of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
    }
    events = [...new Set(hook.events as string[])];
  }
  return { url: hook.url, events };
}

/** The target may be reached and the key can sign; otherwise the contract's 400. */
export async function checkWebhookTarget(
  services: Services,
  ownerId: string,
  hook: WebhookField,
): Promise<void> {
  const owner = await services.store.push.getOwnerWebhook(ownerId);
  if (!owner?.secret) {
    throw invalid('webhook needs a signing secret: create one with PUT /crawl/v1/webhooks/default');
  }
  const refusal = await services.push.webhookRefusal(hook.url);
  if (refusal) throw invalid(refusal);
}
