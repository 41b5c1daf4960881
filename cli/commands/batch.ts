// `crawl batch FILE|-`: one URL or one JSON job a line, submitted in batches of up to 1,000
// (POST /crawl/v1/batch/new), each result written as its job ends (`-o DIR`: one file per job, else
// a JSON line on stdout), a progress line on a terminal. Each result is classed as `crawl get` would
// class it (cli/outcome.ts); with `-o` an index (DIR/index.jsonl) maps each input line to its file
// and class, and the run exits with its worst class's code. A state file records each batch the
// moment it is created and each result once written, so `--resume` after an interrupted run submits
// nothing twice and writes nothing twice. Each chunk carries an Idempotency-Key derived from the
// input, so even a run cut between the submit and the state write gets the same batch back.
// `crawl batch status ID` reads a batch (batch-status.ts).
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { Job, NewJobRequest } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT, UsageError } from '../io.js';
import {
  countsText,
  OUTCOME_EXIT,
  type Outcome,
  type OutcomeClass,
  outcomeOf,
  readOutcome,
  refusedOutcome,
  worstOf,
} from '../outcome.js';
import { ProgressLine } from '../progress.js';
import { ResultIndex } from '../result-index.js';
import { registerBatchStatus } from './batch-status.js';

const MAX_CHUNK = 1000;
const POLL_MS = 500;

interface BatchOptions {
  output?: string;
  state?: string;
  resume?: string | boolean;
  chunk?: string;
}

/** One batch made: its first job (0-based, blank lines not counted) and the jobs it refused. */
interface BatchRecord {
  first_line: number;
  count: number;
  batch_id: string;
  /** The refused jobs by offset in the batch, with the coordinator's error (absent: state of an older CLI). */
  refused?: Array<{ at: number; code: string; message: string }>;
}

/** What an interrupted run left: the batches made (by input line) and the jobs already written. */
interface BatchState {
  input_sha256: string;
  lines: number;
  batches: BatchRecord[];
  written: string[];
  /** The written jobs by class, so a resumed run's exit code counts the earlier run's too. */
  outcomes?: Partial<Record<OutcomeClass, number>>;
}

/** One input line as a job: a bare URL, or the JSON body of POST /crawl/v1/new. */
export function jobOfLine(line: string, n: number): NewJobRequest {
  const text = line.trim();
  if (!text.startsWith('{')) return { url: text };
  try {
    const job = JSON.parse(text) as NewJobRequest;
    if (job === null || typeof job !== 'object' || Array.isArray(job)) throw new Error('not an object');
    return job;
  } catch (err) {
    throw new UsageError(`line ${n}: not a URL or a JSON job (${(err as Error).message})`);
  }
}

