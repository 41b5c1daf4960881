// The one place the agent converts between the wire and its own values: an Assign becomes an
// AssignedJob (an executor request plus its deadline), an executor outcome becomes result frames,
// a refusal becomes a Reject, the owner's controls become their wire form. Handlers see domain values.
import {
  type AgentFrameInit,
  type Assign,
  DEFAULT_MAX_CHUNK_BYTES,
  DEFAULT_MAX_FRAME_BYTES,
  encodeAgentFrame,
  measureTypeName,
  measureUrl,
  type OwnerControls,
  PageOptionsError,
  type PartSummary,
  parsePageOptions,
  partOf,
  RejectReason,
  type Welcome,
} from '../../proto/index.js';
import type { ExecContent, ExecOutcome, ExecRequest } from '../executors/types.js';
import type { OwnerSnapshot } from '../owner/owner-state.js';

/** A job as the agent handles it: what to run, and when the coordinator stops waiting for it. */
export interface AssignedJob {
  jobId: string;
  attempt: number;
  /** Coordinator clock, epoch ms, after which it gives up on this attempt; 0 when not given. */
  deadlineMs: number;
  request: ExecRequest;
  /** W3C context of the coordinator's dispatch span; empty when the coordinator does not trace. */
  traceParent: string;
  traceState: string;
}

/** Why the agent refuses an assignment. */
export type Refusal = 'draining' | 'spool_full' | 'busy' | 'unsupported' | 'expired' | 'owner' | 'invalid';

/** What the Welcome tells the agent about the link. */
export interface LinkParams {
  /** Size of one content chunk: the coordinator's choice, capped so a chunk frame fits its frame limit. */
  chunkBytes: number;
  /** Largest frame the coordinator accepts. */
  maxFrameBytes: number;
  /** Coordinator clock minus ours (ms), estimated at the welcome; converts deadlines. */
  clockOffsetMs: number;
  /** The coordinator takes parts inline in the final frame (Welcome.inline_parts). */
  inlineParts: boolean;
}

/** Room a chunk frame needs besides its data (ids, tags, lengths). */
const CHUNK_OVERHEAD_BYTES = 1024;
const MIN_CHUNK_BYTES = 1024;

export function jobFromAssign(a: Assign, defaults: { deviceType: string }): AssignedJob {
  const req = a.request ?? {};
  const jobId = a.jobId ?? '';
  const attempt = a.attempt ?? 0;
  // A measurement's URL is derived from its target, whatever the coordinator put there, so the
  // owner's domain lists and the URL log judge what is actually measured.
  const measureType = req.measure ? measureTypeName(req.measure.type) : undefined;
  const url =
    req.measure && measureType ? measureUrl(measureType, req.measure.target ?? '') : (req.url ?? '');
  return {
    jobId,
    attempt,
    deadlineMs: Number(a.deadlineMs ?? 0),
    traceParent: a.traceParent ?? '',
    traceState: a.traceState ?? '',
    request: {
      jobId,
      attempt,
      method: req.method || 'GET',
      url,
      timeoutMs: req.timeoutMs || 30_000,
      headers: (req.headers ?? []).map((h) => ({ name: h.name ?? '', value: h.value ?? '' })),
      body: Buffer.from(req.body ?? new Uint8Array(0)),
      cookies: req.cookies ?? [],
      sessionId: req.sessionId ?? '',
      deviceType: req.deviceType || defaults.deviceType,
      ...(req.measure ? { measure: req.measure } : {}),
      ...pageOf(req, req.method || 'GET', req.timeoutMs || 30_000),
      ...(req.collectLinks ? { collectLinks: true } : {}),
    },
  };
}

/**
 * The page options the wire carried, checked with the same parser as the coordinator's API: a
 * coordinator is not trusted to keep the bounds. A refusal becomes `pageError` (rejected invalid).
 */
function pageOf(
  req: NonNullable<Assign['request']>,
  method: string,
  timeoutMs: number,
): Pick<ExecRequest, 'page' | 'pageError'> {
  if (!req.actionsJson && !req.extractJson && !req.har && !req.pdf && !req.audits?.length) return {};
  try {
    const body: Record<string, unknown> = {
      actions: req.actionsJson ? JSON.parse(req.actionsJson) : undefined,
      extract: req.extractJson ? JSON.parse(req.extractJson) : undefined,
      har: req.har || undefined,
      pdf: req.pdf
        ? {
            format: req.pdf.format || 'A4',
            landscape: !!req.pdf.landscape,
            print_background: !!req.pdf.printBackground,
          }
        : undefined,
      audits: req.audits?.length ? req.audits : undefined,
    };
    return { page: parsePageOptions(body, method, timeoutMs) };
  } catch (err) {
    if (err instanceof PageOptionsError || err instanceof SyntaxError) return { pageError: err.message };
    throw err;
  }
}

export function linkParamsFromWelcome(w: Welcome, receivedAtMs: number): LinkParams {
  const maxFrameBytes = Number(w.maxFrameBytes) || DEFAULT_MAX_FRAME_BYTES;
  const wanted = Math.min(Number(w.maxChunkBytes) || DEFAULT_MAX_CHUNK_BYTES, DEFAULT_MAX_CHUNK_BYTES);
  const chunkBytes = Math.max(MIN_CHUNK_BYTES, Math.min(wanted, maxFrameBytes - CHUNK_OVERHEAD_BYTES));
  const serverTimeMs = Number(w.serverTimeMs ?? 0);
  return {
    chunkBytes,
    maxFrameBytes,
    clockOffsetMs: serverTimeMs > 0 ? serverTimeMs - receivedAtMs : 0,
    inlineParts: w.inlineParts === true,
  };
}

