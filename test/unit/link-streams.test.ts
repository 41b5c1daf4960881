// Streams over the link, both ends in one process joined by a wire that delivers frames on the next
// turn: bytes arrive whole and in order both ways, credit bounds what a sender has unacknowledged,
// credit comes back in batches (never per chunk, and a turn's grants together), data beyond the credit resets the stream, and a
// half close from each side ends it.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { LinkStreams, type StreamWire } from '../../common/link-streams/link-streams.js';

interface Pair {
  a: LinkStreams;
  b: LinkStreams;
  /** Data frames a sent, credits b sent, closes either sent. */
  sent: { data: number[]; credit: number[]; close: string[] };
}

function pair(window = 64 * 1024, maxDataBytes = 16 * 1024, maxStreams = 4): Pair {
  const sent: Pair['sent'] = { data: [], credit: [], close: [] };
  let a: LinkStreams | null = null;
  let b: LinkStreams | null = null;
  const wire = (to: () => LinkStreams | null, record: boolean): StreamWire => ({
    data: (id, data) => {
      if (record) sent.data.push(data.byteLength);
      const copy = Uint8Array.from(data);
      setImmediate(() => to()?.onData(id, copy));
    },
    credit: (id, bytes) => {
      if (!record) sent.credit.push(bytes);
      setImmediate(() => to()?.onCredit(id, bytes));
    },
    close: (id, reason, message) => {
      sent.close.push(reason);
      setImmediate(() => to()?.onClose(id, reason, message));
    },
    bufferedBytes: () => 0,
  });
  const opts = { windowBytes: window, maxDataBytes, maxStreams };
  a = new LinkStreams(
    wire(() => b, true),
    opts,
  );
  b = new LinkStreams(
    wire(() => a, false),
    opts,
  );
  return { a, b, sent };
}

