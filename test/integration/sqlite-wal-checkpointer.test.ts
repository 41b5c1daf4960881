// WAL checkpoints from a worker thread (coordinator/store/sqlite/wal-checkpointer.ts), on real
// files: the event loop's commits no longer checkpoint below the backstop, the worker copies the
// WAL's pages into the database file by itself, and closing the store stops the worker first, so
// the last connection still checkpoints and removes the WAL as before.
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { BACKSTOP_PAGES, useWal } from '../../coordinator/store/sqlite/wal-checkpointer.js';
import { pendingJob } from '../helpers/records.js';

/** Polls `ok` until it holds; the worker's timer is the event, and it lives in another thread. */
async function until(ok: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('WAL checkpoints in a worker thread', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'crawl-wal-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves commits on the event loop without checkpoints; the worker copies the WAL when it runs', async () => {
    const file = path.join(dir, 'idle-worker.db');
    const db = new Database(file);
    // The worker's timer never fires in this test: only its last checkpoint at close() does.
    const close = useWal(db, file, { checkpointInWorker: true, intervalMs: 600_000 });
    assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), BACKSTOP_PAGES);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data BLOB)');
    const insert = db.prepare('INSERT INTO t (data) VALUES (?)');
    // About 2,000 pages: past SQLite's default autocheckpoint, far below the backstop.
    for (let i = 0; i < 250; i++) db.transaction(() => insert.run(Buffer.alloc(32_768, i)))();
    assert.ok(statSync(file).size < 1_000_000, 'no commit copied the WAL into the database file');
    await close();
    assert.ok(statSync(file).size > 8_000_000, 'the worker checkpointed before it stopped');
    db.close();
    assert.equal(existsSync(`${file}-wal`), false, 'the last connection checkpointed and removed the WAL');
  });

  it('the worker copies the WAL into the file on its timer', async () => {
    const file = path.join(dir, 'worker.db');
    const db = new Database(file);
    const close = useWal(db, file, { checkpointInWorker: true, intervalMs: 20 });
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data BLOB)');
    const insert = db.prepare('INSERT INTO t (data) VALUES (?)');
    for (let i = 0; i < 250; i++) db.transaction(() => insert.run(Buffer.alloc(32_768, i)))();
    await until(() => statSync(file).size > 8_000_000, 'the worker to copy the WAL into the database file');
    await close();
    db.close();
    assert.equal(existsSync(`${file}-wal`), false, 'the last connection checkpointed and removed the WAL');
    const check = new Database(file, { readonly: true });
    assert.equal((check.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n, 250);
    check.close();
  });

  it('without the worker, commits keep SQLite’s own automatic checkpoint', () => {
    const file = path.join(dir, 'inline.db');
    const db = new Database(file);
    const close = useWal(db, file);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000);
    void close();
    db.close();
  });

  it('a store opened with checkpointInWorker closes its worker before its own connection', async () => {
    const file = path.join(dir, 'store.db');
    const store = new SqliteStore(file, { checkpointInWorker: true });
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        store.insertJob(pendingJob(`owner-${i}`, { url: 'http://127.0.0.1/x' })),
      ),
    );
    assert.ok(existsSync(`${file}-wal`));
    await store.close();
    assert.equal(existsSync(`${file}-wal`), false, 'the WAL was removed: no other connection was left open');
  });
});
