// Standard Webhooks signing: webhook-id, webhook-timestamp (seconds) and webhook-signature
// `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64 part of `whsec_<base64>`.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A fresh signing secret: 32 random bytes as `whsec_<base64>`. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The three headers a receiver verifies. */
export function signatureHeaders(
  secret: string,
  eventId: string,
  timestampSec: number,
  body: string,
): Record<string, string> {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${eventId}.${timestampSec}.${body}`).digest('base64');
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': `v1,${mac}`,
  };
}
