// One contract suite for every ContentStorage backend (local files; S3 on a real s3rver), then the
// behaviour only one backend has: streaming memory bound and outages for S3, atomic rename for local.
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import {
  type ContentStorage,
  contentKey,
  createStorages,
  jobPrefix,
  StorageError,
  type StorageErrorCode,
} from '../../coordinator/storage/index.js';
import { fromFsError, LocalStorage } from '../../coordinator/storage/local.js';
import { type S3Options, S3Storage } from '../../coordinator/storage/s3.js';
import { SmallObjects } from '../../coordinator/storage/small-objects.js';
import { S3RVER_CREDENTIALS, type S3rverHandle, startS3rver } from '../helpers/s3rver.js';

const MiB = 1024 * 1024;
const PART_BYTES = 5 * MiB;

function isStorageErrorWith(code: StorageErrorCode, retryable: boolean) {
  return (err: unknown): boolean => {
    assert.ok(err instanceof StorageError, `expected a StorageError, got ${String(err)}`);
    assert.equal(err.code, code);
    assert.equal(err.retryable, retryable);
    return true;
  };
}

/** A fresh owner and job per test, so tests never see each other's objects. */
function newJob(): { owner: string; job: string; key: (part: string) => string; prefix: string } {
  const owner = `owner-${randomUUID()}`;
  const job = `job-${randomUUID()}`;
  return { owner, job, key: (part) => contentKey(owner, job, part), prefix: jobPrefix(owner, job) };
}

/** Emits `chunks`, then fails with `error` instead of ending. */
function failingStream(chunks: Buffer[], error: Error): Readable {
  let index = 0;
  return new Readable({
    read() {
      const next = chunks[index++];
      if (next) this.push(next);
      else this.destroy(error);
    },
  });
}

interface BackendUnderTest {
  storage: ContentStorage;
  cleanup(): Promise<void>;
}

