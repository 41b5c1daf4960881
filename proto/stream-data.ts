// StreamData frames by hand, the hot path of proxy streams (docs/proxy.md): the generic encoder
// copies every payload into a new frame, and its decoder makes objects per frame. A data frame is
// written as a fixed header followed by the payload bytes unchanged, and read back as a view of
// the message. The bytes are exactly those of an AgentFrame or CoordinatorFrame (both carry
// stream_data as field 16) holding StreamData{stream_id = 1, data = 2}, so the generic decoder
// reads what this writes, and this reads what the generic encoder writes.

/** Envelope field 16, wire type 2 (length-delimited): the varint 0x82 0x01. */
const ENVELOPE_TAG_0 = 0x82;
const ENVELOPE_TAG_1 = 0x01;
/** StreamData.stream_id: field 1, varint. */
const ID_TAG = 0x08;
/** StreamData.data: field 2, length-delimited. */
const DATA_TAG = 0x12;

function varintBytes(n: number): number {
  let bytes = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    bytes++;
  }
  return bytes;
}

function writeVarint(buf: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    buf[at++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  buf[at++] = n;
  return at;
}

/** The StreamData message's length and the envelope bytes before the payload. */
function envelopeSizes(streamId: number, dataBytes: number): { inner: number; head: number } {
  // Fields at their default (0, empty) are left out, as the generic encoder does.
  const inner =
    (streamId ? 1 + varintBytes(streamId) : 0) + (dataBytes ? 1 + varintBytes(dataBytes) : 0) + dataBytes;
  return { inner, head: 2 + varintBytes(inner) + inner - dataBytes };
}

function writeEnvelopeHead(
  buf: Uint8Array,
  at: number,
  streamId: number,
  dataBytes: number,
  inner: number,
): number {
  buf[at++] = ENVELOPE_TAG_0;
  buf[at++] = ENVELOPE_TAG_1;
  at = writeVarint(buf, at, inner);
  if (streamId) {
    buf[at++] = ID_TAG;
    at = writeVarint(buf, at, streamId);
  }
  if (!dataBytes) return at;
  buf[at++] = DATA_TAG;
  return writeVarint(buf, at, dataBytes);
}

/**
 * The bytes of a StreamData envelope before its payload: the whole frame is this followed by the
 * `dataBytes` of data.
 */
export function streamDataHead(streamId: number, dataBytes: number): Buffer {
  const { inner, head } = envelopeSizes(streamId, dataBytes);
  const buf = Buffer.allocUnsafe(head);
  writeEnvelopeHead(buf, 0, streamId, dataBytes, inner);
  return buf;
}

/**
 * A StreamData frame as one WebSocket binary message (RFC 6455 §5.2, FIN set, no extension bits),
 * less its payload: the WebSocket frame header, then the envelope's head; the payload follows
 * unchanged. `masked`: a client's frame, with an all-zero masking key (the payload stays as it is;
 * the agent's link masks every frame so).
 */
export function streamDataWsHead(streamId: number, dataBytes: number, masked: boolean): Buffer {
  const { inner, head } = envelopeSizes(streamId, dataBytes);
  const message = head + dataBytes;
  const lengthBytes = message < 126 ? 0 : message < 65536 ? 2 : 8;
  const wsHead = 2 + lengthBytes + (masked ? 4 : 0);
  const buf = Buffer.allocUnsafe(wsHead + head);
  buf[0] = 0x82; // FIN, binary
  const maskBit = masked ? 0x80 : 0;
  if (lengthBytes === 0) buf[1] = maskBit | message;
  else if (lengthBytes === 2) {
    buf[1] = maskBit | 126;
    buf.writeUInt16BE(message, 2);
  } else {
    buf[1] = maskBit | 127;
    buf.writeUInt32BE(0, 2);
    buf.writeUInt32BE(message, 6);
  }
  if (masked) buf.writeUInt32BE(0, wsHead - 4);
  writeEnvelopeHead(buf, wsHead, streamId, dataBytes, inner);
  return buf;
}

/** A StreamData frame's stream and payload (a view of the message, not a copy). */
export interface StreamDataView {
  streamId: number;
  data: Uint8Array;
}

function readVarint(buf: Uint8Array, at: number, end: number): [value: number, next: number] | null {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 5 && at < end; i++) {
    const b = buf[at++] as number;
    value += (b & 0x7f) * scale;
    if (b < 0x80) return value > 0xffffffff ? null : [value, at];
    scale *= 128;
  }
  return null;
}

/**
 * The stream id and data of a message that is exactly one StreamData envelope in the layout
 * streamDataHead and the generic encoder write (fields at their default left out); null for anything else (other
 * frames, other field orders, extra fields), which the generic decoder then reads.
 */
export function readStreamData(msg: Uint8Array): StreamDataView | null {
  const end = msg.byteLength;
  if (end < 3 || msg[0] !== ENVELOPE_TAG_0 || msg[1] !== ENVELOPE_TAG_1) return null;
  const inner = readVarint(msg, 2, end);
  if (!inner || inner[1] + inner[0] !== end) return null;
  let at = inner[1];
  let streamId = 0;
  if (msg[at] === ID_TAG) {
    const id = readVarint(msg, at + 1, end);
    if (!id) return null;
    [streamId, at] = id;
  }
  if (at === end) return { streamId, data: msg.subarray(end) };
  if (msg[at] !== DATA_TAG) return null;
  const len = readVarint(msg, at + 1, end);
  if (!len || len[1] + len[0] !== end) return null;
  return { streamId, data: msg.subarray(len[1], end) };
}
