// Batch frames byte by byte (proto/codec.ts) and the per-turn batcher (common/frame-batcher.ts):
// what protobuf makes of them, what a hostile peer's malformed batch becomes, and the bounds a
// sender keeps (count, the peer's frame limit, large frames alone and in order).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as nextImmediate } from 'node:timers/promises';
import { FrameBatcher } from '../../common/frame-batcher.js';
import {
  type AgentFrameInit,
  decodeAgentFrame,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  encodeCoordinatorFrame,
  encodeFrameBatch,
  FrameError,
  MAX_BATCH_FRAMES,
  MAX_BATCHED_FRAME_BYTES,
  splitFrameBatch,
} from '../../proto/index.js';

const MAX = 1 << 20;

function frameError(code: FrameError['code']) {
  return (err: unknown) => err instanceof FrameError && err.code === code;
}

test('a batch is what protobuf makes of AgentBatch, and splits back into the frames as sent', () => {
  const frames: AgentFrameInit[] = [
    { accept: { jobId: 'a', attempt: 1 } },
    { result: { jobId: 'b', attempt: 2, success: true, statusCode: 200, finalUrl: 'x'.repeat(300) } },
    { ping: { nonce: 7 } },
  ];
  const encoded = frames.map((f) => encodeAgentFrame(f));
  const batch = encodeFrameBatch(encoded);
  assert.deepEqual(
    Buffer.from(batch),
    Buffer.from(encodeAgentFrame({ batch: { frames } })),
    'the same bytes as the generated encoder',
  );
  const split = splitFrameBatch(batch, MAX, MAX_BATCH_FRAMES);
  assert.deepEqual(
    split?.map((b) => Buffer.from(b)),
    encoded.map((b) => Buffer.from(b)),
  );
  assert.equal(
    splitFrameBatch(encoded[0] as Uint8Array, MAX, MAX_BATCH_FRAMES),
    null,
    'a single frame is no batch',
  );
  // The coordinator's direction has the same layout.
  const assigns = [
    encodeCoordinatorFrame({ assign: { jobId: 'j', attempt: 1 } }),
    encodeCoordinatorFrame({ ack: {} }),
  ];
  assert.deepEqual(
    Buffer.from(encodeFrameBatch(assigns)),
    Buffer.from(
      encodeCoordinatorFrame({ batch: { frames: [{ assign: { jobId: 'j', attempt: 1 } }, { ack: {} }] } }),
    ),
  );
});

test('malformed, nested, empty and over-count batches are refused with stable codes', () => {
  const ping = encodeAgentFrame({ ping: { nonce: 1 } });
  const ok = encodeFrameBatch([ping, ping]);
  assert.throws(() => splitFrameBatch(Buffer.concat([ok, ping]), MAX, 8), frameError('FRAME_MALFORMED'));
  assert.throws(
    () => splitFrameBatch(ok.subarray(0, ok.byteLength - 1), MAX, 8),
    frameError('FRAME_MALFORMED'),
  );
  const wrongMember = Uint8Array.from(ok);
  wrongMember[3] = 0x12; // field 2 instead of field 1
  assert.throws(() => splitFrameBatch(wrongMember, MAX, 8), frameError('FRAME_MALFORMED'));
  assert.throws(() => splitFrameBatch(Uint8Array.of(0xa2, 0x01, 0x00), MAX, 8), frameError('FRAME_EMPTY'));
  assert.throws(
    () => splitFrameBatch(encodeFrameBatch([ping, ping, ping]), MAX, 2),
    frameError('FRAME_TOO_LARGE'),
  );
  assert.throws(() => splitFrameBatch(ok, ok.byteLength - 1, 8), frameError('FRAME_TOO_LARGE'));
  // A batch inside a batch splits, but its inner frame is a batch, which never decodes as a frame.
  const nested = splitFrameBatch(encodeFrameBatch([ok]), MAX, 8) as Uint8Array[];
  assert.throws(() => decodeAgentFrame(nested[0] as Uint8Array, MAX), frameError('FRAME_MALFORMED'));
  // A batch after another field (not at the start, so not split) is refused when decoded.
  assert.throws(() => decodeAgentFrame(Buffer.concat([ping, ok]), MAX), frameError('FRAME_MALFORMED'));
  assert.throws(() => decodeCoordinatorFrame(encodeFrameBatch([ping]), MAX), frameError('FRAME_MALFORMED'));
});

