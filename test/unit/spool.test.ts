// The agent's result spool: what is written survives a new process, torn files are dropped, the
// cap is reported, acknowledged results disappear.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { scanSegment } from '../../agent/link/segment-file.js';
import { Spool } from '../../agent/link/spool.js';
import { encodeAgentFrame } from '../../proto/index.js';

const JOB = '0b9f2c64-7d0e-4a57-9a57-2f8f0b6f7a10';

test('spool: put, reopen in a new instance, read back byte for byte, remove', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const a = new Spool(dir, 1024 * 1024);
  await a.open();
  const final = Buffer.from(encodeAgentFrame({ result: { jobId: JOB, attempt: 2, success: true } }));
  const frames = [Buffer.from([1, 2, 3]), Buffer.alloc(70_000, 7), final];
  await a.put(JOB, 2, frames);
  assert.equal(a.depth, 1);
  assert.ok(a.hasJob(JOB));
  assert.ok(!a.hasJob('other'));
  await a.flush();
  const b = new Spool(dir, 1024 * 1024);
  const found = await b.open();
  assert.deepEqual(
    found.map((e) => [e.jobId, e.attempt]),
    [[JOB, 2]],
  );
  assert.equal(b.bytes, 3 + 70_000 + final.byteLength + 12);
  const back = await b.read(JOB, 2);
  assert.deepEqual(
    back.map((f) => Buffer.from(f)),
    frames,
  );
  await b.remove(JOB, 2);
  assert.equal(b.depth, 0);
  assert.deepEqual(readdirSync(dir), []);
  await rm(dir, { recursive: true });
});

test('spool: torn and temporary files from a crash are dropped on open', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(100);
  writeFileSync(path.join(dir, `${JOB}.1.result`), Buffer.concat([len, Buffer.alloc(10)])); // says 100, has 10
  // Whole frames, but the crash came before the final frame was written.
  const chunk = Buffer.from(
    encodeAgentFrame({ chunk: { jobId: JOB, attempt: 2, index: 0, data: Buffer.alloc(5) } }),
  );
  const chunkLen = Buffer.alloc(4);
  chunkLen.writeUInt32BE(chunk.byteLength);
  writeFileSync(path.join(dir, `${JOB}.2.result`), Buffer.concat([chunkLen, chunk]));
  writeFileSync(path.join(dir, `${JOB}.3.result.abc.tmp`), 'partial');
  const s = new Spool(dir, 1024 * 1024);
  assert.deepEqual(await s.open(), []);
  assert.deepEqual(readdirSync(dir), []);
  await rm(dir, { recursive: true });
});

test('spool: full once the bytes reach the cap', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const s = new Spool(dir, 1000);
  await s.open();
  await s.put(JOB, 1, [Buffer.alloc(600)]);
  assert.equal(s.full, false);
  await s.put(JOB, 2, [Buffer.alloc(600)]);
  assert.equal(s.full, true);
  await s.remove(JOB, 1);
  assert.equal(s.full, false);
  await s.flush();
  await rm(dir, { recursive: true });
});

test('spool: whenEmpty resolves on the last removal, or when its signal aborts', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const s = new Spool(dir, 1024 * 1024);
  await s.open();
  await s.whenEmpty(); // nothing waiting: at once
  await s.put(JOB, 1, [Buffer.alloc(10)]);
  await s.put(JOB, 2, [Buffer.alloc(10)]);
  let emptied = false;
  const waiting = s.whenEmpty().then(() => {
    emptied = true;
  });
  await s.remove(JOB, 1);
  await Promise.resolve();
  assert.equal(emptied, false, 'one result still waits');
  await s.remove(JOB, 2);
  await waiting;
  await s.put(JOB, 3, [Buffer.alloc(10)]);
  const stop = new AbortController();
  const bounded = s.whenEmpty(stop.signal);
  stop.abort();
  await bounded;
  assert.equal(s.depth, 1);
  await s.flush();
  await rm(dir, { recursive: true });
});

const resultFrame = (attempt: number, size = 10) =>
  Buffer.from(encodeAgentFrame({ result: { jobId: JOB, attempt, errorMessage: 'x'.repeat(size) } }));

test('spool: acknowledged results stay forgotten across a restart, the others come back', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const a = new Spool(dir, 1024 * 1024);
  await a.open();
  for (const attempt of [1, 2, 3]) await a.put(JOB, attempt, [resultFrame(attempt)]);
  await a.remove(JOB, 2);
  await a.close(); // pending ack records are written, the files closed
  await a.close();
  await a.put(JOB, 4, [resultFrame(4)]); // after close: into a new segment
  const b = new Spool(dir, 1024 * 1024);
  assert.deepEqual(
    (await b.open()).map((e) => e.attempt),
    [1, 3, 4],
  );
  assert.deepEqual(
    (await b.read(JOB, 3)).map((f) => Buffer.from(f)),
    [resultFrame(3)],
  );
  await a.close();
  await rm(dir, { recursive: true });
});

