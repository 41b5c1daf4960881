// Turns an executor's outcome into the frames that carry it: content chunks, then the final frame.
import { type AgentFrameInit, ContentPart, encodeAgentFrame, type PartSummary } from '../../proto/index.js';
import type { ExecContent, ExecOutcome } from '../executors/types.js';

const PARTS: Array<[keyof ExecContent, ContentPart]> = [
  ['body', ContentPart.CONTENT_PART_BODY],
  ['fullPage', ContentPart.CONTENT_PART_FULL_PAGE],
  ['screenshot', ContentPart.CONTENT_PART_SCREENSHOT],
  ['reader', ContentPart.CONTENT_PART_READER],
];

export function resultFrames(
  jobId: string,
  attempt: number,
  outcome: ExecOutcome,
  chunkBytes: number,
): Uint8Array[] {
  const frames: Uint8Array[] = [];
  const summaries: PartSummary[] = [];
  for (const [name, part] of PARTS) {
    const data = outcome.content[name];
    if (!data) continue;
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
  frames.push(
    encodeAgentFrame({
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
        parts: summaries,
        requestCookies: outcome.requestCookies,
        responseCookies: outcome.responseCookies,
        performance: outcome.performance ?? null,
        requestResults: outcome.requestResults,
        contentType: outcome.contentType,
      },
    }),
  );
  return frames;
}
