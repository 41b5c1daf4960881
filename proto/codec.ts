// Frame encode/decode with size limits. The only importer of gen/.
import { crawl } from './gen/link.js';

const v1 = crawl.link.v1;

export type AgentFrame = crawl.link.v1.AgentFrame;
export type AgentFrameInit = crawl.link.v1.AgentFrame.$Properties;
export type CoordinatorFrame = crawl.link.v1.CoordinatorFrame;
export type CoordinatorFrameInit = crawl.link.v1.CoordinatorFrame.$Properties;

export type Hello = crawl.link.v1.Hello.$Properties;
export type Welcome = crawl.link.v1.Welcome.$Properties;
export type Assign = crawl.link.v1.Assign.$Properties;
export type JobRequest = crawl.link.v1.JobRequest.$Properties;
export type Header = crawl.link.v1.Header.$Properties;
export type InputCookie = crawl.link.v1.InputCookie.$Properties;
export type CookieRecord = crawl.link.v1.CookieRecord.$Properties;
export type RequestOutcome = crawl.link.v1.RequestOutcome.$Properties;
export type PerformanceMetrics = crawl.link.v1.PerformanceMetrics.$Properties;
export type ResultChunk = crawl.link.v1.ResultChunk.$Properties;
export type ResultFinal = crawl.link.v1.ResultFinal.$Properties;
export type PartSummary = crawl.link.v1.PartSummary.$Properties;
export type ResultAck = crawl.link.v1.ResultAck.$Properties;
export type Reject = crawl.link.v1.Reject.$Properties;
export type Cancel = crawl.link.v1.Cancel.$Properties;
export type JobRef = crawl.link.v1.JobRef.$Properties;
export type Location = crawl.link.v1.Location.$Properties;
export type Capabilities = crawl.link.v1.Capabilities.$Properties;
export type OwnerControls = crawl.link.v1.OwnerControls.$Properties;
export type HourWindow = crawl.link.v1.HourWindow.$Properties;
export type Availability = crawl.link.v1.Availability.$Properties;
export type Ping = crawl.link.v1.Ping.$Properties;
export type MeasureRequest = crawl.link.v1.MeasureRequest.$Properties;
export type MeasureResult = crawl.link.v1.MeasureResult.$Properties;
export type MeasurePing = crawl.link.v1.MeasurePing.$Properties;
export type MeasureHop = crawl.link.v1.MeasureHop.$Properties;
export type ActionOutcome = crawl.link.v1.ActionOutcome.$Properties;
export type PdfOptions = crawl.link.v1.PdfOptions.$Properties;
export type MeasureDns = crawl.link.v1.MeasureDns.$Properties;
export type DnsAnswer = crawl.link.v1.DnsAnswer.$Properties;
export type MeasureTls = crawl.link.v1.MeasureTls.$Properties;
export type TlsCertificate = crawl.link.v1.TlsCertificate.$Properties;
export type ProxyOffer = crawl.link.v1.ProxyOffer.$Properties;
export type StreamOpen = crawl.link.v1.StreamOpen.$Properties;
export type StreamOpened = crawl.link.v1.StreamOpened.$Properties;
export type StreamData = crawl.link.v1.StreamData.$Properties;
export type StreamCredit = crawl.link.v1.StreamCredit.$Properties;
export type StreamClose = crawl.link.v1.StreamClose.$Properties;
export type UpgradeOffer = crawl.link.v1.UpgradeOffer.$Properties;
export type UpgradeReport = crawl.link.v1.UpgradeReport.$Properties;

export const ContentPart = v1.ContentPart;
export type ContentPart = crawl.link.v1.ContentPart;
export const RejectReason = v1.RejectReason;
export type RejectReason = crawl.link.v1.RejectReason;
export const MeasureType = v1.MeasureType;
export type MeasureType = crawl.link.v1.MeasureType;
export const MeasureProtocol = v1.MeasureProtocol;
export type MeasureProtocol = crawl.link.v1.MeasureProtocol;

/** Thrown for a frame that is too large or does not decode; `code` is stable. */
export class FrameError extends Error {
  readonly code: 'FRAME_TOO_LARGE' | 'FRAME_MALFORMED' | 'FRAME_EMPTY';
  constructor(code: FrameError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FrameError';
    this.code = code;
  }
}

function checkSize(buf: Uint8Array, maxBytes: number): void {
  if (buf.byteLength > maxBytes) {
    throw new FrameError('FRAME_TOO_LARGE', `frame of ${buf.byteLength} bytes exceeds ${maxBytes}`);
  }
}

export function encodeAgentFrame(frame: AgentFrameInit): Uint8Array {
  return v1.AgentFrame.encode(frame).finish();
}

export function encodeCoordinatorFrame(frame: CoordinatorFrameInit): Uint8Array {
  return v1.CoordinatorFrame.encode(frame).finish();
}

/**
 * Decodes one frame that is not a batch. A batch is split first (splitFrameBatch) and each of its
 * frames decoded here, as if it had come alone; so a batch inside a batch, or a batch that is not
 * the frame's only field (which splitFrameBatch does not recognise), is refused here.
 */