test('spool: a segment torn by a crash keeps the records before the tear', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const a = new Spool(dir, 1024 * 1024);
  await a.open();
  await a.put(JOB, 1, [resultFrame(1)]);
  await a.put(JOB, 2, [resultFrame(2, 5000)]);
  await a.flush();
  const [segment] = readdirSync(dir);
  assert.ok(segment?.startsWith('seg-'), `one segment file, got ${segment}`);
  const file = path.join(dir, segment as string);
  // The second record's last bytes never reached the disk, then zeros where a power cut left them.
  const whole = readFileSync(file);
  writeFileSync(file, Buffer.concat([whole.subarray(0, whole.length - 100), Buffer.alloc(64)]));
  const b = new Spool(dir, 1024 * 1024);
  assert.deepEqual(
    (await b.open()).map((e) => e.attempt),
    [1],
  );
  // A flipped byte inside a record fails its checksum the same way.
  const flipped = Buffer.from(whole);
  flipped[flipped.length - 10] = (flipped[flipped.length - 10] ?? 0) ^ 0xff;
  writeFileSync(file, flipped);
  const c = new Spool(dir, 1024 * 1024);
  assert.deepEqual(
    (await c.open()).map((e) => e.attempt),
    [1],
  );
  await rm(dir, { recursive: true });
});

test('spool: a result is in the file before put resolves, and a steady stream of acks keeps the file small', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const s = new Spool(dir, 64 * 1024 * 1024);
  await s.open();
  let largest = 0;
  for (let attempt = 1; attempt <= 400; attempt++) {
    await s.put(JOB, attempt, [resultFrame(attempt, 2000)]);
    // No sync has run yet: what a killed process leaves is what a new one reads.
    assert.ok(scan(dir).includes(attempt), `attempt ${attempt} is readable from the file at once`);
    await s.remove(JOB, attempt);
    largest = Math.max(largest, ...readdirSync(dir).map((f) => statSync(path.join(dir, f)).size));
  }
  assert.ok(largest < 300 * 1024, `the segment is emptied once all is acknowledged (largest ${largest} B)`);
  // Large results (written asynchronously) and small ones land in order.
  await Promise.all([
    s.put(JOB, 1001, [resultFrame(1001, 2 * 1024 * 1024)]),
    s.put(JOB, 1002, [resultFrame(1002)]),
  ]);
  await s.flush();
  assert.deepEqual(
    (await s.read(JOB, 1001)).map((f) => Buffer.from(f)),
    [resultFrame(1001, 2 * 1024 * 1024)],
  );
  assert.deepEqual(scan(dir), [1001, 1002]);
  // The last ack of a large segment empties it; a result written meanwhile is never lost with it.
  await s.remove(JOB, 1001);
  for (let i = 0; i < 3; i++) {
    const next = 2000 + i;
    const written = s.put(JOB, next, [resultFrame(next)]);
    // The ack lands in the turn's gap between the write and put() resolving.
    await Promise.resolve();
    await s.remove(JOB, i === 0 ? 1002 : next - 1);
    await written;
    await s.flush(); // ack records are batched: written by the next turn, or here
    assert.deepEqual(scan(dir), [next], `only attempt ${next} waits`);
    assert.deepEqual(
      (await s.read(JOB, next)).map((f) => Buffer.from(f)),
      [resultFrame(next)],
    );
  }
  await rm(dir, { recursive: true });
});

/** The attempts a fresh process would find waiting, read straight from the segment files. */
function scan(dir: string): number[] {
  const live = new Set<number>();
  for (const f of readdirSync(dir).sort())
    for (const r of scanSegment(readFileSync(path.join(dir, f))))
      if (r.type === 'result') live.add(r.attempt);
      else live.delete(r.attempt);
  return [...live];
}

test('spool: a result acknowledged while it is read back for a re-send yields no frames, never other bytes', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'spool-'));
  const s = new Spool(dir, 64 * 1024 * 1024);
  await s.open();
  await s.put(JOB, 1, [resultFrame(1, 300 * 1024)]);
  const reading = s.read(JOB, 1);
  await s.remove(JOB, 1); // the last one in a segment past 256 KiB: the segment is emptied
  await s.put(JOB, 2, [resultFrame(2)]); // and reused from offset 0
  assert.deepEqual(await reading, []);
  assert.deepEqual(
    (await s.read(JOB, 2)).map((f) => Buffer.from(f)),
    [resultFrame(2)],
  );
  await s.close();
  await rm(dir, { recursive: true });
});
