// Tells the coordinator whether the device takes jobs right now: room in the result spool and the
// owner's controls (pause, hours, per-minute cap, daily bytes). An Availability frame goes out when
// that changes, or when the owner's controls change; a timer re-evaluates what time alone changes.
import type { Logger } from 'pino';
import type { AgentFrameInit } from '../../proto/index.js';
import type { OwnerState } from '../owner/owner-state.js';
import { ownerControlsToWire } from './wire.js';

/** How often availability is re-evaluated while nothing else happens (allowed hours, a new day). */
const RECHECK_MS = 15_000;

export interface AvailabilityOptions {
  owner: OwnerState;
  spoolFull(): boolean;
  send(frame: AgentFrameInit): void;
  log: Logger;
}

export class AvailabilityReporter {
  private accepting = true;
  private timer: NodeJS.Timeout | null = null;
  /** The timer is the RECHECK_MS re-check (not a wait for a per-minute slot). */
  private periodic = false;
  private closed = false;

  constructor(private readonly opts: AvailabilityOptions) {}

  /** A new link: the coordinator knows what the hello told it (`accepting`); correct it if needed. */
  linked(accepting: boolean): void {
    this.accepting = accepting;
    this.update();
  }

  /** Re-evaluates; sends when the answer changed, or always with `force` (the controls changed). */
  update(force = false): void {
    const { owner, log } = this.opts;
    const ownerWhy = owner.refusal();
    const spoolFull = this.opts.spoolFull();
    const accepting = !spoolFull && ownerWhy === null;
    this.schedule();
    if (accepting === this.accepting && !force) return;
    this.accepting = accepting;
    const reason = accepting ? '' : spoolFull ? 'result spool is full' : (ownerWhy ?? '');
    if (spoolFull) log.warn({ accepting }, reason);
    else log.info({ accepting, reason }, accepting ? 'taking jobs' : 'taking no new jobs');
    this.opts.send({
      availability: { accepting, reason, ownerControls: ownerControlsToWire(owner.snapshot(), new Date()) },
    });
  }

  /** Stops the timer for good. Safe twice. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Wakes when the per-minute window frees a slot, else every RECHECK_MS for hours and days. */
  private schedule(): void {
    if (this.closed) return;
    const slotMs = this.opts.owner.msUntilSlot();
    // No slot to wait for and the periodic re-check already set: keep it (an update per job start
    // and end would otherwise re-arm it every time, for nothing).
    if (slotMs <= 0 && this.timer && this.periodic) return;
    if (this.timer) clearTimeout(this.timer);
    this.periodic = slotMs <= 0;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.update();
      },
      slotMs > 0 ? Math.min(slotMs, RECHECK_MS) : RECHECK_MS,
    );
    this.timer.unref();
  }
}
