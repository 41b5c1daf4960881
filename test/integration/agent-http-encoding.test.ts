// The HTTP executor decodes Content-Encoding before storing (bounded), and a target that answers
// something that is not HTTP is an invalid_response, never a connect error.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { HttpExecutor } from '../../agent/executors/http.js';
import type { ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';

const TEXT = 'The harbour lights were lit an hour before dusk. '.repeat(200);
const LIMIT_BYTES = 64 * 1024;

function job(url: string): ExecRequest {
  return {
    jobId: `enc-${Math.random()}`,
    attempt: 1,
    method: 'GET',
    url,
    timeoutMs: 10_000,
    headers: [],
    body: Buffer.alloc(0),
    cookies: [],
    sessionId: '',
    deviceType: 'server',
  };
}

const ctx = () => ({ signal: new AbortController().signal, log: pino({ level: 'silent' }) });

describe('HTTP executor: content encodings', () => {
  let server: http.Server;
  let base: string;
  const executor = new HttpExecutor({
    policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
    maxBodyBytes: LIMIT_BYTES,
  });
  const bodies: Record<string, [string, Buffer]> = {
    '/gzip': ['gzip', zlib.gzipSync(TEXT)],
    '/deflate': ['deflate', zlib.deflateSync(TEXT)],
    '/deflate-raw': ['deflate', zlib.deflateRawSync(TEXT)],
    '/br': ['br', zlib.brotliCompressSync(TEXT)],
    '/gzip-then-br': ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(TEXT))],
    '/lying': ['gzip', Buffer.from('this was never gzip, whatever the header says')],
    '/truncated': ['br', zlib.brotliCompressSync(TEXT).subarray(0, 40)],
    // 8 MiB of zeros in about 8 KiB: far past the 64 KiB limit once decoded.
    '/bomb': ['gzip', zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024))],
    '/zstd': ['zstd', Buffer.from('opaque')],
  };
  before(async () => {
    server = http.createServer((req, res) => {
      const entry = bodies[req.url ?? ''];
      if (!entry) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': entry[0] });
      res.end(entry[1]);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  after(async () => {
    await executor.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  for (const path of ['/gzip', '/deflate', '/deflate-raw', '/br', '/gzip-then-br']) {
    it(`stores ${path} decoded and records the encoding`, async () => {
      const out = await executor.execute(job(`${base}${path}`), ctx());
      assert.equal(out.errorMessage, '');
      assert.equal(out.success, true);
      assert.equal(out.content.body?.toString('utf8'), TEXT);
      assert.equal(out.sizeBytes, Buffer.byteLength(TEXT));
      assert.equal(out.contentEncoding, bodies[path]?.[0]);
      assert.equal(out.transferBytes, bodies[path]?.[1].length);
    });
  }

  for (const path of ['/lying', '/truncated']) {
    it(`a body that does not decode (${path}) is invalid_response`, async () => {
      const out = await executor.execute(job(`${base}${path}`), ctx());
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'invalid_response');
      assert.match(out.errorMessage, /^invalid response: body does not decode as (gzip|br)$/);
      assert.equal(out.statusCode, 200);
    });
  }

  it('a compression bomb stops at the body limit and is too_large', async () => {
    const out = await executor.execute(job(`${base}/bomb`), ctx());
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'too_large');
    assert.equal(out.errorMessage, `Response body exceeds the limit of ${LIMIT_BYTES} bytes`);
    assert.equal(out.content.body, undefined);
  });

  it('an encoding the agent does not decode is kept as received, with the target’s header', async () => {
    const out = await executor.execute(job(`${base}/zstd`), ctx());
    assert.equal(out.success, true);
    assert.equal(out.content.body?.toString(), 'opaque');
    // Not removed here, so not reported as removed: the body still carries the header's encoding.
    assert.equal(out.contentEncoding, '');
    assert.ok(
      out.responseHeaders.some(
        (h) => (h.name ?? '').toLowerCase() === 'content-encoding' && h.value === 'zstd',
      ),
    );
  });
});

describe('HTTP executor: a target that does not speak HTTP', () => {
  let garbage: net.Server;
  let url: string;
  before(async () => {
    garbage = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.6 definitely not http\r\n\r\n'));
    });
    await new Promise<void>((r) => garbage.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(garbage.address() as net.AddressInfo).port}/`;
  });
  after(() => new Promise((r) => garbage.close(r)));

  it('is invalid_response with the parser message, not connect', async () => {
    const executor = new HttpExecutor({
      policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
      maxBodyBytes: LIMIT_BYTES,
    });
    const out = await executor.execute(job(url), ctx());
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'invalid_response');
    assert.match(out.errorMessage, /^invalid response: Response does not match the HTTP\/1\.1 protocol/);
    assert.doesNotMatch(out.errorMessage, /undefined/);
    await executor.close();
  });
});