test('the batcher sends a turn’s frames as one batch, a lone frame as itself, and keeps the order', async () => {
  const sent: Uint8Array[] = [];
  const b = new FrameBatcher({ writeFrame: (bytes) => sent.push(bytes) }, MAX);
  const small = [1, 2, 3].map((n) => encodeAgentFrame({ ping: { nonce: n } }));
  for (const f of small) b.send(f);
  assert.equal(sent.length, 0, 'held until the end of the turn');
  await nextImmediate();
  assert.equal(sent.length, 1);
  assert.deepEqual(sent[0], encodeFrameBatch(small));

  b.send(small[0] as Uint8Array);
  await nextImmediate();
  assert.deepEqual(sent[1], small[0], 'one frame goes alone');

  // A large frame flushes what is pending and goes alone after it.
  const big = encodeAgentFrame({ chunk: { jobId: 'j', data: new Uint8Array(MAX_BATCHED_FRAME_BYTES + 1) } });
  b.send(small[1] as Uint8Array);
  b.send(big);
  b.send(small[2] as Uint8Array);
  await nextImmediate();
  assert.deepEqual(sent.slice(2), [small[1], big, small[2]]);
});

test('a tick batcher writes when the callback and its continuations are done, not a loop iteration later', async () => {
  const small = [1, 2, 3].map((n) => encodeAgentFrame({ ping: { nonce: n } }));
  const seen = async (flushAt: 'tick' | 'iteration') => {
    const sent: Uint8Array[] = [];
    const b = new FrameBatcher({ writeFrame: (bytes) => sent.push(bytes) }, MAX, flushAt);
    // Two immediates of one check phase, as a commit's callback and whatever runs after it.
    return new Promise<Uint8Array[]>((resolve) => {
      setImmediate(() => {
        b.send(small[0] as Uint8Array);
        void Promise.resolve()
          .then(() => b.send(small[1] as Uint8Array))
          .then(() => b.send(small[2] as Uint8Array));
      });
      setImmediate(() => resolve([...sent]));
    });
  };
  assert.deepEqual(
    await seen('tick'),
    [encodeFrameBatch(small)],
    'one batch, written before the next callback',
  );
  assert.deepEqual(await seen('iteration'), [], 'held to the next iteration');
});

test('a batch holds at most MAX_BATCH_FRAMES frames and fits the peer’s frame limit', async () => {
  const sent: Uint8Array[] = [];
  const limit = 4096;
  const b = new FrameBatcher({ writeFrame: (bytes) => sent.push(bytes) }, limit);
  const frame = encodeAgentFrame({ accept: { jobId: 'x'.repeat(100), attempt: 1 } });
  const n = 200;
  for (let i = 0; i < n; i++) b.send(frame);
  await nextImmediate();
  let frames = 0;
  for (const m of sent) {
    assert.ok(m.byteLength <= limit, `${m.byteLength} bytes over ${limit}`);
    frames += splitFrameBatch(m, limit, MAX_BATCH_FRAMES)?.length ?? 1;
  }
  assert.equal(frames, n);
  assert.ok(sent.length >= Math.ceil((n * frame.byteLength) / limit));

  const counted: Uint8Array[] = [];
  const c = new FrameBatcher({ writeFrame: (bytes) => counted.push(bytes) }, MAX);
  const ping = encodeAgentFrame({ ping: { nonce: 1 } });
  for (let i = 0; i < MAX_BATCH_FRAMES + 1; i++) c.send(ping);
  await nextImmediate();
  assert.deepEqual(
    counted.map((m) => splitFrameBatch(m, MAX, MAX_BATCH_FRAMES)?.length ?? 1),
    [MAX_BATCH_FRAMES, 1],
  );
});
