// One result arriving on a link, for one (job, attempt): chunks checked in order, assembled in
// memory while the content is small, written to storage as they arrive once it is not (the parts
// stay invisible until ingest commits them), then checked against the final frame — which may also
// carry small parts inline. Every way out that is not a commit (a dropped link, a lying final, a
// storage error, a superseded attempt) aborts what was written.
import { type PartName, partNameOf, type ResultChunk, type ResultFinal } from '../../proto/index.js';
import type { IngestPart, PartOpener } from '../results/staging.js';
import type { ContentWrite } from '../storage/types.js';

interface PartIn {
  /** Index the next chunk must have. */
  next: number;
  bytes: number;
  /** Chunks while the result is assembled in memory. */
  chunks: Buffer[];
  writer: ContentWrite | null;
}

export type FinishOutcome =
  | { ok: true; parts: Map<PartName, IngestPart> }
  /** incomplete and forged are refused (not acked); too_large becomes a failed result. */
  | { ok: false; reason: 'incomplete' | 'too_large' | 'forged'; message: string };

export interface IncomingOptions {
  maxResultBytes: number;
  /** Content up to this many bytes is assembled in memory; past it, parts stream to storage. */
  streamAboveBytes: number;
  /** Where streamed parts go (ResultIngest.stage); null: nothing of it is to be stored. */
  stage: () => Promise<PartOpener | null>;
  /** Told after heldBytes or queuedBytes changed. */
  changed: () => void;
  /**
   * A copy of a result already being stored (an agent's re-send): its chunks are checked and
   * counted but kept nowhere; its final joins the first copy's outcome.
   */
  copy?: boolean;
}

export class IncomingResult {
  private readonly parts = new Map<PartName, PartIn>();
  /** Content bytes received in chunks (what the per-result and per-link caps count). */
  private received = 0;
  /** Bytes in parts' chunk lists, and inline bytes of a final being stored. */
  private memory = 0;
  private queued = 0;
  private mode: 'memory' | 'stream' | 'discard' = 'memory';
  private failure: { reason: 'incomplete' | 'too_large'; message: string } | null = null;
  private storageError: unknown = null;
  private opener: PartOpener | null = null;
  /** Storage work of this result, one step after another. */
  private chain: Promise<void> = Promise.resolve();
  private released = false;

  constructor(private readonly opts: IncomingOptions) {
    if (opts.copy) this.mode = 'discard';
  }

  /** True for a copy of a result already being stored (IncomingOptions.copy). */
  get isCopy(): boolean {
    return this.opts.copy === true;
  }

  /** Result bytes held in memory: assembled chunks, chunks waiting for storage, backend buffers. */
  get heldBytes(): number {
    let writers = 0;
    for (const p of this.parts.values()) writers += p.writer?.bufferedBytes ?? 0;
    return this.memory + this.queued + writers;
  }

  /** Bytes received and waiting for the storage to take them. */
  get queuedBytes(): number {
    return this.queued;
  }

  /** Content bytes received so far. */
  get receivedBytes(): number {
    return this.received;
  }

  /** 'restart': a part began again at index 0 (the agent re-sends it); start a new result. */
  add(chunk: ResultChunk): 'ok' | 'restart' {
    if (this.failure || this.released) return 'ok';
    const name = partNameOf(chunk.part);
    const index = chunk.index ?? 0;
    let p = this.parts.get(name);
    if (!p) {
      p = { next: 0, bytes: 0, chunks: [], writer: null };
      this.parts.set(name, p);
    }
    if (index !== p.next) {
      if (index === 0) return 'restart';
      this.fail(
        'incomplete',
        `content part ${name} arrived out of order (chunk ${index}, expected ${p.next})`,
      );
      return 'ok';
    }
    const raw = chunk.data ?? new Uint8Array(0);
    if (this.received + raw.byteLength > this.opts.maxResultBytes) {
      this.fail(
        'too_large',
        `result content exceeds the coordinator's limit of ${this.opts.maxResultBytes} bytes`,
      );
      return 'ok';
    }
    const data = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    p.next++;
    p.bytes += data.byteLength;
    this.received += data.byteLength;
    if (this.mode === 'memory') {
      p.chunks.push(data);
      this.memory += data.byteLength;
      if (this.received > this.opts.streamAboveBytes) this.startStreaming();
    } else if (this.mode === 'stream') {
      this.enqueue(name, p, data);
    }
    this.opts.changed();
    return 'ok';
  }

