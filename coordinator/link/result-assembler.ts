// Collects a result's content chunks per (job, attempt) until its final frame, within a byte cap.
import { type PartName, partNameOf, type ResultChunk, type ResultFinal } from '../../proto/index.js';
import type { ByteBudget } from './byte-budget.js';

interface Pending {
  parts: Map<PartName, Buffer[]>;
  bytes: number;
  overflow: boolean;
}

export type AssembleOutcome =
  /** `bytes` stay taken from the budget until the caller gives them back (once stored). */
  | { ok: true; parts: Map<PartName, Buffer>; bytes: number }
  | { ok: false; reason: 'incomplete' | 'too_large'; message: string };

export class ResultAssembler {
  private readonly pending = new Map<string, Pending>();
  private totalBytes = 0;

  constructor(
    private readonly maxResultBytes: number,
    private readonly budget: ByteBudget,
  ) {}

  get bufferedBytes(): number {
    return this.totalBytes;
  }

  /** True while some result has chunks here and no final frame yet. */
  get hasPartial(): boolean {
    return this.pending.size > 0;
  }

  add(chunk: ResultChunk): void {
    const key = `${chunk.jobId}/${chunk.attempt}`;
    let p = this.pending.get(key);
    if (!p) {
      p = { parts: new Map(), bytes: 0, overflow: false };
      this.pending.set(key, p);
    }
    if (p.overflow) return;
    const data = chunk.data ?? new Uint8Array(0);
    if (p.bytes + data.byteLength > this.maxResultBytes) {
      // Keep counting nothing more: the final frame turns this into a too_large result.
      this.totalBytes -= p.bytes;
      this.budget.give(p.bytes);
      p.parts.clear();
      p.bytes = 0;
      p.overflow = true;
      return;
    }
    const name = partNameOf(chunk.part);
    let list = p.parts.get(name);
    if (!list) {
      list = [];
      p.parts.set(name, list);
    }
    list[chunk.index ?? 0] = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    p.bytes += data.byteLength;
    this.totalBytes += data.byteLength;
    this.budget.take(data.byteLength);
  }

  finish(final: ResultFinal): AssembleOutcome {
    const key = `${final.jobId}/${final.attempt}`;
    const p = this.pending.get(key) ?? { parts: new Map<PartName, Buffer[]>(), bytes: 0, overflow: false };
    this.pending.delete(key);
    this.totalBytes -= p.bytes;
    const fail = (reason: 'incomplete' | 'too_large', message: string): AssembleOutcome => {
      this.budget.give(p.bytes);
      return { ok: false, reason, message };
    };
    if (p.overflow) {
      return fail(
        'too_large',
        `result content exceeds the coordinator's limit of ${this.maxResultBytes} bytes`,
      );
    }
    const out = new Map<PartName, Buffer>();
    for (const summary of final.parts ?? []) {
      const name = partNameOf(summary.part);
      const list = p.parts.get(name) ?? [];
      const chunks = summary.chunks ?? 0;
      let complete = list.length === chunks;
      for (let i = 0; complete && i < chunks; i++) if (!list[i]) complete = false;
      const data = complete ? Buffer.concat(list as Buffer[]) : null;
      if (!data || data.byteLength !== Number(summary.bytes ?? 0)) {
        return fail('incomplete', `content part ${name} arrived incomplete`);
      }
      out.set(name, data);
    }
    return { ok: true, parts: out, bytes: p.bytes };
  }

  /** Drops one partial result and gives its bytes back. */
  drop(jobId: string, attempt: number): void {
    const key = `${jobId}/${attempt}`;
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    this.totalBytes -= p.bytes;
    this.budget.give(p.bytes);
  }

  /** Drops every partial result (the link closed) and gives their bytes back. */
  clear(): void {
    this.pending.clear();
    this.budget.give(this.totalBytes);
    this.totalBytes = 0;
  }
}
