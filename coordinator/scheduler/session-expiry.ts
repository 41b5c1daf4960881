// The clock of sessions: once a second it reports a tick to the owner of session state
// (jobs/job-lifecycle.ts), which marks sessions past their end expired and ends their waiting jobs
// on every coordinator.
import type { Logger } from 'pino';
import type { SessionReports } from '../jobs/reports.js';

export class SessionExpiry {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly sessions: Pick<SessionReports, 'expireSessions'>,
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
      await this.sessions.expireSessions();
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
