// Hand-encoded StreamData frames are the generic encoder's frames: the generic decoder reads what
// streamDataHead writes (for both envelopes), readStreamData reads what the generic encoder writes,
// and anything else is left to the generic decoder. The WebSocket head is checked against ws's own
// receiver, masked (the agent's side) and not (the coordinator's), at each payload-length form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as ws from 'ws';
import {
  decodeAgentFrame,
  decodeCoordinatorFrame,
  encodeAgentFrame,
  encodeCoordinatorFrame,
  readStreamData,
  streamDataHead,
  streamDataWsHead,
} from '../../proto/index.js';

/** ws's frame parser (exported by ws, not declared by @types/ws): what the peers' sockets run. */
interface FrameReceiver {
  write(chunk: Buffer): void;
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
}
const { Receiver } = ws as unknown as {
  Receiver: new (opts: { isServer: boolean; maxPayload: number }) => FrameReceiver;
};

const MAX = 2 * 1024 * 1024;
const IDS = [1, 127, 128, 16_383, 16_384, 0x7fff_ffff, 0xffff_ffff];
/** Around each varint and WebSocket length boundary. */
const SIZES = [0, 1, 100, 125, 126, 127, 16_383, 16_384, 65_535, 65_536, 256 * 1024];

function payload(n: number): Buffer {
  const b = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + 7) & 0xff;
  return b;
}

describe('hand-encoded StreamData', () => {
  it('is byte for byte what the generic encoder writes, in both envelopes', () => {
    for (const streamId of IDS) {
      for (const size of SIZES) {
        const data = payload(size);
        const mine = Buffer.concat([streamDataHead(streamId, size), data]);
        assert.deepEqual(mine, Buffer.from(encodeAgentFrame({ streamData: { streamId, data } })));
        assert.deepEqual(mine, Buffer.from(encodeCoordinatorFrame({ streamData: { streamId, data } })));
        const a = decodeAgentFrame(mine, MAX);
        assert.equal(a.body, 'streamData');
        assert.equal(a.streamData?.streamId, streamId);
        assert.deepEqual(Buffer.from(a.streamData?.data ?? []), data);
        const c = decodeCoordinatorFrame(mine, MAX);
        assert.equal(c.streamData?.streamId, streamId);
      }
    }
  });

  it('reads the generic encoder’s frames as views of the message', () => {
    for (const streamId of [0, ...IDS]) {
      for (const size of SIZES) {
        const data = payload(size);
        const msg = encodeAgentFrame({ streamData: { streamId, data } });
        const view = readStreamData(msg);
        assert.ok(view, `id ${streamId} size ${size}`);
        assert.equal(view.streamId, streamId);
        assert.deepEqual(Buffer.from(view.data), data);
        if (size > 0) assert.equal(view.data.buffer, msg.buffer, 'a view, not a copy');
      }
    }
  });

  it('leaves other frames, other layouts and broken lengths to the generic decoder', () => {
    const data = payload(300);
    const others = [
      encodeAgentFrame({ streamCredit: { streamId: 3, bytes: 1000 } }),
      encodeAgentFrame({ ping: { nonce: 1 } }),
      encodeCoordinatorFrame({ streamClose: { streamId: 3, reason: 'reset', message: '' } }),
      // data before the id
      Buffer.concat([
        Buffer.from([0x82, 0x01, 0xb2, 0x02, 0x12, 0xac, 0x02]),
        data,
        Buffer.from([0x08, 0x03]),
      ]),
      // a frame followed by more bytes (another field of the envelope)
      Buffer.concat([streamDataHead(3, 300), data, Buffer.from([0x32, 0x00])]),
      // the envelope's length shorter than the frame, and longer
      Buffer.concat([streamDataHead(3, 300), data.subarray(0, 299)]),
      Buffer.concat([streamDataHead(3, 300), data, Buffer.from([0])]),
      // an unknown field inside StreamData
      Buffer.from([0x82, 0x01, 0x06, 0x08, 0x03, 0x12, 0x00, 0x28, 0x01]),
      // a varint that does not end
      Buffer.from([0x82, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      new Uint8Array(0),
    ];
    for (const msg of others) assert.equal(readStreamData(msg), null, Buffer.from(msg).toString('hex'));
  });

  for (const masked of [false, true]) {
    it(`makes one WebSocket binary message ${masked ? 'masked with the zero key' : 'unmasked'}`, async () => {
      const receiver = new Receiver({ isServer: masked, maxPayload: MAX });
      const got: Array<{ data: Buffer; isBinary: boolean }> = [];
      receiver.on('message', (data, isBinary) => got.push({ data, isBinary }));
      const errors: Error[] = [];
      receiver.on('error', (err) => errors.push(err));
      for (const size of SIZES) {
        const data = payload(size);
        receiver.write(Buffer.concat([streamDataWsHead(9, size, masked), data]));
      }
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(errors, []);
      assert.equal(got.length, SIZES.length);
      for (const [i, size] of SIZES.entries()) {
        const msg = got[i];
        assert.ok(msg?.isBinary);
        const view = readStreamData(msg.data);
        assert.equal(view?.streamId, 9);
        assert.deepEqual(Buffer.from(view?.data ?? []), payload(size));
      }
    });
  }
});
