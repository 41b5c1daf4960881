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

export function decodeAgentFrame(buf: Uint8Array, maxBytes: number): AgentFrame {
  checkSize(buf, maxBytes);
  let frame: AgentFrame;
  try {
    frame = v1.AgentFrame.decode(buf);
  } catch (cause) {
    throw new FrameError('FRAME_MALFORMED', 'agent frame does not decode', { cause });
  }
  if (!frame.body) throw new FrameError('FRAME_EMPTY', 'agent frame has no body');
  return frame;
}

export function decodeCoordinatorFrame(buf: Uint8Array, maxBytes: number): CoordinatorFrame {
  checkSize(buf, maxBytes);
  let frame: CoordinatorFrame;
  try {
    frame = v1.CoordinatorFrame.decode(buf);
  } catch (cause) {
    throw new FrameError('FRAME_MALFORMED', 'coordinator frame does not decode', { cause });
  }
  if (!frame.body) throw new FrameError('FRAME_EMPTY', 'coordinator frame has no body');
  return frame;
}
