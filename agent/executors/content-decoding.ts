// Content-Encoding on the agent: gzip, deflate and br bodies are decoded before they are stored, so
// the coordinator and its clients always get the representation itself. Decoding is bounded: a body
// that would grow past the limit stops there (a small compressed "bomb" cannot fill memory).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ContentDecodingError } from '../errors.js';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

/** Encodings decoded here; any other (zstd, compress...) leaves the body as received. */
const KNOWN = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

export type DecodeResult =
  | { kind: 'decoded'; body: Buffer }
  | { kind: 'too_large' }
  /** An encoding this agent does not decode: the body is kept as received. */
  | { kind: 'kept' };

/** `gzip, br` → ['gzip', 'br'] (in the order they were applied); identity dropped. */
export function parseContentEncoding(header: string): string[] {
  return header
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
}

/**
 * Undoes every listed encoding, last applied first, each step bounded by `maxBytes`. Rejects with
 * ContentDecodingError (error type invalid_response) when the bytes are not what the header claims.
 */
export async function decodeBody(body: Buffer, encodings: string[], maxBytes: number): Promise<DecodeResult> {
  if (encodings.length === 0 || body.length === 0) return { kind: 'decoded', body };
  if (!encodings.every((e) => KNOWN.has(e))) return { kind: 'kept' };
  let current = body;
  for (const encoding of [...encodings].reverse()) {
    try {
      current = await decodeOne(current, encoding, maxBytes);
    } catch (err) {
      if (tooLarge(err)) return { kind: 'too_large' };
      throw new ContentDecodingError(encoding, err);
    }
  }
  return { kind: 'decoded', body: current };
}

function decodeOne(body: Buffer, encoding: string, maxBytes: number): Promise<Buffer> {
  const options = { maxOutputLength: maxBytes };
  if (encoding === 'br') return brotli(body, options);
  if (encoding === 'deflate') {
    // Servers send both the zlib-wrapped form the RFC names and bare deflate data; a zlib header is
    // two bytes whose value is a multiple of 31 with compression method 8.
    const wrapped = body.length >= 2 && (body[0] ?? 0) % 16 === 8 && body.readUInt16BE(0) % 31 === 0;
    return wrapped ? inflate(body, options) : inflateRaw(body, options);
  }
  return gunzip(body, options);
}

/** zlib's error for output past maxOutputLength. */
function tooLarge(err: unknown): boolean {
  return err instanceof RangeError && (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
}