describe('link streams', () => {
  it('carries bytes whole both ways, in frames no larger than the data limit, and ends on two half closes', async () => {
    const { a, b, sent } = pair();
    const sa = a.open(1);
    const sb = b.open(1);
    const payload = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < payload.length; i++) payload[i] = i % 251;
    const got: Buffer[] = [];
    sb.on('data', (c: Buffer) => got.push(Buffer.from(c)));
    const ended = new Promise((r) => sb.once('end', r));
    sa.end(payload);
    await ended;
    assert.ok(Buffer.concat(got).equals(payload));
    assert.ok(sent.data.every((n) => n <= 16 * 1024));
    // Credit came back in batches of at least a quarter window, not per frame.
    assert.ok(
      sent.credit.every((n) => n >= 16 * 1024),
      `credits: ${sent.credit}`,
    );
    assert.ok(sent.credit.length < sent.data.length / 2);
    const closed = new Promise((r) => sa.once('close', r));
    sb.end();
    sa.resume();
    await closed;
    assert.equal(a.size, 0);
    await new Promise((r) => setImmediate(r));
    assert.equal(b.size, 0);
  });

  it('credit of one turn leaves at its end, one frame a stream, and a stream’s credit goes before its close', async () => {
    const log: string[] = [];
    const wire: StreamWire = {
      data: () => {},
      credit: (id) => log.push(`credit ${id}`),
      close: (id, reason) => log.push(`close ${id} ${reason}`),
      bufferedBytes: () => 0,
    };
    const streams = new LinkStreams(wire, { windowBytes: 16 * 1024, maxDataBytes: 16 * 1024, maxStreams: 4 });
    const s1 = streams.open(1);
    const s2 = streams.open(2);
    // Three reads of 4 KiB a stream: grants at the first (a quarter window) and the third (a
    // quarter of the grown window), two grants a stream within this turn.
    for (const [id, s] of [
      [1, s1],
      [2, s2],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        assert.ok(streams.onData(id, Buffer.alloc(4096)));
        s.read();
      }
    }
    assert.deepEqual(log, [], 'no credit within the turn');
    s1.abort('reset', 'gone');
    assert.deepEqual(log, ['credit 1', 'close 1 reset']);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(log, ['credit 1', 'close 1 reset', 'credit 2']);
  });

  it('a sender never has more than the window unacknowledged while its reader stalls', async () => {
    const { a, b, sent } = pair(64 * 1024);
    const sa = a.open(1);
    b.open(1); // never read
    sa.write(Buffer.alloc(1024 * 1024));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    const total = sent.data.reduce((x, y) => x + y, 0);
    assert.equal(total, 64 * 1024);
  });

  it('data beyond the credit resets the stream with a protocol reason', async () => {
    const { a, b } = pair(16 * 1024);
    a.open(1);
    const sb = b.open(1);
    const reset = new Promise<Error>((r) => sb.once('error', r));
    assert.equal(b.onData(1, new Uint8Array(16 * 1024 + 1)), false);
    assert.match((await reset).message, /beyond the stream/);
    assert.equal(b.has(1), false);
  });

  it('a reset from the peer reaches the reader as an error naming the reason', async () => {
    const { a, b } = pair();
    const sa = a.open(1);
    b.open(1);
    const err = new Promise<Error & { reason?: string }>((r) => sa.once('error', r));
    b.get(1)?.abort('policy', 'target refused');
    const e = await err;
    assert.equal(e.reason, 'policy');
    assert.equal(e.message, 'target refused');
  });

  it('streams held for link room send in the order they were held, and a newcomer queues behind them', () => {
    let buffered = 1000;
    const order: number[] = [];
    const streams = new LinkStreams(
      {
        data: (id, data) => {
          order.push(id);
          buffered += data.byteLength;
        },
        credit: () => {},
        close: () => {},
        bufferedBytes: () => buffered,
      },
      { windowBytes: 64 * 1024, maxDataBytes: 16 * 1024, maxStreams: 4, linkHighWaterBytes: 100 },
    );
    const [s1, s2, s3] = [streams.open(1), streams.open(2), streams.open(3)];
    for (const s of [s1, s2, s3]) s.write(Buffer.alloc(60));
    assert.deepEqual(order, [], 'the link is full: every stream is held');
    buffered = 0;
    streams.drained();
    // Room for two frames (60 + 60 crosses the 100-byte mark): stream 3 waits.
    assert.deepEqual(order, [1, 2]);
    // The socket empties; before its drain is seen, stream 1 has more: it queues behind stream 3.
    // (In the same turn: the table's room poll, armed while streams wait, would serve stream 3.)
    buffered = 0;
    s1.write(Buffer.alloc(60));
    assert.deepEqual(order, [1, 2]);
    streams.drained();
    assert.deepEqual(order, [1, 2, 3, 1]);
    streams.closeAll('done');
  });

  it('a reader that drains its buffer in uneven chunks always gets the rest (no credit left unreturned)', async () => {
    // Uneven chunks and a sink that takes them slowly: Readable then calls _read while the buffer
    // still holds most of a window, the grant is too small to send, and no later _read comes
    // before the next push, which the sender, out of credit, cannot make. Credit is looked at again
    // on every read, so the streams finish.
    const { a, b } = pair(64 * 1024, 256 * 1024, 20);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const SIZE = 4 * 1024 * 1024;
    const runs = Array.from({ length: 20 }, (_, i) => i + 1).map(async (id) => {
      const sa = a.open(id);
      const sb = b.open(id);
      let got = 0;
      const sink = new Writable({
        highWaterMark: 16 * 1024,
        write(chunk: Buffer, _enc, cb) {
          got += chunk.byteLength;
          if (random() < 0.5) setImmediate(cb);
          else setTimeout(cb, 1);
        },
      });
      sb.pipe(sink);
      let left = SIZE;
      const pump = () => {
        while (left > 0) {
          const chunk = Buffer.alloc(Math.min(left, 1 + Math.floor(random() * 40 * 1024)));
          left -= chunk.byteLength;
          if (!sa.write(chunk)) {
            sa.once('drain', pump);
            return;
          }
        }
        sa.end();
      };
      pump();
      const stuck = new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 20_000).unref());
      const outcome = await Promise.race([once(sink, 'finish').then(() => 'done' as const), stuck]);
      return { outcome, got };
    });
    for (const r of await Promise.all(runs)) assert.deepEqual(r, { outcome: 'done', got: SIZE });
  });
});
