// A session's states, for the owner of job state (job-lifecycle.ts, which alone imports this file
// and lends it the two steps a session's end takes in its queue and on its device):
//
//   open ──▶ active ──first claim──▶ active, pinned to a device
//              │                          │
//              ├── close ──▶ closed ◀─────┤     (ended: its waiting jobs fail session_closed
//              └── expire ─▶ expired ◀────┘      on every coordinator; its device lets go)
//
// The pin itself is the claim's (the owner's claim path); this file opens and ends sessions.
import type { Logger } from 'pino';
import { newResourceId } from '../resource-id.js';
import type { Placement, SessionRecord } from '../store/records.js';
import type { Store } from '../store/types.js';

/** What the owner lends: its store, clock and log, and the session's end in its queue and device. */
export interface SessionOwner {
  readonly store: Store;
  readonly log: Logger;
  now(): number;
  /** The session's jobs waiting here fail `session_closed`; its device, connected here, lets it go. */
  endSessionJobs(sessionId: string, deviceId: string | null, why: string): Promise<void>;
}

export class SessionStates {
  constructor(private readonly owner: SessionOwner) {}

  async open(ownerId: string, durationSec: number, placement: Placement | null): Promise<SessionRecord> {
    const now = this.owner.now();
    const session: SessionRecord = {
      id: newResourceId(),
      ownerId,
      status: 'active',
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + durationSec * 1000).toISOString(),
      expiresAtMs: now + durationSec * 1000,
      closedAt: null,
      deviceId: null,
      placement,
    };
    await this.owner.store.insertSession(session);
    return session;
  }

  async close(sessionId: string): Promise<void> {
    const { store } = this.owner;
    const before = await store.getSession(sessionId);
    if (before?.status !== 'active') return;
    const closed = await store.closeSession(sessionId, new Date(this.owner.now()).toISOString());
    await this.ended(sessionId, closed?.deviceId ?? null, 'the session was closed');
  }

  async expire(): Promise<number> {
    const { store } = this.owner;
    const ids = await store.expireSessions(this.owner.now());
    for (const id of ids) {
      const s = await store.getSession(id);
      await this.ended(id, s?.deviceId ?? null, 'the session has expired');
    }
    return ids.length;
  }

  /**
   * A session ended on some coordinator (this one's own publish comes back too: by then none of
   * its jobs wait here, and a device lets go of a session it no longer holds at no cost).
   */
  async endedElsewhere(sessionId: string): Promise<void> {
    const s = await this.owner.store.getSession(sessionId);
    const why = s?.status === 'expired' ? 'the session has expired' : 'the session was closed';
    await this.owner.endSessionJobs(sessionId, s?.deviceId ?? null, why);
  }

  /** Ended here: its jobs end here, and every other coordinator on the database is told. */
  private async ended(sessionId: string, deviceId: string | null, why: string): Promise<void> {
    await this.owner.endSessionJobs(sessionId, deviceId, why);
    await this.owner.store
      .publish({ type: 'session_ended', sessionId })
      .catch((err) => this.owner.log.warn({ err, sessionId }, 'publish failed'));
  }
}
