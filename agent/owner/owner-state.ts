// The owner's controls at run time: the pause switch and today's byte count (both persisted in the
// state directory, so a restart neither resumes a paused device nor refills the day's budget), and
// the rolling minute of job starts. `refusal()` answers "may a job start now?".
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentError } from '../errors.js';
import { domainRefusal, localDay, localMinute, type OwnerControlsConfig, withinHours } from './controls.js';

const MINUTE_MS = 60_000;

interface Persisted {
  paused: boolean;
  day: string;
  bytesToday: number;
  /** The owner consented to proxy streams through the device (`crawl-agent proxy on`). */
  proxy: boolean;
}

export interface OwnerSnapshot extends OwnerControlsConfig {
  paused: boolean;
  /** Proxy streams allowed (the owner's consent). */
  proxy: boolean;
  bytesToday: number;
  jobsLastMinute: number;
  /** Whether the device takes jobs right now, and why not. */
  accepting: boolean;
  reason: string;
}

export interface OwnerStateOptions {
  /** The file holding the pause switch and today's bytes, e.g. <stateDir>/owner.json. */
  file: string;
  controls: OwnerControlsConfig;
  /** Clock for tests. Default Date.now. */
  nowMs?: () => number;
}

/** Longest a day's byte count waits before it is written while jobs run. */
const SAVE_EVERY_MS = 250;

export class OwnerState {
  readonly controls: OwnerControlsConfig;
  private state: Persisted = { paused: false, day: '', bytesToday: 0, proxy: false };
  private readonly starts: number[] = [];
  private saving: Promise<void> = Promise.resolve();
  /** A coalesced write of the byte count, due within SAVE_EVERY_MS; null when none is due. */
  private dirty: Promise<void> | null = null;
  private readonly now: () => number;
  /**
   * The clock's span that is `state.day` locally, [fromMs, toMs): inside it rollDay has nothing to
   * do. Proxy streams count their bytes a socket read at a time, and working out the local date
   * for each read was about 5% of the agent's JavaScript work (its busy profile samples) at 32 streams.
   */
  private daySpan = { day: '', fromMs: 0, toMs: 0 };

  constructor(private readonly opts: OwnerStateOptions) {
    this.controls = opts.controls;
    this.now = opts.nowMs ?? Date.now;
  }

