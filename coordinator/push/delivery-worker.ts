// Sends the outbox: claims due deliveries under a lease (one coordinator per delivery, cluster-
// wide), signs and POSTs them, and records each attempt. Failures retry with exponential backoff
// and jitter until the retry window since the event closes; then the delivery is dead. A
// delivery waits while an earlier one of the same job or sweep to the same URL is undelivered.
import type { Logger } from 'pino';
import type { ClaimedDelivery, PushStore } from '../store/push-types.js';
import { WakeLoop } from '../wake-loop.js';
import { signatureHeaders } from './signer.js';
import type { WebhookSender } from './webhook-sender.js';

export interface DeliveryWorkerOptions {
  store: PushStore;
  sender: WebhookSender;
  log: Logger;
  /** Lease holder name: the coordinator id. */
  coordinatorId: string;
  /** Retries stop (dead) this long after the event. */
  retryWindowMs: number;
  /** First retry delay; doubles per attempt up to `maxRetryDelayMs`. */
  retryBaseMs: number;
  /** Cap of one retry delay. Default 1 h. */
  maxRetryDelayMs?: number;
  /** One attempt's deadline (the lease covers it twice over). */
  timeoutMs: number;
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Look for due work at least this often (work from other coordinators, retries). Default 1 s. */
  pollMs?: number;
}

const SECRET_CACHE_MS = 5_000;

export class DeliveryWorker {
  private readonly loop: WakeLoop;
  private readonly inflight = new Set<Promise<void>>();
  private readonly secrets = new Map<string, { secret: string | null; untilMs: number }>();

  constructor(private readonly opts: DeliveryWorkerOptions) {
    this.loop = new WakeLoop({
      pass: () => this.pass(),
      pollMs: opts.pollMs ?? 1_000,
      onError: (err) => opts.log.warn({ err }, 'webhook delivery pass failed'),
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks for due work now (an event was written, a delivery finished). */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Stops claiming (a pass in progress finishes first, so nothing is claimed after), waits for
   * attempts in flight, hands unsent leases back. Safe twice.
   */
  async close(): Promise<void> {
    await this.loop.close();
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
    await this.opts.store.releaseLeases(this.opts.coordinatorId).catch(() => {});
  }

  private async pass(): Promise<undefined> {
    const free = this.opts.concurrency - this.inflight.size;
    if (free <= 0) return undefined;
    const nowMs = Date.now();
    const leaseUntilMs = nowMs + 2 * this.opts.timeoutMs + 5_000;
    const claimed = await this.opts.store.claimDeliveries(nowMs, this.opts.coordinatorId, leaseUntilMs, free);
    for (const d of claimed) {
      const p: Promise<void> = this.attempt(d)
        .catch((err) => this.opts.log.error({ err, deliveryId: d.id }, 'webhook attempt not recorded'))
        .finally(() => {
          this.inflight.delete(p);
          this.wake();
        });
      this.inflight.add(p);
    }
    return undefined;
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const secret = await this.secretOf(d.ownerId);
    const attempts = d.attempts + 1;
    const nowSec = Math.floor(Date.now() / 1000);
    const outcome = secret
      ? await this.opts.sender.send(d.url, signatureHeaders(secret, d.eventId, nowSec, d.payload), d.payload)
      : { statusCode: null, error: 'no signing secret for this key' };
    const nowMs = Date.now();
    if (outcome.error === null) {
      await this.opts.store.finishDelivery(d.id, this.opts.coordinatorId, {
        status: 'delivered',
        attempts,
        nextAttemptMs: nowMs,
        lastStatusCode: outcome.statusCode,
        lastError: null,
        deliveredAtMs: nowMs,
      });
      return;
    }
    const nextAttemptMs = nowMs + this.retryDelayMs(attempts);
    const dead = nextAttemptMs > d.eventCreatedAtMs + this.opts.retryWindowMs;
    this.opts.log.info(
      { deliveryId: d.id, eventId: d.eventId, attempts, dead, err: outcome.error },
      'webhook attempt failed',
    );
    await this.opts.store.finishDelivery(d.id, this.opts.coordinatorId, {
      status: dead ? 'dead' : 'pending',
      attempts,
      nextAttemptMs,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      deliveredAtMs: null,
    });
  }

  /** base·2^(n-1), capped, times a random factor in [0.5, 1) so failed receivers are not hit in step. */
  private retryDelayMs(attempts: number): number {
    const cap = this.opts.maxRetryDelayMs ?? 3_600_000;
    const exp = Math.min(cap, this.opts.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
    return Math.round(exp * (0.5 + Math.random() * 0.5));
  }

  private async secretOf(ownerId: string): Promise<string | null> {
    const cached = this.secrets.get(ownerId);
    if (cached && cached.untilMs > Date.now()) return cached.secret;
    const hook = await this.opts.store.getOwnerWebhook(ownerId);
    const secret = hook?.secret || null;
    this.secrets.set(ownerId, { secret, untilMs: Date.now() + SECRET_CACHE_MS });
    return secret;
  }
}
