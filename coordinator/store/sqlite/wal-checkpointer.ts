// WAL mode for a SQLite file the coordinator writes on its event loop, with the checkpoints moved
// off that loop. By default SQLite checkpoints inside the COMMIT that takes the WAL past 1,000
// pages: that one call copies up to 4 MiB of pages back into the database file and syncs it, while
// every request and agent frame waits. At 1,000 jobs/s that was every fraction of a second, the
// slowest COMMITs (tens of ms against a median of 0.1 ms) and a third of all commit time.
//
// Here a worker thread with a connection of its own runs PASSIVE checkpoints on a timer: they take
// no lock a writer needs, so the event loop's COMMITs only append. The writer's own automatic
// checkpoint stays as a backstop at a much larger WAL (BACKSTOP_PAGES), for a worker that falls
// behind or died: it then costs what it did before, rarely.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** The writer checkpoints itself past this many WAL pages (64 MiB at 4 KiB a page). */
export const BACKSTOP_PAGES = 16_384;
const DEFAULT_INTERVAL_MS = 200;
/** How long close() waits for the worker to finish its last checkpoint before it is stopped. */
const CLOSE_WAIT_MS = 2_000;

// Plain CommonJS run with eval: no TypeScript loader is needed in the worker, whatever runs the
// coordinator. BUSY (the writer's backstop checkpoint running) only skips a turn.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); }
  catch (err) { if (err && err.code !== 'SQLITE_BUSY') parentPort.postMessage(String(err && err.message)); }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  process.exit(0);
});
`;

export interface WalOptions {
  /** Checkpoint from a worker thread (the coordinator); false: SQLite's default, in COMMIT. */
  checkpointInWorker?: boolean;
  /** Between the worker's checkpoints. Default 200 ms. */
  intervalMs?: number;
  /** Told when a checkpoint failed for another reason than a busy file. */
  onError?: (message: string) => void;
}

/** Stops the worker after its last checkpoint; resolves once it is gone (at once without one). */
export type CloseCheckpointer = () => Promise<void>;

/** Turns WAL on for `db` (the connection to `file`) and, when asked, starts the worker. */
export function useWal(db: Database.Database, file: string, opts: WalOptions = {}): CloseCheckpointer {
  db.pragma('journal_mode = WAL');
  // A commit survives a crash of the process (it is in the WAL file), not of the machine.
  db.pragma('synchronous = NORMAL');
  if (!opts.checkpointInWorker || file === ':memory:') return async () => undefined;
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: opts.intervalMs ?? DEFAULT_INTERVAL_MS,
    },
    // The worker needs none of the coordinator's loaders or flags.
    execArgv: [],
  });
  worker.unref();
  worker.on('message', (m: unknown) => opts.onError?.(String(m)));
  worker.on('error', (err) => opts.onError?.(err.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  };
}
