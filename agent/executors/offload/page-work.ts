// What the executors hand to the offload pool, and what a stop means for the job: an extraction
// that does not finish becomes an entry of its extract_errors (the page itself stands, as with any
// extraction problem, docs/actions.md); reader text that does not finish is left out.
import type { Logger } from 'pino';
import { OffloadError, type OffloadLimits } from '../../../common/offload/index.js';
import { PAGE_RESULT_LIMITS } from '../../../proto/index.js';
import { boundExtractErrors } from '../extract/extract.js';
import { mayHaveReader, type ResponseInfo } from '../reader.js';
import type { OffloadPool } from './offload-pool.js';
import type { ExtractInput } from './tasks.js';

/** An extraction's EXTRACT part (JSON) and its errors, finished in a worker (tasks.ts `extract`). */
export async function finishExtractionOffloaded(
  pool: OffloadPool,
  input: Omit<ExtractInput, 'limits'>,
  limits: OffloadLimits,
): Promise<{ part?: Buffer; errors: string[] }> {
  try {
    const done = await pool.run('extract', { ...input, limits: PAGE_RESULT_LIMITS }, limits);
    return done.part ? { part: asBuffer(done.part), errors: done.errors } : { errors: done.errors };
  } catch (err) {
    if (!(err instanceof OffloadError)) throw err;
    // No value: it was not (or not wholly) checked against the schema the caller gave.
    // The page's own errors first, then why it stopped (always kept, within the bound).
    const found = boundExtractErrors(input.found?.errors ?? [], {
      ...PAGE_RESULT_LIMITS,
      maxExtractErrors: PAGE_RESULT_LIMITS.maxExtractErrors - 1,
    });
    return { errors: [...found, `extraction ${err.message}`] };
  }
}

/** A response body's reader text (reader.ts readerFromResponse), or undefined. */
export async function responseReaderOffloaded(
  pool: OffloadPool,
  body: Buffer,
  info: ResponseInfo,
  limits: OffloadLimits,
  log: Logger,
): Promise<Buffer | undefined> {
  if (!mayHaveReader(info.contentType, body.length)) return undefined;
  try {
    const text = await pool.run('readerFromResponse', { body, info }, limits);
    return text ? asBuffer(text) : undefined;
  } catch (err) {
    return noReader(err, log);
  }
}

/** A rendered page's reader text (reader.ts extractReader) as UTF-8, or undefined. */
export async function pageReaderOffloaded(
  pool: OffloadPool,
  html: string,
  url: string,
  limits: OffloadLimits,
  log: Logger,
): Promise<Buffer | undefined> {
  try {
    const text = await pool.run('readerFromHtml', { html, url }, limits);
    return text ? Buffer.from(text, 'utf8') : undefined;
  } catch (err) {
    return noReader(err, log);
  }
}

function noReader(err: unknown, log: Logger): undefined {
  if (!(err instanceof OffloadError)) throw err;
  // A page Readability chokes on, or one it cannot finish in the job's time, simply has no reader view.
  log.debug({ reason: err.code }, `reader text ${err.message}`);
  return undefined;
}

/** A Uint8Array from a worker (structured clone turns a Buffer into one), as a Buffer without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