function contractSuite(name: string, open: () => Promise<BackendUnderTest>): void {
  describe(`ContentStorage contract: ${name}`, () => {
    let backend: BackendUnderTest;
    let storage: ContentStorage;
    before(async () => {
      backend = await open();
      storage = backend.storage;
    });
    after(async () => {
      await backend?.cleanup();
    });

    it('puts a Buffer and gets it back', async () => {
      const { key } = newJob();
      const body = randomBytes(10_000);
      await storage.put(key('body'), body, 'application/octet-stream');
      assert.deepEqual(await storage.get(key('body')), body);
    });

    it('stores an empty object', async () => {
      const { key } = newJob();
      await storage.put(key('empty'), Buffer.alloc(0), 'text/plain');
      assert.deepEqual(await storage.get(key('empty')), Buffer.alloc(0));
    });

    it('puts a Readable stream', async () => {
      const { key } = newJob();
      const chunks = [randomBytes(1000), randomBytes(70_000), randomBytes(3)];
      await storage.put(key('page.html'), Readable.from(chunks), 'text/html');
      assert.deepEqual(await storage.get(key('page.html')), Buffer.concat(chunks));
    });

    it('returns null for a missing object, from get and getStream', async () => {
      const { key } = newJob();
      assert.equal(await storage.get(key('nothing')), null);
      assert.equal(await storage.getStream(key('nothing')), null);
      await storage.put(key('a/b'), Buffer.from('x'), 'text/plain');
      // A folder is not an object.
      assert.equal(await storage.get(key('a')), null);
      assert.equal(await storage.getStream(key('a')), null);
    });

    it('streams an object with getStream', async () => {
      const { key } = newJob();
      const body = randomBytes(300_000);
      await storage.put(key('shot.png'), body, 'image/png');
      const stream = await storage.getStream(key('shot.png'));
      assert.ok(stream);
      assert.deepEqual(await readAll(stream), body);
    });

    it('overwrites an existing object', async () => {
      const { key } = newJob();
      await storage.put(key('body'), Buffer.from('first version, longer'), 'text/plain');
      await storage.put(key('body'), Readable.from([Buffer.from('second')]), 'text/plain');
      assert.deepEqual(await storage.get(key('body')), Buffer.from('second'));
    });

    it('deletePrefix removes only that job folder', async () => {
      const owner = `owner-${randomUUID()}`;
      const keys = {
        target: [contentKey(owner, 'j1', 'body'), contentKey(owner, 'j1', 'reader/text.txt')],
        // j10 shares the text "j1" with the target: a prefix ending in '/' must not reach it.
        kept: [contentKey(owner, 'j10', 'body'), contentKey(owner, 'j2', 'body')],
      };
      for (const k of [...keys.target, ...keys.kept]) await storage.put(k, Buffer.from(k), 'text/plain');
      await storage.deletePrefix(jobPrefix(owner, 'j1'));
      for (const k of keys.target) assert.equal(await storage.get(k), null, k);
      for (const k of keys.kept) assert.deepEqual(await storage.get(k), Buffer.from(k), k);
      // Missing folders are fine, and a put into a deleted folder works again.
      await storage.deletePrefix(jobPrefix(owner, 'j1'));
      await storage.deletePrefix(jobPrefix(`owner-${randomUUID()}`, 'none'));
      await storage.put(keys.target[0]!, Buffer.from('again'), 'text/plain');
      assert.deepEqual(await storage.get(keys.target[0]!), Buffer.from('again'));
    });

    it('deletePrefix without a trailing slash matches like an S3 prefix', async () => {
      const owner = `owner-${randomUUID()}`;
      await storage.put(contentKey(owner, 'j1', 'body'), Buffer.from('1'), 'text/plain');
      await storage.put(contentKey(owner, 'j10', 'body'), Buffer.from('10'), 'text/plain');
      await storage.put(contentKey(owner, 'k', 'body'), Buffer.from('k'), 'text/plain');
      await storage.deletePrefix(`jobs/${owner}/j1`);
      assert.equal(await storage.get(contentKey(owner, 'j1', 'body')), null);
      assert.equal(await storage.get(contentKey(owner, 'j10', 'body')), null);
      assert.deepEqual(await storage.get(contentKey(owner, 'k', 'body')), Buffer.from('k'));
    });

    it('refuses bad keys and prefixes with INVALID_KEY', async () => {
      const bad = [
        '',
        '/etc/passwd',
        '../x',
        'jobs/../../x',
        'jobs/a/..',
        'a\0b',
        'a//b',
        'a/./b',
        'a\\b',
        'a/',
      ];
      for (const key of bad) {
        const invalid = isStorageErrorWith('INVALID_KEY', false);
        await assert.rejects(storage.put(key, Buffer.from('x'), 'text/plain'), invalid, JSON.stringify(key));
        await assert.rejects(storage.get(key), invalid, JSON.stringify(key));
        await assert.rejects(storage.getStream(key), invalid, JSON.stringify(key));
      }
      await assert.rejects(storage.put('x'.repeat(1025), Buffer.from('x'), 'text/plain'), /longer than/);
      for (const prefix of ['', '/', '../', 'jobs/../', 'a\0/']) {
        await assert.rejects(storage.deletePrefix(prefix), isStorageErrorWith('INVALID_KEY', false), prefix);
      }
      // A refused streamed put still releases the caller's stream.
      const source = Readable.from([Buffer.from('x')]);
      await assert.rejects(storage.put('../x', source, 'text/plain'));
      assert.equal(source.destroyed, true);
    });

    it('a failing source stream leaves the previous object untouched', async () => {
      const { key } = newJob();
      await storage.put(key('body'), Buffer.from('old'), 'text/plain');
      const source = failingStream([randomBytes(50_000), randomBytes(50_000)], new Error('agent went away'));
      await assert.rejects(
        storage.put(key('body'), source, 'text/plain'),
        isStorageErrorWith('STORAGE_FAILED', false),
      );
      assert.deepEqual(await storage.get(key('body')), Buffer.from('old'));
      assert.equal(await storage.get(key('new')), null);
    });

    it('openWrite shows nothing until commit, then the whole object; nothing is taken after', async () => {
      const { key } = newJob();
      const parts = [randomBytes(20_000), randomBytes(5)];
      const w = storage.openWrite(key('body'), 'application/octet-stream');
      for (const p of parts) await w.write(p);
      assert.equal(await storage.get(key('body')), null, 'invisible before commit');
      await w.commit();
      assert.deepEqual(await storage.get(key('body')), Buffer.concat(parts));
      await assert.rejects(w.write(Buffer.from('late')), isStorageErrorWith('STORAGE_FAILED', false));
      await assert.rejects(w.commit(), isStorageErrorWith('STORAGE_FAILED', false));
      await w.abort(); // a no-op once published
      assert.deepEqual(await storage.get(key('body')), Buffer.concat(parts));
    });

    it('openWrite aborted leaves the previous object and refuses more', async () => {
      const { key } = newJob();
      await storage.put(key('body'), Buffer.from('old'), 'text/plain');
      const w = storage.openWrite(key('body'), 'text/plain');
      await w.write(randomBytes(30_000));
      await w.abort();
      await w.abort(); // safe twice
      assert.deepEqual(await storage.get(key('body')), Buffer.from('old'));
      await assert.rejects(w.write(Buffer.from('x')), isStorageErrorWith('STORAGE_FAILED', false));
      await assert.rejects(w.commit(), isStorageErrorWith('STORAGE_FAILED', false));
      assert.deepEqual(await storage.get(key('body')), Buffer.from('old'));
    });
  });
}

