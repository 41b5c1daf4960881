// Every subscriber of one coordinator shares one LISTEN connection: the job lifecycle's cluster sync
// and the push service (SSE, webhooks) each subscribe, and a connection per subscriber would double
// what a coordinator holds on the server. The connection opens with the first subscriber and closes
// with the last; a reconnect's `resync` reaches every subscriber.
// Notifications are coalesced per turn: the events of every NOTIFY read in one turn of the event loop
// (a socket read often holds several commits' notifications) reach the listeners together at the
// turn's end, each once at its last place (the same wake-up from two commits, or two `resync`s,
// count once), so a listener that gathers per turn (cluster sync's read of announced jobs, the
// streams' wake-up) does its work once for them all.
import type pg from 'pg';
import type { StoreEvent } from '../store-events.js';
import { EventSubscription, type StoreLog } from './event-subscription.js';

type Listener = (event: StoreEvent) => void;

export class EventHub {
  private readonly listeners = new Set<Listener>();
  /** The shared connection once LISTEN is active (or being set up). */
  private connection: Promise<EventSubscription> | null = null;
  private closed = false;
  /** This turn's events, each once (keyed by their JSON), until the turn's end delivers them. */
  private turn = new Map<string, StoreEvent>();
  private flushScheduled: NodeJS.Immediate | null = null;
  /** Notifications received and turns that delivered them, for tests and metrics. */
  readonly stats = { events: 0, turns: 0 };

  constructor(private readonly opts: { clientConfig: pg.ClientConfig; channel: string; log?: StoreLog }) {}

  /** Resolves once LISTEN is active: anything published afterwards reaches `listener`. */
  async subscribe(listener: Listener): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('postgres store is closed');
    // A Set would merge a listener subscribed twice; a wrapper keeps each subscription its own.
    const own: Listener = (e) => listener(e);
    this.connection ??= this.open();
    const opening = this.connection;
    try {
      await opening;
    } catch (err) {
      if (this.connection === opening) this.connection = null;
      throw err;
    }
    if (this.closed) throw new Error('postgres store is closed');
    this.listeners.add(own);
    return async () => {
      if (!this.listeners.delete(own) || this.listeners.size > 0) return;
      const last = this.connection;
      this.connection = null;
      await (await last?.catch(() => null))?.close();
    };
  }

  /** Listeners currently subscribed (for tests and metrics). */
  get size(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    this.flushScheduled = null;
    this.turn.clear();
    this.listeners.clear();
    const sub = await this.connection?.catch(() => null);
    this.connection = null;
    await sub?.close();
  }

  /** Delivers this turn's events, each at its last place in the turn, to every listener. */
  private flush(): void {
    this.flushScheduled = null;
    const events = [...this.turn.values()];
    this.turn = new Map();
    if (events.length === 0) return;
    this.stats.turns++;
    for (const event of events) {
      // One throwing listener must not keep the event from the others.
      for (const l of this.listeners) {
        try {
          l(event);
        } catch (err) {
          this.opts.log?.warn({ err, event }, 'store event listener threw');
        }
      }
    }
  }

  private async open(): Promise<EventSubscription> {
    const sub = new EventSubscription({
      clientConfig: { ...this.opts.clientConfig, application_name: 'crawl-coordinator-listen' },
      channel: this.opts.channel,
      onEvent: (event) => {
        this.stats.events++;
        // Counted once, at its last place: pending, claimed, pending again ends pending.
        const key = JSON.stringify(event);
        this.turn.delete(key);
        this.turn.set(key, event);
        this.flushScheduled ??= setImmediate(() => this.flush());
      },
      log: this.opts.log,
    });
    await sub.start();
    return sub;
  }
}
