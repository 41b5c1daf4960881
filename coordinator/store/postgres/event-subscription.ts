// One LISTEN connection for one subscriber: delivers NOTIFY payloads as StoreEvents and reconnects
// with backoff when the connection drops. Events sent while it is down are lost (NOTIFY is not
// queued for absent listeners), so callers keep their periodic sweeps as the safety net.
import pg from 'pg';
import type { StoreEvent } from '../store-events.js';

/** What we log through; a pino Logger fits. */
export interface StoreLog {
  warn(obj: object, msg: string): void;
}

export interface EventSubscriptionOptions {
  clientConfig: pg.ClientConfig;
  channel: string;
  onEvent: (event: StoreEvent) => void;
  log?: StoreLog;
  /** First reconnect delay; doubles per failure up to maxBackoffMs. Default 100 ms. */
  minBackoffMs?: number;
  /** Default 5 s. */
  maxBackoffMs?: number;
}

export class EventSubscription {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: EventSubscriptionOptions) {}

  /** Resolves once LISTEN is active: anything published afterwards reaches the listener. */
  async start(): Promise<void> {
    this.client = await this.connect();
  }

  /** Safe twice. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.opts.clientConfig);
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client, null));
    client.on('notification', (msg) => this.deliver(msg));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.opts.channel}"`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    return client;
  }

  private deliver(msg: pg.Notification): void {
    if (msg.channel !== this.opts.channel || this.closed) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(msg.payload ?? '');
    } catch (err) {
      this.opts.log?.warn({ err, payload: msg.payload }, 'ignoring a malformed store event');
      return;
    }
    // One NOTIFY per commit carries that commit's events as an array (a lone event: older writers).
    const events = (Array.isArray(parsed) ? parsed : [parsed]) as StoreEvent[];
    for (const event of events) {
      // A throwing listener must not reach pg's socket handler, which would tear the connection down.
      try {
        this.opts.onEvent(event);
      } catch (err) {
        this.opts.log?.warn({ err, event }, 'store event listener threw');
      }
    }
  }

  /** Called for 'error' and 'end'; only the current connection counts (close() clears it first). */
  private dropped(client: pg.Client, err: Error | null): void {
    if (client !== this.client) return;
    this.client = null;
    this.opts.log?.warn({ err }, 'store event connection lost; reconnecting');
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const min = this.opts.minBackoffMs ?? 100;
    const max = this.opts.maxBackoffMs ?? 5_000;
    const capped = Math.min(max, min * 2 ** Math.min(this.failures, 16));
    // Jitter so coordinators cut off by the same database restart do not reconnect in lockstep.
    const delayMs = capped / 2 + Math.random() * (capped / 2);
    this.failures += 1;
    this.retryTimer = setTimeout(() => void this.reconnect(), delayMs);
    // Never the only thing keeping a process alive: the pool or the server does that.
    this.retryTimer.unref();
  }

  private async reconnect(): Promise<void> {
    this.retryTimer = null;
    if (this.closed) return;
    try {
      const client = await this.connect();
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.failures = 0;
      // NOTIFYs sent while the connection was down are gone: tell the subscriber to catch up.
      this.opts.onEvent({ type: 'resync' });
    } catch (err) {
      this.opts.log?.warn({ err, failures: this.failures }, 'store event reconnect failed');
      this.scheduleReconnect();
    }
  }
}
