// The agent's result spool: what is written survives a new process, torn files are dropped, the
// cap is reported, acknowledged results disappear.
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
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
