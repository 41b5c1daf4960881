// Marks sessions expired once their expires_at passes and ends their waiting jobs.
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import type { Dispatcher } from './dispatcher.js';

export class SessionExpiry {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly store: Store,
    private readonly dispatcher: Dispatcher,
    private readonly log: Logger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const id of await this.store.expireSessions(Date.now())) {
        const s = await this.store.getSession(id);
        await this.dispatcher.endSession(
          id,
          s?.deviceId ?? null,
          'session_closed',
          'the session has expired',
        );
      }
    } catch (err) {
      this.log.error({ err }, 'session expiry failed');
    } finally {
      this.running = false;
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