const REJECT_REASONS: Record<Refusal, RejectReason> = {
  draining: RejectReason.REJECT_REASON_DRAINING,
  spool_full: RejectReason.REJECT_REASON_SPOOL_FULL,
  busy: RejectReason.REJECT_REASON_BUSY,
  unsupported: RejectReason.REJECT_REASON_UNSUPPORTED,
  expired: RejectReason.REJECT_REASON_INVALID,
  owner: RejectReason.REJECT_REASON_OWNER_POLICY,
  invalid: RejectReason.REJECT_REASON_INVALID,
};

export function rejectFrame(
  job: { jobId: string; attempt: number },
  why: Refusal,
  message: string,
): AgentFrameInit {
  return { reject: { jobId: job.jobId, attempt: job.attempt, reason: REJECT_REASONS[why], message } };
}

export function acceptFrame(job: { jobId: string; attempt: number }): AgentFrameInit {
  return { accept: { jobId: job.jobId, attempt: job.attempt } };
}

export function ownerControlsToWire(o: OwnerSnapshot, now: Date): OwnerControls {
  return {
    maxJobsPerMinute: o.maxJobsPerMinute,
    maxBytesPerDay: o.maxBytesPerDay,
    allowedHours: o.allowedHours.map((w) => ({ startMinute: w.startMinute, endMinute: w.endMinute })),
    // getTimezoneOffset is UTC minus local; the wire carries local minus UTC.
    utcOffsetMinutes: -now.getTimezoneOffset(),
    allowDomains: o.allowDomains,
    denyDomains: o.denyDomains,
    paused: o.paused,
    bytesToday: o.bytesToday,
    proxy: o.proxy,
  };
}

/** The executor's content fields and the wire parts they travel as (names from proto/parts.ts). */
const PARTS: Array<[keyof ExecContent, number]> = [
  ['body', partOf('body')],
  ['fullPage', partOf('full_page')],
  ['screenshot', partOf('screenshot')],
  ['reader', partOf('reader')],
  ['har', partOf('har')],
  ['pdf', partOf('pdf')],
  ['lighthouse', partOf('lighthouse')],
  ['extract', partOf('extract')],
  ['actionScreenshots', partOf('action_screenshots')],
];

/**
 * Parts up to this size ride inline in the final frame (`PartSummary.inline_data`, `chunks = 0`)
 * instead of in chunk frames: a small job's result is one frame instead of three.
 */
export const INLINE_MAX_BYTES = 64 * 1024;

/**
 * An outcome as the frames that carry it: the final frame alone when every part fits inline, else
 * content chunks, then the final frame. Inline parts are at most `min(INLINE_MAX_BYTES, chunkBytes)`
 * each, and the whole final frame at most `chunkBytes + CHUNK_OVERHEAD_BYTES` (which the link
 * parameters keep under the coordinator's frame limit); past that, or when the coordinator does not
 * take inline parts (`inline` false), every part goes in chunks.
 */
export function resultFrames(
  jobId: string,
  attempt: number,
  outcome: ExecOutcome,
  chunkBytes: number,
  inline: boolean,
): Uint8Array[] {
  const inlineMax = Math.min(INLINE_MAX_BYTES, chunkBytes);
  const present = PARTS.flatMap(([name, part]) => {
    const data = outcome.content[name];
    return data ? [{ part, data }] : [];
  });
  if (inline && present.every((p) => p.data.byteLength <= inlineMax)) {
    const final = finalFrame(
      jobId,
      attempt,
      outcome,
      present.map(({ part, data }) => ({ part, chunks: 0, bytes: data.byteLength, inlineData: data })),
    );
    if (final.byteLength <= chunkBytes + CHUNK_OVERHEAD_BYTES) return [final];
  }
  const frames: Uint8Array[] = [];
  const summaries: PartSummary[] = [];
  for (const { part, data } of present) {
    let index = 0;
    for (let off = 0; off < data.byteLength || index === 0; off += chunkBytes) {
      const chunk: AgentFrameInit = {
        chunk: {
          jobId,
          attempt,
          part,
          index,
          data: data.subarray(off, Math.min(off + chunkBytes, data.byteLength)),
        },
      };
      frames.push(encodeAgentFrame(chunk));
      index++;
      if (data.byteLength === 0) break;
    }
    summaries.push({ part, chunks: index, bytes: data.byteLength });
  }
  frames.push(finalFrame(jobId, attempt, outcome, summaries));
  return frames;
}

function finalFrame(jobId: string, attempt: number, outcome: ExecOutcome, parts: PartSummary[]): Uint8Array {
  return encodeAgentFrame({
    result: {
      jobId,
      attempt,
      success: outcome.success,
      statusCode: outcome.statusCode,
      responseHeaders: outcome.responseHeaders,
      requestHeaders: outcome.requestHeaders,
      timeUs: Math.round(outcome.timeUs),
      sizeBytes: outcome.sizeBytes,
      tlsVersion: outcome.tlsVersion,
      tlsCipher: outcome.tlsCipher,
      errorType: outcome.errorType,
      errorMessage: outcome.errorMessage,
      startedAtMs: outcome.startedAtMs,
      finalUrl: outcome.finalUrl,
      parts,
      requestCookies: outcome.requestCookies,
      responseCookies: outcome.responseCookies,
      performance: outcome.performance ?? null,
      requestResults: outcome.requestResults,
      contentType: outcome.contentType,
      contentEncoding: outcome.contentEncoding ?? '',
      network: outcome.network ?? null,
      measure: outcome.measure ?? null,
      actions: outcome.actions ?? [],
      extractErrors: outcome.extractErrors ?? [],
      lighthouseJson: outcome.lighthouseJson ?? '',
      links: outcome.links ?? [],
    },
  });
}