export function decodeAgentFrame(buf: Uint8Array, maxBytes: number): AgentFrame {
  checkSize(buf, maxBytes);
  let frame: AgentFrame;
  try {
    frame = v1.AgentFrame.decode(buf);
  } catch (cause) {
    throw new FrameError('FRAME_MALFORMED', 'agent frame does not decode', { cause });
  }
  if (!frame.body) throw new FrameError('FRAME_EMPTY', 'agent frame has no body');
  if (frame.body === 'batch') throw new FrameError('FRAME_MALFORMED', 'a batch must be alone and not nested');
  return frame;
}

/** As decodeAgentFrame, for the coordinator's frames. */
export function decodeCoordinatorFrame(buf: Uint8Array, maxBytes: number): CoordinatorFrame {
  checkSize(buf, maxBytes);
  let frame: CoordinatorFrame;
  try {
    frame = v1.CoordinatorFrame.decode(buf);
  } catch (cause) {
    throw new FrameError('FRAME_MALFORMED', 'coordinator frame does not decode', { cause });
  }
  if (!frame.body) throw new FrameError('FRAME_EMPTY', 'coordinator frame has no body');
  if (frame.body === 'batch') throw new FrameError('FRAME_MALFORMED', 'a batch must be alone and not nested');
  return frame;
}

// ---------------------------------------------------------------- batches (field 20, both ways)
//
// AgentFrame.batch and CoordinatorFrame.batch share one layout: field 20 (length-delimited) holding
// field 1 (length-delimited) once per frame. Both are written and split here byte by byte, so the
// frames of a batch are the bytes they would have been alone (a result read back from the spool is
// not decoded and encoded again) and are decoded one by one, each as if it had come alone.

/** Most frames one batch carries, either way; a batch of more is refused (FRAME_TOO_LARGE). */
export const MAX_BATCH_FRAMES = 256;
/** Frames larger than this always go alone (content chunks, large results): batching saves nothing. */
export const MAX_BATCHED_FRAME_BYTES = 64 * 1024;
/** Bytes a batch adds to each of its frames at most (tag and length), and to the whole at most. */
export const BATCH_FRAME_OVERHEAD_BYTES = 6;
export const BATCH_OVERHEAD_BYTES = 7;

/** Field 20, wire type 2: (20 << 3) | 2 = 162, a two-byte varint. */
const BATCH_TAG_0 = 0xa2;
const BATCH_TAG_1 = 0x01;
/** Field 1, wire type 2. */
const MEMBER_TAG = 0x0a;

function varintBytes(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

function writeVarint(out: Uint8Array, at: number, n: number): number {
  let v = n;
  let pos = at;
  while (v >= 0x80) {
    out[pos++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[pos++] = v;
  return pos;
}

/** Encoded frames (of one direction) as one batch frame, in order. */
export function encodeFrameBatch(frames: readonly Uint8Array[]): Uint8Array {
  let inner = 0;
  for (const f of frames) inner += 1 + varintBytes(f.byteLength) + f.byteLength;
  const out = new Uint8Array(2 + varintBytes(inner) + inner);
  out[0] = BATCH_TAG_0;
  out[1] = BATCH_TAG_1;
  let pos = writeVarint(out, 2, inner);
  for (const f of frames) {
    out[pos++] = MEMBER_TAG;
    pos = writeVarint(out, pos, f.byteLength);
    out.set(f, pos);
    pos += f.byteLength;
  }
  return out;
}

/** Reads a varint of at most 32 bits at `at`; [value, next position]. */
function readVarint(buf: Uint8Array, at: number, end: number): [number, number] {
  let value = 0;
  let pos = at;
  for (let shift = 0; shift < 35; shift += 7) {
    if (pos >= end) break;
    const b = buf[pos++] as number;
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) {
      if (value > 0xffffffff) break;
      return [value, pos];
    }
  }
  throw new FrameError('FRAME_MALFORMED', 'batch length does not decode');
}

/**
 * The frames of a batch frame, as slices of `buf` (decode each with decodeAgentFrame or
 * decodeCoordinatorFrame); null when `buf` is not a batch. A batch frame holds field 20 and nothing
 * else, and field 20 holds field 1 and nothing else: anything else is FRAME_MALFORMED, more than
 * `maxFrames` frames FRAME_TOO_LARGE, an empty batch FRAME_EMPTY.
 */
export function splitFrameBatch(buf: Uint8Array, maxBytes: number, maxFrames: number): Uint8Array[] | null {
  if (buf.byteLength < 2 || buf[0] !== BATCH_TAG_0 || buf[1] !== BATCH_TAG_1) return null;
  checkSize(buf, maxBytes);
  const end = buf.byteLength;
  const [inner, start] = readVarint(buf, 2, end);
  if (start + inner !== end)
    throw new FrameError('FRAME_MALFORMED', 'a batch must be its frame’s only field');
  const frames: Uint8Array[] = [];
  let pos = start;
  while (pos < end) {
    if (buf[pos] !== MEMBER_TAG) throw new FrameError('FRAME_MALFORMED', 'a batch holds frames only');
    const [len, at] = readVarint(buf, pos + 1, end);
    if (at + len > end) throw new FrameError('FRAME_MALFORMED', 'batch frame overruns the batch');
    if (frames.length >= maxFrames) {
      throw new FrameError('FRAME_TOO_LARGE', `batch of more than ${maxFrames} frames`);
    }
    frames.push(buf.subarray(at, at + len));
    pos = at + len;
  }
  if (frames.length === 0) throw new FrameError('FRAME_EMPTY', 'batch holds no frame');
  return frames;
}
