// Delivers results: spool first, then send; re-send what the coordinator has not acknowledged
// after every (re)connect and every `resendAfterMs` while connected; forget on ack.
import type { Logger } from 'pino';
import type { LinkClient } from './client.js';
import { Spool } from './spool.js';

export interface DeliveryOptions {
  resendAfterMs: number;
  log: Logger;
  /** A job still running here is not re-sent (its old attempt's result is on its way). */
  isRunning(jobId: string): boolean;
}

export class ResultDelivery {
  private readonly lastSent = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly spool: Spool,
    private readonly link: LinkClient,
    private readonly opts: DeliveryOptions,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.resendStale(), Math.max(100, this.opts.resendAfterMs / 2));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Durable in the spool before the first byte is sent. */
  async deliver(jobId: string, attempt: number, frames: Uint8Array[]): Promise<void> {
    await this.spool.put(jobId, attempt, frames);
    this.send(jobId, attempt, frames);
  }

  async acked(jobId: string, attempt: number): Promise<void> {
    this.lastSent.delete(Spool.key(jobId, attempt));
    await this.spool.remove(jobId, attempt);
  }

  /** A new link: everything unacknowledged goes again (the coordinator de-duplicates). */
  onConnected(): void {
    this.lastSent.clear();
    void this.resendAll();
  }

  private send(jobId: string, attempt: number, frames: Uint8Array[]): void {
    if (!this.link.connected) return;
    for (const f of frames) if (!this.link.sendRaw(f)) return;
    this.lastSent.set(Spool.key(jobId, attempt), Date.now());
  }

  private async resendAll(): Promise<void> {
    for (const e of this.spool.list()) {
      try {
        this.send(e.jobId, e.attempt, await this.spool.read(e.jobId, e.attempt));
      } catch (err) {
        this.opts.log.error({ err, jobId: e.jobId }, 'spooled result unreadable');
      }
    }
  }

  private async resendStale(): Promise<void> {
    if (!this.link.connected) return;
    const now = Date.now();
    if (this.link.bufferedBytes > 0) {
      // What was sent has not left the socket yet: the coordinator reads slower than we send (it
      // pauses a link while a result waits for its storage). A re-send would only queue a copy
      // behind it, so the wait for an ack counts from when the socket drains.
      for (const key of this.lastSent.keys()) this.lastSent.set(key, now);
      return;
    }
    for (const e of this.spool.list()) {
      const sent = this.lastSent.get(Spool.key(e.jobId, e.attempt));
      if (sent !== undefined && now - sent < this.opts.resendAfterMs) continue;
      if (this.opts.isRunning(e.jobId)) continue;
      try {
        this.send(e.jobId, e.attempt, await this.spool.read(e.jobId, e.attempt));
      } catch (err) {
        this.opts.log.error({ err, jobId: e.jobId }, 'spooled result unreadable');
      }
    }
  }
}
