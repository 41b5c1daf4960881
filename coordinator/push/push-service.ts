// The push features of one coordinator: the event log fed by the job lifecycle, the webhook
// delivery worker, the checks a webhook URL passes at submit, and wake-ups for streams.
import { EventEmitter } from 'node:events';
import type { CoreServices } from '../services.js';
import { DeliveryWorker } from './delivery-worker.js';
import { PushEventLog } from './event-log.js';
import type { PushHandle } from './types.js';
import { WebhookSender } from './webhook-sender.js';

/** How often a running coordinator looks for finished jobs without an event, and how far back. */
const CATCH_UP_INTERVAL_MS = 60_000;
const CATCH_UP_LOOKBACK_MS = 10 * 60_000;

export class PushService implements PushHandle {
  readonly events: PushEventLog;
  readonly sender: WebhookSender;
  readonly worker: DeliveryWorker;
  private offs: Array<() => void | Promise<void>> = [];
  private closed: Promise<void> | null = null;
  private readonly wakes = new EventEmitter();
  /** The wake-up of this turn, once scheduled: streams wake once a turn, whatever woke them. */
  private wakeScheduled: NodeJS.Immediate | null = null;
  private readonly abort = new AbortController();
  private catchUpTimer: NodeJS.Timeout | null = null;
  readonly closing: AbortSignal = this.abort.signal;

  constructor(private readonly services: CoreServices) {
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
    this.offs.push(
      this.events.onAppended((withDeliveries) => {
        if (withDeliveries) this.worker.wake();
      }),
    );
    this.offs.push(this.events.onAppended(() => this.wakeStreams()));
    // One store subscription for every stream (on PostgreSQL each is a LISTEN connection). A
    // NOTIFY carries a commit's job_terminal events, often dozens: one wake-up for all of them.
    this.offs.push(
      await this.services.store.subscribe((e) => {
        if (e.type === 'job_terminal' || e.type === 'resync') this.wakeStreams();
      }),
    );
    // On SQLite this process is the store's only user: every lease of an earlier run is void.
    if (!this.services.store.shared) await this.services.store.push.releaseLeases(null);
    await this.catchUp(Date.now() - this.services.config.webhookRetryWindowMs);
    // Another coordinator of the cluster may die in the window; later passes look back a little.
    this.catchUpTimer = setInterval(() => {
      this.catchUp(Date.now() - CATCH_UP_LOOKBACK_MS).catch((err) =>
        this.services.log.warn({ err }, 'push catch-up pass failed'),
      );
    }, CATCH_UP_INTERVAL_MS);
    this.catchUpTimer.unref();
    this.worker.start();
  }

  private async catchUp(sinceMs: number): Promise<void> {
    const config = this.services.config;
    // Kept past the retry window, so that a catch-up pass never writes a pruned event again.
    const keepMs = Math.max(config.pushRetentionMs, config.webhookRetryWindowMs + 3_600_000);
    await this.services.store.push.pruneEvents(Date.now() - keepMs);
    const written = await this.events.catchUp(sinceMs);
    if (written > 0)
      this.services.log.warn({ written }, 'push events written for jobs that finished without one');
  }

  webhookRefusal(url: string): Promise<string | null> {
    return this.sender.refusal(url);
  }

  /** Wakes every stream once at the end of this turn, however many events asked for it. */
  private wakeStreams(): void {
    this.wakeScheduled ??= setImmediate(() => {
      this.wakeScheduled = null;
      this.wakes.emit('wake');
    });
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
      if (this.catchUpTimer) clearInterval(this.catchUpTimer);
      if (this.wakeScheduled) clearImmediate(this.wakeScheduled);
      this.wakeScheduled = null;
      for (const off of this.offs) await off();
      await this.events.drain();
      await this.worker.close();
    })();
    return this.closed;
  }
}
