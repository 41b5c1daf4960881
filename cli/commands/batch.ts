// `crawl batch FILE|-`: one URL or one JSON job a line, submitted in batches of up to 1,000
// (POST /crawl/v1/batch/new), each result written as its job ends (`-o DIR`: one file per job, else
// a JSON line on stdout), a progress line on a terminal. A state file records each batch the moment
// it is created and each result once written, so `--resume` after an interrupted run submits
// nothing twice and writes nothing twice. Each chunk carries an Idempotency-Key derived from the
// input, so even a run cut between the submit and the state write gets the same batch back.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { Job, NewJobRequest } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT, UsageError } from '../io.js';
import { ProgressLine } from '../progress.js';

const MAX_CHUNK = 1000;
const POLL_MS = 500;

interface BatchOptions {
  output?: string;
  state?: string;
  resume?: string | boolean;
  chunk?: string;
}

/** What an interrupted run left: the batches made (by input line) and the jobs already written. */
interface BatchState {
  input_sha256: string;
  lines: number;
  batches: Array<{ first_line: number; count: number; batch_id: string }>;
  written: string[];
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
  if (o.resume !== undefined && o.resume !== false) {
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
  const client = await ctx.client(cmd);
  const signal = io.interrupt;
  const progress = new ProgressLine(io.stderr, Boolean(io.stderr.isTTY) && !ctx.globals(cmd).json);
  const started = Date.now();
  const doneAtStart = written.size;
  let failed = 0;
  const ids = new Map<string, number>();

  // Submit every chunk not submitted yet, recording each batch before waiting on anything.
  for (let first = 0; first < jobs.length; first += chunk) {
    if (state.batches.some((b) => b.first_line === first)) continue;
    const part = jobs.slice(first, first + chunk);
    const created = await client.submitMany(part, {
      idempotencyKey: `crawl-batch-${digest.slice(0, 40)}-${first}`,
      signal,
    });
    state.batches.push({ first_line: first, count: part.length, batch_id: created.batch_id });
    await saveState();
    created.results.forEach((r, i) => {
      if ('error' in r) {
        // A refused line is a result of its own, written once.
        const key = `line:${first + i}`;
        if (written.has(key)) return;
        failed++;
        io.stdout.write(`${JSON.stringify({ line: first + i + 1, error: r.error })}\n`);
        written.add(key);
      }
    });
  }
  for (const b of state.batches) {
    for (let cursor: string | null | undefined; cursor !== null; ) {
      const page = await client.getBatch(b.batch_id, { cursor, signal });
      for (const id of page.job_ids) ids.set(id, b.first_line);
      cursor = page.next_cursor;
    }
  }

  const writeResult = async (job: Job) => {
    if (o.output) {
      const body =
        job.status === 'completed' ? await client.download(job.job_id, { signal }).catch(() => job) : job;
      await io.writeFile(path.join(o.output, `${job.job_id}.json`), `${JSON.stringify(body)}\n`);
    } else {
      io.stdout.write(`${JSON.stringify(job)}\n`);
    }
    if (job.status === 'failed') failed++;
    written.add(job.job_id);
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
      state.written = [...written];
      await saveState();
      const done = [...ids.keys()].filter((id) => written.has(id)).length;
      const perSec = (written.size - doneAtStart) / Math.max(0.001, (Date.now() - started) / 1000);
      const left = ids.size - done;
      progress.update(
        `done ${done}/${ids.size}  failed ${failed}  running ${running}  ${perSec.toFixed(1)}/s  ETA ${eta(left, perSec)}`,
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
    state.written = [...written];
    await saveState();
    progress.clear();
    ctx.note(
      `crawl: interrupted; the batches keep running. Resume with: crawl batch ${file} --resume${o.output ? ` -o ${o.output}` : ''}`,
    );
    ctx.exitCode = EXIT.interrupted;
    return;
  }
  progress.done(`done ${ids.size}  failed ${failed}`);
  if (failed > 0) ctx.exitCode = EXIT.jobFailed;
}

export function registerBatch(program: Command, ctx: CommandContext): void {
  program
    .command('batch')
    .description('Run one URL or one JSON job per line (FILE, or - for stdin) in batches of up to 1000')
    .argument('<file>', 'input file, or - for stdin')
    .option(
      '-o, --output <dir>',
      'one file per job in DIR (the download object, or the failed job); default: JSON lines on stdout',
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
}