async function readInput(ctx: CommandContext, file: string): Promise<string> {
  if (file !== '-') return (await ctx.io.readFile(file)).toString('utf8');
  const stdin = ctx.io.stdio?.stdin;
  if (!stdin) return (await ctx.io.readFile('/dev/stdin')).toString('utf8');
  const parts: Buffer[] = [];
  for await (const chunk of stdin) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

async function readState(ctx: CommandContext, file: string): Promise<BatchState | null> {
  try {
    return JSON.parse((await ctx.io.readFile(file)).toString('utf8')) as BatchState;
  } catch {
    return null;
  }
}

function eta(left: number, perSec: number): string {
  if (perSec <= 0 || left <= 0) return '-';
  const s = Math.round(left / perSec);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

async function runBatch(ctx: CommandContext, file: string, o: BatchOptions, cmd: Command): Promise<void> {
  const io = ctx.io;
  const chunk = o.chunk === undefined ? MAX_CHUNK : Number(o.chunk);
  if (!Number.isInteger(chunk) || chunk < 1 || chunk > MAX_CHUNK) {
    throw new UsageError(`--chunk must be an integer from 1 to ${MAX_CHUNK}`);
  }
  const text = await readInput(ctx, file);
  const lines = text
    .split('\n')
    .map((l, i) => ({ line: l, n: i + 1 }))
    .filter((l) => l.line.trim() !== '');
  const jobs = lines.map((l) => jobOfLine(l.line, l.n));
  if (jobs.length === 0) throw new UsageError('no jobs: the input has no URL or JSON job lines');
  const digest = createHash('sha256').update(text).digest('hex');
  const stateFile =
    o.state ?? (o.output ? path.join(o.output, '.crawl-batch-state.json') : '.crawl-batch-state.json');
  if (o.output) await mkdir(o.output, { recursive: true });

  let state: BatchState = { input_sha256: digest, lines: jobs.length, batches: [], written: [] };
  const resuming = o.resume !== undefined && o.resume !== false;
  if (resuming) {
    const kept = await readState(ctx, stateFile);
    if (!kept) throw new UsageError(`--resume: no state file at ${stateFile}`);
    if (kept.input_sha256 !== digest)
      throw new UsageError('--resume: the input is not the one the state file was made from');
    if (typeof o.resume === 'string' && !kept.batches.some((b) => b.batch_id === o.resume)) {
      throw new UsageError(`--resume: batch ${o.resume} is not in ${stateFile}`);
    }
    state = kept;
  }
  const saveState = () => io.writeFile(stateFile, `${JSON.stringify(state)}\n`);
  const written = new Set(state.written);
  const counts: Partial<Record<OutcomeClass, number>> = { ...state.outcomes };
  const index = o.output ? await ResultIndex.open(io, o.output, resuming) : null;
  const client = await ctx.client(cmd);
  const signal = io.interrupt;
  const progress = new ProgressLine(io.stderr, Boolean(io.stderr.isTTY) && !ctx.globals(cmd).json);
  const started = Date.now();
  const doneAtStart = written.size;
  /** Job id → its job's index in `jobs` (-1: not known, from the state of an older CLI). */
  const ids = new Map<string, number>();
  const lineOf = (at: number) => (at >= 0 ? (lines[at]?.n ?? null) : null);
  const urlOf = (at: number, job?: Job) => (at >= 0 ? String(jobs[at]?.url ?? '') : (job?.url ?? ''));

  // Submit every chunk not submitted yet, recording each batch before waiting on anything.
  for (let first = 0; first < jobs.length; first += chunk) {
    if (state.batches.some((b) => b.first_line === first)) continue;
    const part = jobs.slice(first, first + chunk);
    const created = await client.submitMany(part, {
      idempotencyKey: `crawl-batch-${digest.slice(0, 40)}-${first}`,
      signal,
    });
    const refused = created.results.flatMap((r, at) => ('error' in r ? [{ at, ...r.error }] : []));
    state.batches.push({ first_line: first, count: part.length, batch_id: created.batch_id, refused });
    await saveState();
  }
  // A refused line is a result of its own, written once (also when a run was cut before writing it).
  let refusedCount = 0;
  for (const b of state.batches) {
    for (const r of b.refused ?? []) {
      refusedCount++;
      const at = b.first_line + r.at;
      const key = `line:${at}`;
      if (written.has(key)) continue;
      const error = { code: r.code, message: r.message };
      io.stdout.write(`${JSON.stringify({ line: lineOf(at), error })}\n`);
      await index?.add({
        line: lineOf(at),
        url: urlOf(at),
        job_id: null,
        file: null,
        status: null,
        ...refusedOutcome(error),
      });
      written.add(key);
    }
  }
  for (const b of state.batches) {
    const accepted: string[] = [];
    for (let cursor: string | null | undefined; cursor !== null; ) {
      const page = await client.getBatch(b.batch_id, { cursor, signal });
      accepted.push(...page.job_ids);
      cursor = page.next_cursor;
    }
    // The ids are the accepted jobs in request order: the batch's offsets without the refused ones.
    const refusedAt = new Set((b.refused ?? []).map((r) => r.at));
    const offsets = [...Array(b.count).keys()].filter((i) => !refusedAt.has(i));
    const known = b.refused !== undefined && offsets.length === accepted.length;
    for (const [i, id] of accepted.entries()) ids.set(id, known ? b.first_line + (offsets[i] as number) : -1);
  }

  const writeResult = async (job: Job) => {
    const at = ids.get(job.job_id) ?? -1;
    let outcome: Outcome;
    let file: string | null = null;
    if (o.output) {
      let body: unknown = job;
      const download =
        job.status === 'completed' ? await client.download(job.job_id, { signal }).catch(() => null) : null;
      if (download) {
        body = download;
        const r = download.mainResult;
        outcome = outcomeOf(job, {
          success: r.success,
          error_type: r.errorType,
          error_message: r.errorMessage,
        });
      } else outcome = await readOutcome(client, job, signal);
      file = `${job.job_id}.json`;
      await io.writeFile(path.join(o.output, file), `${JSON.stringify(body)}\n`);
    } else {
      outcome = await readOutcome(client, job, signal);
      io.stdout.write(`${JSON.stringify({ ...job, line: lineOf(at), outcome: outcome.outcome })}\n`);
    }
    await index?.add({
      line: lineOf(at),
      url: urlOf(at, job),
      job_id: job.job_id,
      file,
      status: job.status,
      ...outcome,
    });
    counts[outcome.outcome] = (counts[outcome.outcome] ?? 0) + 1;
    written.add(job.job_id);
  };
  const saveProgress = () => {
    state.written = [...written];
    state.outcomes = counts;
    return saveState();
  };

  try {
    for (;;) {
      const open = [...ids.keys()].filter((id) => !written.has(id));
      let running = 0;
      for (let at = 0; at < open.length; at += MAX_CHUNK) {
        const status = await client.batchStatus(open.slice(at, at + MAX_CHUNK), { signal });
        for (const entry of Object.values(status.results)) {
          if (!('job' in entry)) continue;
          const job = entry.job;
          if (job.status === 'completed' || job.status === 'failed') await writeResult(job);
          else if (job.status === 'running') running++;
        }
      }
      await saveProgress();
      const done = [...ids.keys()].filter((id) => written.has(id)).length;
      const perSec = (written.size - doneAtStart) / Math.max(0.001, (Date.now() - started) / 1000);
      const left = ids.size - done;
      progress.update(
        `done ${done}/${ids.size}  ${countsText(counts)}  running ${running}  ${perSec.toFixed(1)}/s  ETA ${eta(left, perSec)}`,
      );
      if (left === 0) break;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, POLL_MS);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason ?? new Error('interrupted'));
          },
          { once: true },
        );
      });
    }
  } catch (err) {
    if (!signal.aborted) throw err;
    await saveProgress();
    progress.clear();
    ctx.note(
      `crawl: interrupted; the batches keep running. Resume with: crawl batch ${file} --resume${o.output ? ` -o ${o.output}` : ''}`,
    );
    ctx.exitCode = EXIT.interrupted;
    return;
  }
  // The whole input counts, earlier runs' results included: the worst class gives the exit code.
  const all = { ...counts, refused: refusedCount };
  const worst = worstOf(all);
  const summary = `done ${ids.size + refusedCount}: ${countsText(all)}`;
  progress.done(summary);
  if (worst !== 'answered' && !progress.enabled) {
    ctx.note(`crawl: ${summary}${index ? `; each line's outcome is in ${index.file}` : ''}`);
  }
  ctx.exitCode = OUTCOME_EXIT[worst];
}

export function registerBatch(program: Command, ctx: CommandContext): void {
  const batch = program
    .command('batch')
    .description('Run one URL or one JSON job per line (FILE, or - for stdin) in batches of up to 1000')
    .argument('<file>', 'input file, or - for stdin')
    .option(
      '-o, --output <dir>',
      'one file per job in DIR (the download object, or the failed job) and DIR/index.jsonl; default: JSON lines on stdout',
    )
    .option(
      '--state <file>',
      'state file (default DIR/.crawl-batch-state.json, or ./.crawl-batch-state.json)',
    )
    .option(
      '--resume [batch_id]',
      'continue an interrupted run from its state file: nothing is submitted or written twice',
    )
    .option('--chunk <n>', 'jobs per batch request, 1–1000 (default 1000)')
    .action((file: string, o: BatchOptions, cmd: Command) => runBatch(ctx, file, o, cmd));
  // `crawl batch status ID`: an input file named `status` is `./status`.
  registerBatchStatus(batch, ctx);
}