// ---------------------------------------------------------------------------------------------------

async function tempDir(label: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `storage-${label}-`));
}

contractSuite('local', async () => {
  const root = await tempDir('local');
  const storage = new LocalStorage({ rootDir: root });
  return {
    storage,
    async cleanup() {
      await storage.close();
      await rm(root, { recursive: true, force: true });
    },
  };
});

contractSuite('local, files only', async () => {
  const root = await tempDir('local-files');
  const storage = new LocalStorage({ rootDir: root, smallObjectMaxBytes: 0 });
  return {
    storage,
    async cleanup() {
      await storage.close();
      await rm(root, { recursive: true, force: true });
    },
  };
});

describe('LocalStorage small objects', () => {
  it('keeps small buffers as rows and large ones as files; the newest version wins either way', async () => {
    const root = await tempDir('local-small');
    const storage = new LocalStorage({ rootDir: root, smallObjectMaxBytes: 1024 });
    const key = 'jobs/o/j/a1-body';
    const file = path.join(root, 'jobs', 'o', 'j', 'a1-body');
    await storage.put(key, Buffer.from('small one'), 'text/plain');
    await assert.rejects(stat(file), { code: 'ENOENT' });
    assert.deepEqual(await storage.get(key), Buffer.from('small one'));
    const large = randomBytes(4096);
    await storage.put(key, large, 'application/octet-stream');
    assert.ok((await stat(file)).isFile());
    assert.deepEqual(await storage.get(key), large);
    await storage.put(key, Buffer.from('small again'), 'text/plain');
    assert.deepEqual(await storage.get(key), Buffer.from('small again'));
    const stream = await storage.getStream(key);
    const chunks: Buffer[] = [];
    for await (const c of stream ?? []) chunks.push(c as Buffer);
    assert.deepEqual(Buffer.concat(chunks), Buffer.from('small again'));
    await storage.put('jobs/o/k/a1-body', Buffer.from('other job'), 'text/plain');
    await storage.deletePrefix('jobs/o/j/');
    assert.equal(await storage.get(key), null);
    await assert.rejects(stat(file), { code: 'ENOENT' });
    assert.deepEqual(await storage.get('jobs/o/k/a1-body'), Buffer.from('other job'));
    await storage.close();
    await rm(root, { recursive: true, force: true });
  });

  it('puts started in one turn share one commit; each resolves after it; a new handle reads them', async () => {
    const root = await tempDir('small-batch');
    const file = path.join(root, 'small-objects.db');
    const small = new SmallObjects(file);
    const keys = Array.from({ length: 20 }, (_, i) => `jobs/o/j${i}/a1-body`);
    await small.put('warm', Buffer.from('x')); // opens the file: one commit of its own
    const before = small.stats.batches;
    await Promise.all(keys.map((k, i) => small.put(k, Buffer.from(`body ${i}`))));
    assert.equal(small.stats.batches - before, 1);
    // Committed when resolved: another connection to the file sees every row.
    const other = new SmallObjects(file);
    for (const [i, k] of keys.entries()) assert.deepEqual(other.get(k), Buffer.from(`body ${i}`));
    await small.deletePrefix('jobs/o/j1');
    assert.equal(other.get('jobs/o/j1/a1-body'), null);
    assert.equal(other.get('jobs/o/j12/a1-body'), null, 'a prefix, as on S3');
    assert.deepEqual(other.get('jobs/o/j2/a1-body'), Buffer.from('body 2'));
    other.close();
    small.close();
    await rm(root, { recursive: true, force: true });
  });
});

let sharedS3: S3rverHandle | undefined;
function s3Options(endpoint: string, extra: Partial<S3Options> = {}): S3Options {
  return {
    endpoint,
    bucket: 'crawl-content',
    region: 'us-east-1',
    forcePathStyle: true,
    ...S3RVER_CREDENTIALS,
    partSizeBytes: PART_BYTES,
    partConcurrency: 1,
    ...extra,
  };
}