  /**
   * Reads the persisted switch and counters; a missing file means running, nothing fetched. Returns
   * a warning for the log when the file was unreadable and the device starts paused instead.
   */
  async open(): Promise<string | null> {
    await mkdir(path.dirname(this.opts.file), { recursive: true });
    let text: string;
    try {
      text = await readFile(this.opts.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new AgentError('OWNER_STATE_INVALID', `cannot read ${this.opts.file}`, { cause: err });
    }
    try {
      const parsed = JSON.parse(text) as Partial<Persisted>;
      this.state = {
        paused: parsed.paused === true,
        day: typeof parsed.day === 'string' ? parsed.day : '',
        bytesToday: Number.isFinite(parsed.bytesToday) ? Number(parsed.bytesToday) : 0,
        proxy: parsed.proxy === true,
      };
    } catch {
      // A torn or edited file must not keep the agent from starting; the owner's pause is the part
      // that matters, so a file we cannot read counts as paused (the safe side).
      this.state = { paused: true, day: '', bytesToday: 0, proxy: false };
      return `${this.opts.file} is not valid JSON: starting paused (crawl-agent resume to run)`;
    }
    return null;
  }

  get paused(): boolean {
    return this.state.paused;
  }

  async setPaused(paused: boolean): Promise<void> {
    this.state.paused = paused;
    await this.save();
  }

  /** Whether the owner lets the device carry proxy streams (off until turned on). */
  get proxy(): boolean {
    return this.state.proxy;
  }

  async setProxy(on: boolean): Promise<void> {
    this.state.proxy = on;
    await this.save();
  }

  get bytesToday(): number {
    this.rollDay();
    return this.state.bytesToday;
  }

  /** A job started: counts toward the per-minute cap. */
  noteStart(): void {
    this.starts.push(this.now());
    // Only the last minute is ever asked for: trimmed here too, so the list stays bounded when
    // nothing else asks (no per-minute cap, no status reads).
    if (this.starts.length > 1024) this.jobsLastMinute();
  }

  /**
   * A job fetched `bytes` from its targets: counts toward the daily budget at once. Counts that come
   * close together are written together, at most once every SAVE_EVERY_MS (a crash loses at most
   * that), and by flush(). Resolves when this count is on disk.
   */
  noteBytes(bytes: number): Promise<void> {
    this.rollDay();
    this.state.bytesToday += bytes;
    this.dirty ??= new Promise<void>((resolve) => {
      setTimeout(() => {
        this.dirty = null;
        void this.save().finally(resolve);
      }, SAVE_EVERY_MS);
    });
    return this.dirty;
  }

  /** Writes the counters now if a write is due (the agent is closing). */
  async flush(): Promise<void> {
    if (this.dirty === null) return this.saving;
    return this.save();
  }

  jobsLastMinute(): number {
    const since = this.now() - MINUTE_MS;
    while (this.starts.length > 0 && (this.starts[0] ?? 0) <= since) this.starts.shift();
    return this.starts.length;
  }

  /** Milliseconds until the per-minute window frees a slot (0 when one is free). */
  msUntilSlot(): number {
    const c = this.controls.maxJobsPerMinute;
    if (c === 0 || this.jobsLastMinute() < c) return 0;
    return Math.max(1, (this.starts[this.starts.length - c] ?? 0) + MINUTE_MS - this.now());
  }

  /** Why no job may start now (paused, hours, rate, bytes), or null. Domains are asked per URL. */
  refusal(): string | null {
    const c = this.controls;
    const now = new Date(this.now());
    if (this.state.paused) return 'paused by the device owner';
    if (!withinHours(c.allowedHours, localMinute(now))) return "outside the device owner's allowed hours";
    if (c.maxBytesPerDay > 0 && this.bytesToday >= c.maxBytesPerDay)
      return "the device owner's daily byte budget is used up";
    if (c.maxJobsPerMinute > 0 && this.jobsLastMinute() >= c.maxJobsPerMinute)
      return "at the device owner's jobs-per-minute limit";
    return null;
  }

  /** Why the owner refuses a job for `url`, or null. */
  refusalFor(url: string): string | null {
    const general = this.refusal();
    if (general) return general;
    const c = this.controls;
    if (c.allowDomains.length === 0 && c.denyDomains.length === 0) return null;
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return null; // the executor reports a URL that does not parse
    }
    return domainRefusal(host, this.controls);
  }

  snapshot(): OwnerSnapshot {
    const reason = this.refusal();
    return {
      ...this.controls,
      paused: this.state.paused,
      proxy: this.state.proxy,
      bytesToday: this.bytesToday,
      jobsLastMinute: this.jobsLastMinute(),
      accepting: reason === null,
      reason: reason ?? '',
    };
  }

  private rollDay(): void {
    const nowMs = this.now();
    const span = this.daySpan;
    if (span.day === this.state.day && nowMs >= span.fromMs && nowMs < span.toMs) return;
    const now = new Date(nowMs);
    const today = localDay(now);
    // Local midnights from the calendar, not 24 h steps: a day with a clock change is 23 or 25 h.
    this.daySpan = {
      day: today,
      fromMs: new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(),
      toMs: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime(),
    };
    if (this.state.day === today) return;
    this.state.day = today;
    this.state.bytesToday = 0;
  }

  /** Written whole to a temporary file and renamed, so a crash leaves the old or the new state. */
  private save(): Promise<void> {
    const text = `${JSON.stringify(this.state)}\n`;
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => {
        const tmp = `${this.opts.file}.tmp`;
        await writeFile(tmp, text, { mode: 0o600 });
        await rename(tmp, this.opts.file);
      });
    return this.saving;
  }
}
