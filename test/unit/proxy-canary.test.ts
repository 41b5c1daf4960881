// The proxy canary's bytes (coordinator/proxy/canary-wire.ts) and its settings: the endpoint's
// answer is fixed by the request it received and the secret, so the coordinator can compare every
// byte; an answer altered either way is told apart by the seal on the echo; the flags are checked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadCoordinatorConfig } from '../../coordinator/config.js';
import {
  alteredDirection,
  canaryPayload,
  canaryRequest,
  canaryResponse,
  parseCanaryRequest,
} from '../../coordinator/proxy/canary-wire.js';
import { newNonce } from '../../coordinator/trust/canary-token.js';

const SECRET = 'unit-secret';
const URL_ = new URL('http://canary.example:80/c/');

/** `from` written over with `to` (same length), once. */
function swap(buf: Buffer, from: string, to: string): Buffer {
  const at = buf.indexOf(from, 0, 'latin1');
  assert.ok(at >= 0, `${from} is there`);
  const out = Buffer.from(buf);
  out.write(to, at, 'latin1');
  return out;
}

describe('proxy canary wire', () => {
  it('the endpoint reads the request whole, in any split, and answers it deterministically', () => {
    const nonce = newNonce();
    const request = canaryRequest(URL_, nonce);
    assert.match(
      request.toString('latin1'),
      new RegExp(`^POST /c/${nonce} HTTP/1\\.1\\r\\nHost: canary\\.example\\r\\n`),
    );
    for (const cut of [1, 20, request.indexOf('\r\n\r\n') + 2, request.byteLength - 1]) {
      assert.deepEqual(parseCanaryRequest(request.subarray(0, cut)), { done: false }, `cut at ${cut}`);
    }
    const parsed = parseCanaryRequest(Buffer.concat([request, Buffer.from('trailing')]));
    assert.deepEqual(parsed, { done: true, ok: true, nonce, length: request.byteLength });
    const answer = canaryResponse(SECRET, nonce, request);
    assert.ok(answer.equals(canaryResponse(SECRET, nonce, request)), 'the same request, the same bytes');
    assert.ok(answer.includes(request.toString('base64')), 'the request echoed');
    assert.ok(answer.includes(canaryPayload(SECRET, nonce)), 'the payload');
    const length = Number(/Content-Length: (\d+)/.exec(answer.toString('latin1'))?.[1]);
    assert.equal(length, answer.byteLength - answer.indexOf('\r\n\r\n') - 4);
  });

  it('the payload needs the secret, and differs per nonce', () => {
    const nonce = newNonce();
    assert.notEqual(canaryPayload(SECRET, nonce), canaryPayload('another', nonce));
    assert.notEqual(canaryPayload(SECRET, nonce), canaryPayload(SECRET, newNonce()));
    assert.equal(Buffer.from(canaryPayload(SECRET, nonce), 'base64url').byteLength, 1024);
  });

  it('refuses what is not a canary request', () => {
    const bad = (s: string) => parseCanaryRequest(Buffer.from(s, 'latin1'));
    assert.deepEqual(bad('GET /x HTTP/1.1\r\n\r\n'), { done: true, ok: false, why: 'not a canary request' });
    assert.deepEqual(bad('POST /short HTTP/1.1\r\n\r\n'), {
      done: true,
      ok: false,
      why: 'not a canary request',
    });
    assert.deepEqual(bad(`POST /${newNonce()} HTTP/1.1\r\nContent-Length: 999999\r\n\r\n`), {
      done: true,
      ok: false,
      why: 'request body too large',
    });
    assert.deepEqual(parseCanaryRequest(Buffer.alloc(17 * 1024, 0x61)), {
      done: true,
      ok: false,
      why: 'request head too large',
    });
  });

  it('tells which way an answer was altered', () => {
    const nonce = newNonce();
    const request = canaryRequest(URL_, nonce);
    const answer = canaryResponse(SECRET, nonce, request);
    // A header written over on the way to the endpoint: it echoes (and seals) what it received.
    const alteredRequest = swap(request, 'Accept-Language: en-US', 'X-Track: 0123456789abcd');
    const toAltered = canaryResponse(SECRET, nonce, alteredRequest);
    assert.equal(alteredDirection(SECRET, nonce, request, toAltered), 'request');
    // The page rewritten on the way back.
    assert.equal(alteredDirection(SECRET, nonce, request, swap(answer, '</body>', '<s.js/>')), 'response');
    // The echo itself rewritten on the way back: its seal no longer matches.
    const echo = request.toString('base64');
    const forged = swap(answer, echo.slice(0, 8), echo.slice(0, 7) + (echo[7] === 'A' ? 'B' : 'A'));
    assert.equal(alteredDirection(SECRET, nonce, request, forged), 'response');
    // Both ways.
    assert.equal(alteredDirection(SECRET, nonce, request, swap(toAltered, '</body>', '<s.js/>')), 'both');
  });
});

describe('proxy canary settings', () => {
  const load = (flags: string[]) => loadCoordinatorConfig(flags, {});
  it('off by default; on with --proxy-canary-addr beside --proxy-addr', () => {
    assert.equal(load(['--proxy-addr', '127.0.0.1:0']).proxy.canary, null);
    const c = load([
      '--proxy-addr',
      '127.0.0.1:0',
      '--proxy-canary-addr',
      '0.0.0.0:80',
      '--proxy-canary-url',
      'http://canary.example/',
    ]).proxy.canary;
    assert.deepEqual(c, {
      listen: { host: '0.0.0.0', port: 80 },
      url: 'http://canary.example',
      intervalMs: 30 * 60_000,
      share: 0.001,
    });
  });

  it('refuses a canary without the proxy, an https URL, a bad address or share', () => {
    const problems = (flags: string[]) => {
      try {
        load(flags);
        return [];
      } catch (err) {
        assert.ok(err instanceof ConfigError);
        return err.problems;
      }
    };
    assert.deepEqual(problems(['--proxy-canary-addr', '127.0.0.1:0']), [
      'proxy-canary-addr: needs --proxy-addr',
    ]);
    const p = ['--proxy-addr', '127.0.0.1:0'];
    assert.deepEqual(
      problems([...p, '--proxy-canary-addr', '127.0.0.1:0', '--proxy-canary-url', 'https://x.example']),
      ['proxy-canary-url: expected a plain http:// URL, got "https://x.example"'],
    );
    assert.deepEqual(problems([...p, '--proxy-canary-addr', 'nope']), [
      'proxy-canary-addr: expected host:port, got "nope"',
    ]);
    assert.deepEqual(problems([...p, '--proxy-canary-url', 'http://x.example']), [
      'proxy-canary-url: needs --proxy-canary-addr',
    ]);
    assert.deepEqual(problems([...p, '--proxy-canary-addr', '127.0.0.1:0', '--proxy-canary-share', '2']), [
      'proxy-canary-share: expected a number from 0 to 1, got "2"',
    ]);
  });
});
