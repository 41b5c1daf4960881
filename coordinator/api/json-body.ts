// The JSON body parser: an empty body is "no body", and nesting is bounded by a linear scan before
// JSON.parse, so a hostile `[[[[…]]]]` is refused up front instead of overflowing the stack later
// (in validation, in handlers, or when an id is echoed back).
import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors.js';

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 32;

/** Greatest nesting depth of the JSON text `text`, counting brackets outside strings. */
export function jsonDepth(text: string, stopAboveDepth = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAboveDepth) return max;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  // Clients send `Content-Type: application/json` with an empty body on close; that is no error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(invalid(`body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalid('body is not valid JSON'), undefined);
    }
  });
}