contractSuite('s3 (s3rver)', async () => {
  sharedS3 = await startS3rver();
  const storage = new S3Storage(s3Options(sharedS3.endpoint));
  await storage.ensureBucket();
  return {
    storage,
    async cleanup() {
      await storage.close();
      await sharedS3?.stop();
    },
  };
});

describe('S3Storage on s3rver', () => {
  let s3: S3rverHandle;
  let storage: S3Storage;
  const blackHoleSockets = new Set<Socket>();
  let blackHole: Server | undefined;

  before(async () => {
    s3 = await startS3rver();
    storage = new S3Storage(s3Options(s3.endpoint));
    await storage.ensureBucket();
  });
  after(async () => {
    await storage?.close();
    await s3?.stop();
    for (const socket of blackHoleSockets) socket.destroy();
    await new Promise<void>((resolve) => (blackHole ? blackHole.close(() => resolve()) : resolve()));
  });

  it('ensureBucket is idempotent, and a missing bucket is an error rather than a missing object', async () => {
    await storage.ensureBucket();
    const other = new S3Storage(s3Options(s3.endpoint, { bucket: `absent-${randomUUID().slice(0, 8)}` }));
    try {
      await assert.rejects(other.get(newJob().key('body')), isStorageErrorWith('STORAGE_FAILED', false));
    } finally {
      await other.close();
    }
  });

  it('streams a 24 MiB object without holding it in memory, and reads back the same bytes', async () => {
    const totalBytes = 24 * MiB;
    const chunkBytes = 64 * 1024;
    const { key } = newJob();
    // Why count bytes rather than watch the heap: Buffers live outside the V8 heap and GC timing makes
    // heapUsed/arrayBuffers noisy. Every byte the source has produced but the server has not yet read
    // is held somewhere in this process (the uploader's part buffer, stream queues) or in a socket
    // buffer. So max(produced - received) bounds what the backend buffers. A backend that collected
    // the whole stream first would reach 24 MiB; part-by-part upload with one part in flight stays
    // near two parts (one being filled, one being sent).
    const receivedAtStart = s3.bytesReceived();
    const sourceHash = createHash('sha256');
    let produced = 0;
    let maxInFlight = 0;
    const source = new Readable({
      highWaterMark: chunkBytes,
      read() {
        maxInFlight = Math.max(maxInFlight, produced - (s3.bytesReceived() - receivedAtStart));
        if (produced >= totalBytes) {
          this.push(null);
          return;
        }
        const chunk = randomBytes(Math.min(chunkBytes, totalBytes - produced));
        sourceHash.update(chunk);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    await storage.put(key('big.bin'), source, 'application/octet-stream');
    assert.equal(produced, totalBytes);
    const bound = 2 * PART_BYTES + 2 * MiB;
    assert.ok(maxInFlight <= bound, `in flight peaked at ${maxInFlight} bytes, bound ${bound}`);

    const stream = await storage.getStream(key('big.bin'));
    assert.ok(stream);
    const readHash = createHash('sha256');
    let readBytes = 0;
    for await (const chunk of stream) {
      readHash.update(chunk as Buffer);
      readBytes += (chunk as Buffer).length;
    }
    assert.equal(readBytes, totalBytes);
    assert.equal(readHash.digest('hex'), sourceHash.digest('hex'));
  });

  it('deletePrefix deletes more than one page (1000 keys) of objects', async () => {
    const { key, prefix } = newJob();
    const count = 1005;
    const keys = Array.from({ length: count }, (_, i) => key(`parts/${String(i).padStart(4, '0')}`));
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(keys.slice(i, i + 100).map((k) => storage.put(k, Buffer.from('x'), 'text/plain')));
    }
    await storage.deletePrefix(prefix);
    assert.equal(await storage.get(keys[0]!), null);
    assert.equal(await storage.get(keys[count - 1]!), null);
  });

  it('keeps every key under the configured prefix', async () => {
    const prefixed = new S3Storage(s3Options(s3.endpoint, { prefix: '/tenant-a/' }));
    try {
      const { key, prefix } = newJob();
      await prefixed.put(key('body'), Buffer.from('in tenant'), 'text/plain');
      await storage.put(key('body'), Buffer.from('outside'), 'text/plain');
      assert.deepEqual(await storage.get(`tenant-a/${key('body')}`), Buffer.from('in tenant'));
      await prefixed.deletePrefix(prefix);
      assert.equal(await prefixed.get(key('body')), null);
      assert.deepEqual(await storage.get(key('body')), Buffer.from('outside'));
    } finally {
      await prefixed.close();
    }
  });

  it('fails retryably and fast while S3 is down, and works again after a restart', async () => {
    const { key } = newJob();
    await storage.put(key('before'), Buffer.from('kept'), 'text/plain');
    await s3.halt();
    try {
      const started = performance.now();
      await assert.rejects(
        storage.put(key('body'), Buffer.from('x'), 'text/plain'),
        isStorageErrorWith('STORAGE_UNAVAILABLE', true),
      );
      const source = Readable.from([randomBytes(1000)]);
      await assert.rejects(
        storage.put(key('stream'), source, 'text/plain'),
        isStorageErrorWith('STORAGE_UNAVAILABLE', true),
      );
      assert.equal(source.destroyed, true);
      await assert.rejects(storage.get(key('before')), isStorageErrorWith('STORAGE_UNAVAILABLE', true));
      await assert.rejects(storage.deletePrefix(key('x')), isStorageErrorWith('STORAGE_UNAVAILABLE', true));
      const elapsedMs = performance.now() - started;
      assert.ok(elapsedMs < 10_000, `failing took ${Math.round(elapsedMs)} ms`);
    } finally {
      await s3.restart();
    }
    await storage.put(key('body'), Buffer.from('after restart'), 'text/plain');
    assert.deepEqual(await storage.get(key('body')), Buffer.from('after restart'));
    assert.deepEqual(await storage.get(key('before')), Buffer.from('kept'));
  });

  it('gives up in bounded time on a server that accepts connections and never answers', async () => {
    blackHole = createServer((socket) => {
      blackHoleSockets.add(socket);
      socket.on('close', () => blackHoleSockets.delete(socket));
    });
    await new Promise<void>((resolve) => blackHole?.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as { port: number };
    const stuck = new S3Storage(
      s3Options(`http://127.0.0.1:${port}`, {
        requestTimeoutMs: 300,
        connectionTimeoutMs: 300,
        maxAttempts: 1,
      }),
    );
    try {
      const started = performance.now();
      await assert.rejects(
        stuck.put(newJob().key('body'), Buffer.from('x'), 'text/plain'),
        isStorageErrorWith('STORAGE_UNAVAILABLE', true),
      );
      const elapsedMs = performance.now() - started;
      assert.ok(elapsedMs < 5_000, `giving up took ${Math.round(elapsedMs)} ms`);
    } finally {
      await stuck.close();
    }
  });

  it('close is safe twice and later calls fail STORAGE_CLOSED', async () => {
    const closing = new S3Storage(s3Options(s3.endpoint));
    await closing.close();
    await closing.close();
    await assert.rejects(closing.get(newJob().key('body')), isStorageErrorWith('STORAGE_CLOSED', false));
  });
});

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;
  before(async () => {
    root = await tempDir('local-only');
    // These tests look at the files themselves: keep every object in a file.
    storage = new LocalStorage({ rootDir: root, smallObjectMaxBytes: 0 });
  });
  after(async () => {
    await storage?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a concurrent reader never sees a partial file during a slow streamed put', async () => {
    const { key } = newJob();
    const target = key('body');
    const folder = path.join(root, ...target.split('/').slice(0, -1));
    const oldBody = Buffer.alloc(100_000, 'o');
    await storage.put(target, oldBody, 'text/plain');
    // Opened before the new version lands: keeps reading the old file after the rename.
    const oldStream = await storage.getStream(target);
    assert.ok(oldStream);

    const chunk = Buffer.alloc(64 * 1024, 'n');
    const chunkCount = 16;
    const problems: string[] = [];
    let sent = 0;
    let checks = 0;
    let maxTempBytes = 0;
    // Each read() is the writer asking for more: the put is mid-flight, with earlier chunks on disk.
    // The next chunk is only given after a reader has looked, so the reads interleave with the writes
    // on every step, without timers.
    const slowSource = new Readable({
      highWaterMark: chunk.length,
      read() {
        void (async () => {
          checks++;
          const seen = await storage.get(target);
          if (!seen?.equals(oldBody))
            problems.push(`check ${checks}: saw ${seen?.length ?? 'nothing'} bytes`);
          for (const name of await readdir(folder)) {
            if (name !== 'body')
              maxTempBytes = Math.max(maxTempBytes, (await stat(path.join(folder, name))).size);
          }
          if (sent === chunkCount) this.push(null);
          else {
            sent++;
            this.push(chunk);
          }
        })().catch((err: unknown) => this.destroy(err as Error));
      },
    });
    await storage.put(target, slowSource, 'text/plain');

    assert.deepEqual(problems, []);
    assert.ok(checks > chunkCount);
    // Proves the checks ran while new bytes were really on disk, not before the writer started.
    assert.ok(maxTempBytes >= chunk.length * (chunkCount - 2), `temp file peaked at ${maxTempBytes} bytes`);
    const newBody = await storage.get(target);
    assert.equal(newBody?.length, chunk.length * chunkCount);
    assert.deepEqual(await readAll(oldStream), oldBody);
    assert.deepEqual(await readdir(folder), ['body'], 'no temp file left behind');
  });

  it('a failed streamed put leaves no temp file', async () => {
    const { key } = newJob();
    await storage.put(key('kept'), Buffer.from('kept'), 'text/plain');
    const source = failingStream([randomBytes(10_000)], new Error('source broke'));
    await assert.rejects(
      storage.put(key('body'), source, 'text/plain'),
      isStorageErrorWith('STORAGE_FAILED', false),
    );
    assert.deepEqual(await readdir(path.join(root, ...key('kept').split('/').slice(0, -1))), ['kept']);
  });

  it('removes emptied folders on deletePrefix, keeping the root', async () => {
    const { key, owner, prefix } = newJob();
    await storage.put(key('a/b/c'), Buffer.from('x'), 'text/plain');
    await storage.deletePrefix(prefix);
    await assert.rejects(stat(path.join(root, 'jobs', owner)), { code: 'ENOENT' });
    assert.ok((await stat(root)).isDirectory());
  });

  it('maps a full disk to a retryable STORAGE_FULL and other file errors to STORAGE_FAILED', async () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const full = fromFsError(enospc, 'put k');
    assert.equal(full.code, 'STORAGE_FULL');
    assert.equal(full.retryable, true);
    assert.equal(full.cause, enospc);

    // A real failure: the root is a file, so no folder can be made under it.
    const fileRoot = path.join(root, `not-a-dir-${randomUUID()}`);
    await writeFile(fileRoot, 'x');
    const broken = new LocalStorage({ rootDir: fileRoot, smallObjectMaxBytes: 0 });
    await assert.rejects(broken.put(newJob().key('body'), Buffer.from('x'), 'text/plain'), (err: unknown) => {
      isStorageErrorWith('STORAGE_FAILED', false)(err);
      assert.equal((err as StorageError & { cause: NodeJS.ErrnoException }).cause.code, 'ENOTDIR');
      return true;
    });
  });

  it('close is safe twice and later calls fail STORAGE_CLOSED', async () => {
    const closing = new LocalStorage({ rootDir: root });
    await closing.close();
    await closing.close();
    await assert.rejects(
      closing.put(newJob().key('body'), Buffer.from('x'), 'text/plain'),
      isStorageErrorWith('STORAGE_CLOSED', false),
    );
  });
});

