// The bytes of a proxy canary (docs/proxy.md, "Canary streams"), both ways, in one place: the
// request the coordinator sends through an exit (a POST to a fresh nonce with a random form body),
// and the answer the canary endpoint gives it: an HTML page holding the request exactly as the
// endpoint received it (base64) and a payload derived from the nonce with the canary secret. The
// answer is a function of the received request and the secret only (no date, no counter), so the
// coordinator knows every byte it must get back: one byte changed either way shows.
import { createHmac, randomBytes } from 'node:crypto';
import { isNonce } from '../trust/canary-token.js';

/** Largest request head the endpoint reads. */
export const MAX_HEAD_BYTES = 16 * 1024;
/** Largest request body the endpoint reads. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Payload bytes derived from the nonce (base64url text). */
const PAYLOAD_BYTES = 1024;

const ECHO_OPEN = '<pre id="echo">';
const ECHO_CLOSE = '</pre>';

/**
 * The request for `nonce` to the canary URL: what a browser's form post looks like, so that it
 * draws what a rewriting network does to ordinary plain HTTP (headers added, bodies rewritten).
 */
export function canaryRequest(url: URL, nonce: string): Buffer {
  const fields = [
    `q=${randomBytes(24).toString('base64url')}`,
    `t=${randomBytes(12).toString('hex')}`,
    `n=${randomBytes(96).toString('base64url')}`,
  ];
  const body = fields.join('&');
  const base = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const head = [
    `POST ${base}${nonce} HTTP/1.1`,
    `Host: ${url.host}`,
    'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'Accept-Language: en-US,en;q=0.5',
    'Content-Type: application/x-www-form-urlencoded',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'latin1');
}

/** What the endpoint makes of the bytes received so far. */
export type ParsedRequest =
  | { done: false }
  | { done: true; ok: true; nonce: string; length: number }
  | { done: true; ok: false; why: string };

/**
 * Reads a canary request from the bytes received so far: done once the head and the body its
 * Content-Length announces are in (`length`: the request's bytes, head and body); not a canary
 * request (a bad line, no nonce, too large) is done and not ok.
 */
export function parseCanaryRequest(received: Buffer): ParsedRequest {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) {
    return received.byteLength > MAX_HEAD_BYTES
      ? { done: true, ok: false, why: 'request head too large' }
      : { done: false };
  }
  if (end > MAX_HEAD_BYTES) return { done: true, ok: false, why: 'request head too large' };
  const lines = received.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^POST (\/[^ ]*) HTTP\/1\.[01]$/.exec(lines[0] ?? '');
  const nonce = m?.[1]?.split('/').pop() ?? '';
  if (!m || !isNonce(nonce)) return { done: true, ok: false, why: 'not a canary request' };
  let bodyBytes = 0;
  for (const line of lines.slice(1)) {
    const h = /^content-length:\s*(\d{1,6})\s*$/i.exec(line);
    if (h) bodyBytes = Number(h[1]);
  }
  if (bodyBytes > MAX_BODY_BYTES) return { done: true, ok: false, why: 'request body too large' };
  const length = end + 4 + bodyBytes;
  if (received.byteLength < length) return { done: false };
  return { done: true, ok: true, nonce, length };
}

/** The payload the endpoint adds for `nonce`: only a holder of the secret can make it. */
export function canaryPayload(secret: string, nonce: string): string {
  const blocks: Buffer[] = [];
  for (let i = 0, n = 0; n < PAYLOAD_BYTES; i++) {
    const block = createHmac('sha256', secret).update(`proxy-canary ${nonce} ${i}`).digest();
    blocks.push(block);
    n += block.byteLength;
  }
  return Buffer.concat(blocks).subarray(0, PAYLOAD_BYTES).toString('base64url');
}

/** The endpoint's whole answer to `request` (the bytes it received), status line to last byte. */
export function canaryResponse(secret: string, nonce: string, request: Buffer): Buffer {
  const echo = request.toString('base64');
  const body = Buffer.from(
    [
      '<!doctype html>',
      `<html><head><meta charset="utf-8"><title>${nonce.slice(0, 8)}</title></head><body>`,
      `${ECHO_OPEN}${echo}${ECHO_CLOSE}`,
      `<p id="payload">${canaryPayload(secret, nonce)}</p>`,
      `<p id="seal">${seal(secret, nonce, echo)}</p>`,
      '</body></html>',
      '',
    ].join('\n'),
    'latin1',
  );
  const head = [
    'HTTP/1.1 200 OK',
    'Content-Type: text/html; charset=utf-8',
    `Content-Length: ${body.byteLength}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** Binds the echo to the endpoint: a changed echo no longer matches its seal. */
function seal(secret: string, nonce: string, echo: string): string {
  return createHmac('sha256', secret).update(`proxy-canary-echo ${nonce} ${echo}`).digest('base64url');
}

/**
 * Which way an answer that is not the expected one was altered. The seal tells whether the echo
 * is the endpoint's own (the bytes it received): then the request was altered when the echo is
 * not what was sent, and the response when the answer is not the endpoint's answer to that echo.
 * An echo without its seal means the response was altered (the request may have been as well).
 */
export function alteredDirection(
  secret: string,
  nonce: string,
  sent: Buffer,
  received: Buffer,
): 'request' | 'response' | 'both' {
  const text = received.toString('latin1');
  const open = text.indexOf(ECHO_OPEN);
  const close = open < 0 ? -1 : text.indexOf(ECHO_CLOSE, open);
  if (close < 0) return 'response';
  const echo = text.slice(open + ECHO_OPEN.length, close);
  if (!text.includes(`<p id="seal">${seal(secret, nonce, echo)}</p>`)) return 'response';
  const echoed = Buffer.from(echo, 'base64');
  if (echoed.equals(sent)) return 'response';
  return canaryResponse(secret, nonce, echoed).equals(received) ? 'request' : 'both';
}
