// One timer for the heartbeats of every agent link. Each link joins a slot of a wheel of slots
// spanning one heartbeat interval; every tick visits one slot: its silent links are dropped, the
// others get a ping. So 100,000 idle links cost one timer and a slot's share of the links per tick,
// with pings spread over the interval instead of a burst, and the ping frame is encoded once per tick
// and the same bytes sent to every link of the slot. A tick comes every TICK_MS by default: each ping
// is a socket write, and with 16 slots over 15 s a tick held the event loop for the pings of 1/16 of
// the fleet at once (312 writes at 5,000 agents, 6,250 at 100,000), in front of every job waiting.

/** A link as the wheel sees it. */
export interface HeartbeatMember {
  /** Epoch ms of the latest frame received from the peer. */
  lastSeenMs(): number;
  /** Send these bytes (shared by every member of the tick: never modify them). */
  ping(frame: Uint8Array): void;
  /** The peer has been silent too long: drop the link. Called once; the member is removed first. */
  silent(): void;
}

export interface HeartbeatWheelOptions {
  /** How often each member is pinged and checked, in ms. */
  intervalMs: number;
  /** Silence after which a member is dropped, in ms. Default three intervals. */
  silentAfterMs?: number;
  /** Ticks per interval. Default one every TICK_MS (300 for 15 s), at least 16. */
  slots?: number;
  /** Encodes the ping frame sent at `nowMs`. */
  encodePing: (nowMs: number) => Uint8Array;
  /** Default Date.now. */
  now?: () => number;
}

/** Default time between two ticks: a timer 20 times a second costs an idle coordinator nothing measurable. */
export const TICK_MS = 50;

export class HeartbeatWheel {
  private readonly slots: Array<Set<HeartbeatMember>>;
  private readonly silentAfterMs: number;
  private readonly now: () => number;
  private readonly tickMs: number;
  private cursor = 0;
  private timer: NodeJS.Timeout | null = null;
  private nextTickMs = 0;
  private count = 0;

  constructor(private readonly opts: HeartbeatWheelOptions) {
    const n = Math.max(1, Math.floor(opts.slots ?? Math.max(16, Math.round(opts.intervalMs / TICK_MS))));
    this.slots = Array.from({ length: n }, () => new Set<HeartbeatMember>());
    this.silentAfterMs = opts.silentAfterMs ?? opts.intervalMs * 3;
    this.now = opts.now ?? Date.now;
    this.tickMs = Math.max(1, opts.intervalMs / n);
  }

  /** Members on the wheel. */
  get size(): number {
    return this.count;
  }

  /** Joins the slot visited last, so the member's first check comes one full interval from now. */
  add(member: HeartbeatMember): void {
    const slot = this.slots[
      (this.cursor + this.slots.length - 1) % this.slots.length
    ] as Set<HeartbeatMember>;
    slot.add(member);
    this.count++;
    this.start();
  }

  /**
   * Leaves the wheel; safe to call twice. It looks through the slots rather than keep a handle
   * per member: a handle (a closure) would cost every idle link memory to save a few set lookups
   * once per disconnect.
   */
  remove(member: HeartbeatMember): void {
    for (const slot of this.slots) {
      if (slot.delete(member)) {
        this.count--;
        break;
      }
    }
    if (this.count === 0) this.stop();
  }

  /** Visits the next slot (the timer calls this; tests may too). */
  tick(): void {
    const slot = this.slots[this.cursor] as Set<HeartbeatMember>;
    this.cursor = (this.cursor + 1) % this.slots.length;
    if (slot.size === 0) return;
    const nowMs = this.now();
    let frame: Uint8Array | null = null;
    for (const m of slot) {
      if (nowMs - m.lastSeenMs() > this.silentAfterMs) {
        slot.delete(m);
        this.count--;
        m.silent();
        continue;
      }
      frame ??= this.opts.encodePing(nowMs);
      m.ping(frame);
    }
    if (this.count === 0) this.stop();
  }

  /**
   * Visits every slot due by now: a timer delayed by a busy event loop catches up (at most one
   * turn), so links are still pinged once per interval rather than once per timer callback.
   */
  private advance(): void {
    const nowMs = this.now();
    let visits = 0;
    while (nowMs >= this.nextTickMs && visits < this.slots.length && this.timer) {
      this.tick();
      this.nextTickMs += this.tickMs;
      visits++;
    }
    if (nowMs >= this.nextTickMs) this.nextTickMs = nowMs + this.tickMs;
  }

  /** Stops the timer; members stay (a later add starts it again). */
  close(): void {
    this.stop();
  }

  private start(): void {
    if (this.timer) return;
    this.nextTickMs = this.now() + this.tickMs;
    this.timer = setInterval(() => this.advance(), this.tickMs);
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