describe('createStorages', () => {
  let dataDir: string;
  let s3: S3rverHandle;
  before(async () => {
    dataDir = await tempDir('create');
    s3 = await startS3rver();
  });
  after(async () => {
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps local content under dataDir/content and offers S3 only when configured', async () => {
    const localOnly = createStorages({ dataDir });
    assert.equal(localOnly.local.rootDir, path.join(dataDir, 'content'));
    assert.equal(localOnly.get('local'), localOnly.local);
    assert.equal(localOnly.s3, null);
    assert.equal(localOnly.get('s3'), null);
    const { key } = newJob();
    await localOnly.local.put(key('body'), Buffer.from('x'), 'text/plain');
    assert.deepEqual(await localOnly.local.get(key('body')), Buffer.from('x'));
    assert.ok((await stat(path.join(dataDir, 'content', 'small-objects.db'))).isFile());
    await localOnly.close();
    await localOnly.close();

    const both = createStorages({ dataDir, s3: s3Options(s3.endpoint) });
    assert.ok(both.s3 instanceof S3Storage);
    assert.equal(both.get('s3'), both.s3);
    await both.s3.ensureBucket();
    await both.get('s3')?.put(key('body'), Buffer.from('in s3'), 'text/plain');
    assert.deepEqual(await both.s3.get(key('body')), Buffer.from('in s3'));
    await both.close();
    await both.close();
  });
});
