// The index of a run's results in its output folder (`DIR/index.jsonl`, docs/client.md): one JSON
// line per input line (`crawl batch`) or page (`crawl site`) as it ends, saying where its result
// went and how it ended, so files named by job id map back to what was asked.
import path from 'node:path';
import type { CliIo } from './io.js';
import type { Outcome } from './outcome.js';

export const INDEX_FILE = 'index.jsonl';

export interface IndexEntry extends Outcome {
  /** `crawl batch`: the input line (1-based, as in the file); null when it cannot be told. */
  line?: number | null;
  /** `crawl site`: the page's order in the crawl. */
  seq?: number;
  url: string;
  job_id: string | null;
  /** The result's file name in the folder; null when none was written. */
  file: string | null;
  /** The job's status (batch) or the page's (site); null for a line the coordinator refused. */
  status: string | null;
  status_code?: number | null;
}

export class ResultIndex {
  private constructor(
    private readonly io: CliIo,
    readonly file: string,
    private readonly keys: Set<string>,
  ) {}

  /**
   * The index of `dir`: `resume` keeps the entries an earlier run wrote (and never writes one of
   * theirs twice, even for a result written again after a crash); otherwise it starts empty.
   */
  static async open(io: CliIo, dir: string, resume: boolean): Promise<ResultIndex> {
    const file = path.join(dir, INDEX_FILE);
    const keys = new Set<string>();
    if (resume) {
      const text = await io.readFile(file).then(
        (b) => b.toString('utf8'),
        () => '',
      );
      // A line cut by a crash mid-write is dropped (its result is indexed again), so the next
      // entry starts a line of its own.
      const whole = text.slice(0, text.lastIndexOf('\n') + 1);
      if (whole !== text) await io.writeFile(file, whole);
      for (const line of whole.split('\n')) {
        const key = keyOfLine(line);
        if (key) keys.add(key);
      }
    } else {
      await io.writeFile(file, '');
    }
    return new ResultIndex(io, file, keys);
  }

  /** Adds the entry unless one with its key (job id, else line or page) is there already. */
  async add(entry: IndexEntry): Promise<void> {
    const key = keyOf(entry);
    if (this.keys.has(key)) return;
    const text = `${JSON.stringify(entry)}\n`;
    if (this.io.appendFile) await this.io.appendFile(this.file, text);
    else
      await this.io.writeFile(
        this.file,
        Buffer.concat([await this.io.readFile(this.file), Buffer.from(text)]),
      );
    this.keys.add(key);
  }
}

function keyOf(e: Pick<IndexEntry, 'job_id' | 'line' | 'seq'>): string {
  return e.job_id ?? (e.seq !== undefined ? `seq:${e.seq}` : `line:${e.line}`);
}

function keyOfLine(line: string): string | null {
  if (!line.trim()) return null;
  try {
    return keyOf(JSON.parse(line) as IndexEntry);
  } catch {
    return null;
  }
}
