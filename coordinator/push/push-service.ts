// The push features of one coordinator: the event log fed by the job lifecycle, the webhook
// delivery worker, the checks a webhook URL passes at submit, and wake-ups for streams.
import { EventEmitter } from 'node:events';
import type { Services } from '../services.js';
import { DeliveryWorker } from './delivery-worker.js';
import { PushEventLog } from './event-log.js';
import type { PushHandle } from './types.js';
import { WebhookSender } from './webhook-sender.js';

export class PushService implements PushHandle {
  readonly events: PushEventLog;
  readonly sender: WebhookSender;
  readonly worker: DeliveryWorker;
  private offs: Array<() => void | Promise<void>> = [];
  private closed: Promise<void> | null = null;
  private readonly wakes = new EventEmitter();
  private readonly abort = new AbortController();
  readonly closing: AbortSignal = this.abort.signal;

  constructor(private readonly services: Services) {
    const config = services.config;
    this.events = new PushEventLog(services);
    this.wakes.setMaxListeners(0);
    this.sender = new WebhookSender({
      allowCidrs: config.webhookAllowCidrs,
      timeoutMs: config.webhookTimeoutMs,
    });
    this.worker = new DeliveryWorker({
      store: services.store.push,
      sender: this.sender,
      log: services.log.child({ component: 'webhooks' }),
      coordinatorId: config.coordinatorId,
      retryWindowMs: config.webhookRetryWindowMs,
      retryBaseMs: config.webhookRetryBaseMs,
      timeoutMs: config.webhookTimeoutMs,
      concurrency: config.webhookConcurrency,
    });
  }

  /** Listens to the lifecycle, writes events a crash may have lost, starts delivering. */
  async start(): Promise<void> {
    this.offs.push(this.services.jobs.addListener(this.events));
    this.offs.push(this.events.onAppended(() => this.worker.wake()));
    this.offs.push(this.events.onAppended(() => this.wakes.emit('wake')));
    // One store subscription for every stream (on PostgreSQL each is a LISTEN connection).
    this.offs.push(
      await this.services.store.subscribe((e) => {
        if (e.type === 'job_terminal' || e.type === 'resync') this.wakes.emit('wake');
      }),
    );
    // On SQLite this process is the store's only user: leases of an earlier run are void.
    if (!this.services.store.shared)
      await this.services.store.push.releaseLeases(this.services.config.coordinatorId);
    const written = await this.events.catchUp(Date.now() - this.services.config.webhookRetryWindowMs);
    if (written > 0)
      this.services.log.warn({ written }, 'push events written for jobs that finished without one');
    this.worker.start();
  }

  webhookRefusal(url: string): Promise<string | null> {
    return this.sender.refusal(url);
  }

  /** Wakes `fn` when an event may have been written here or on another coordinator. */
  onWake(fn: () => void): () => void {
    this.wakes.on('wake', fn);
    return () => this.wakes.off('wake', fn);
  }

  /** Stops listening, finishes the event writes and attempts in flight. Safe twice. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.abort.abort();
      for (const off of this.offs) await off();
      await this.events.drain();
      await this.worker.close();
    })();
    return this.closed;
  }
}