  /**
   * Waits for every write, then checks the final frame against what arrived: per part, either
   * chunks (count and bytes as announced) or inline data (its length as announced), never both.
   */
  async finish(final: ResultFinal): Promise<FinishOutcome> {
    await this.chain;
    if (this.failure) return { ok: false, ...this.failure };
    const out = new Map<PartName, IngestPart>();
    let inlineBytes = 0;
    for (const summary of final.parts ?? []) {
      const name = partNameOf(summary.part);
      const chunks = summary.chunks ?? 0;
      const bytes = Number(summary.bytes ?? 0);
      const inline = summary.inlineData ?? new Uint8Array(0);
      const p = this.parts.get(name);
      if (inline.byteLength > 0 && (chunks > 0 || p)) {
        return { ok: false, reason: 'forged', message: `content part ${name} is both chunked and inline` };
      }
      if (!p && chunks === 0) {
        if (inline.byteLength !== bytes) {
          return {
            ok: false,
            reason: 'incomplete',
            message: `inline part ${name} is not the announced size`,
          };
        }
        inlineBytes += inline.byteLength;
        out.set(name, Buffer.from(inline.buffer, inline.byteOffset, inline.byteLength));
        continue;
      }
      if (!p || p.next !== chunks || p.bytes !== bytes) {
        return { ok: false, reason: 'incomplete', message: `content part ${name} arrived incomplete` };
      }
      if (this.mode === 'memory') out.set(name, Buffer.concat(p.chunks));
      else if (this.mode === 'stream') out.set(name, this.staged(p));
    }
    if (this.received + inlineBytes > this.opts.maxResultBytes) {
      return {
        ok: false,
        reason: 'too_large',
        message: `result content exceeds the coordinator's limit of ${this.opts.maxResultBytes} bytes`,
      };
    }
    this.memory += inlineBytes;
    this.opts.changed();
    return { ok: true, parts: out };
  }

  /** Done with this result: memory let go, and every part not committed is aborted. */
  release(): Promise<void> {
    if (!this.released) {
      this.released = true;
      for (const p of this.parts.values()) p.chunks = [];
      this.memory = 0;
      this.opts.changed();
    }
    this.chain = this.chain.then(() => this.abortAll());
    return this.chain;
  }

  private fail(reason: 'incomplete' | 'too_large', message: string): void {
    this.failure = { reason, message };
    for (const p of this.parts.values()) p.chunks = [];
    this.memory = 0;
    this.chain = this.chain.then(() => this.abortAll());
    this.opts.changed();
  }

  /** Past the in-memory size: open the parts in storage and move what arrived so far there. */
  private startStreaming(): void {
    this.mode = 'stream';
    this.chain = this.chain.then(async () => {
      try {
        this.opener = await this.opts.stage();
        if (!this.opener) this.mode = 'discard';
      } catch (err) {
        this.storageError = err;
      }
    });
    for (const [name, p] of this.parts) {
      const chunks = p.chunks;
      p.chunks = [];
      for (const data of chunks) {
        this.memory -= data.byteLength;
        this.enqueue(name, p, data);
      }
    }
  }

  private enqueue(name: PartName, p: PartIn, data: Buffer): void {
    this.queued += data.byteLength;
    this.chain = this.chain.then(async () => {
      try {
        if (this.opener && !this.released && !this.failure && !this.storageError) {
          p.writer ??= this.opener(name);
          await p.writer.write(data);
        }
      } catch (err) {
        this.storageError = err;
      } finally {
        this.queued -= data.byteLength;
        this.opts.changed();
      }
    });
  }

  /** A streamed part for ingest: commit publishes it, or reports the storage error met while writing. */
  private staged(p: PartIn): IngestPart {
    const error = this.storageError;
    return {
      bytes: p.bytes,
      commit: async () => {
        if (error !== null) throw error;
        if (!p.writer) throw new Error('streamed part has no writer');
        await p.writer.commit();
      },
    };
  }

  private async abortAll(): Promise<void> {
    await Promise.all([...this.parts.values()].map((p) => p.writer?.abort()));
  }
}
