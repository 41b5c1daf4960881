// The HTTP executor against the local target (HTTP and HTTPS on 127.0.0.1). Host names are resolved by
// injected resolvers, so no real DNS query and no connection ever leaves loopback.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { HttpExecutor } from '../../agent/executors/http.js';
import type { ExecContext, ExecOutcome, ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy, type NetworkPolicy, type Resolver } from '../../agent/policy/index.js';
import { startTargetServer, type TargetServer, TLS_CERT } from '../helpers/target-server.js';

const LAB = ['127.0.0.0/8'];
const silent = pino({ level: 'silent' });

function tableResolver(table: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

let jobCounter = 0;
function job(url: string, over: Partial<ExecRequest> = {}): ExecRequest {
  jobCounter++;
  return {
    jobId: `job-${jobCounter}`,
    attempt: 1,
    method: 'GET',
    url,
    timeoutMs: 10_000,
    headers: [],
    body: Buffer.alloc(0),
    cookies: [],
    sessionId: '',
    deviceType: 'server',
    ...over,
  };
}

function ctx(signal: AbortSignal = new AbortController().signal): ExecContext {
  return { signal, log: silent };
}

interface Echo {
  method: string;
  headers: Record<string, string | string[]>;
  rawHeaders: string[];
  bodyBase64: string;
}

function echo(outcome: ExecOutcome): Echo {
  assert.equal(outcome.errorMessage, '');
  assert.equal(outcome.statusCode, 200);
  return JSON.parse(outcome.content.body?.toString('utf8') ?? '{}') as Echo;
}

describe('HTTP executor', () => {
  let target: TargetServer;
  let lab: HttpExecutor;
  const resolver = tableResolver({ localhost: ['127.0.0.1'], 'internal.test': ['10.0.0.1'] });

  function executor(policy: NetworkPolicy, extra: { maxBodyBytes?: number; maxRedirects?: number } = {}) {
    return new HttpExecutor({
      policy,
      maxBodyBytes: extra.maxBodyBytes ?? 1_000_000,
      ca: [TLS_CERT],
      ...extra,
    });
  }

  before(async () => {
    target = await startTargetServer();
    lab = executor(createNetworkPolicy({ allowCidrs: LAB, resolver }));
  });
  after(async () => {
    await lab.close();
    await target.close();
  });

  describe('methods, headers, bodies', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
      it(`sends ${method}`, async () => {
        const out = await lab.execute(job(`${target.httpUrl}/echo`, { method }), ctx());
        assert.equal(out.success, true);
        assert.equal(echo(out).method, method);
      });
    }

    it('sends HEAD and reads no body', async () => {
      const out = await lab.execute(job(`${target.httpUrl}/echo`, { method: 'HEAD' }), ctx());
      assert.equal(out.success, true);
      assert.equal(out.statusCode, 200);
      assert.equal(out.sizeBytes, 0);
      assert.equal(target.seen.at(-1)?.method, 'HEAD');
    });

    it('sends every header value in order and reports what was sent', async () => {
      const headers = [
        { name: 'X-Trace', value: 'one' },
        { name: 'Accept', value: 'application/json' },
        { name: 'X-Trace', value: 'two' },
      ];
      const out = await lab.execute(job(`${target.httpUrl}/echo`, { headers }), ctx());
      const raw = echo(out).rawHeaders;
      const traces = raw.filter((_, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === 'x-trace');
      assert.deepEqual(traces, ['one', 'two']);
      assert.deepEqual(out.requestHeaders, [...headers, { name: 'user-agent', value: 'crawl-agent/0.1' }]);
      assert.deepEqual(
        out.responseHeaders.filter((h) => h.name === 'x-multi').map((h) => h.value),
        ['one', 'two'],
      );
    });

    it('keeps the job User-Agent instead of its own', async () => {
      const headers = [{ name: 'User-Agent', value: 'probe/2' }];
      const out = await lab.execute(job(`${target.httpUrl}/echo`, { headers }), ctx());
      assert.equal(echo(out).headers['user-agent'], 'probe/2');
    });

    it('sends the decoded body byte for byte', async () => {
      const body = Buffer.from([0, 1, 2, 250, 255, ...Buffer.from('{"hello":"world"}')]);
      const headers = [{ name: 'content-type', value: 'application/octet-stream' }];
      const out = await lab.execute(job(`${target.httpUrl}/echo`, { method: 'PUT', body, headers }), ctx());
      const e = echo(out);
      assert.equal(e.bodyBase64, body.toString('base64'));
      assert.equal(e.headers['content-length'], String(body.length));
    });

    it('reports status, type, size and timing of a binary body', async () => {
      const before = Date.now();
      const out = await lab.execute(job(`${target.httpUrl}/binary`), ctx());
      assert.equal(out.success, true);
      assert.deepEqual(out.content.body, Buffer.from([0, 159, 146, 150, 255, 1, 2, 3]));
      assert.equal(out.contentType, 'application/octet-stream');
      assert.equal(out.sizeBytes, 8);
      assert.ok(out.timeUs > 0);
      assert.ok(out.startedAtMs >= before && out.startedAtMs <= Date.now());
      assert.equal(out.tlsVersion, '');
      assert.equal(out.tlsCipher, '');
      assert.equal(out.content.reader, undefined);
    });
  });

  describe('status codes', () => {
    for (const code of [200, 201, 204, 301, 400, 403, 500, 503]) {
      it(`answers ${code} as a success`, async () => {
        const out = await lab.execute(job(`${target.httpUrl}/status/${code}`), ctx());
        assert.equal(out.success, true);
        assert.equal(out.statusCode, code);
        assert.equal(out.errorType, '');
      });
    }

    it('answers 404 for an unknown path', async () => {
      const out = await lab.execute(job(`${target.httpUrl}/no-such-page`), ctx());
      assert.equal(out.success, true);
      assert.equal(out.statusCode, 404);
      assert.equal(out.content.body?.toString(), 'not found');
    });
  });

  describe('cookies', () => {
    it('sends input cookies after the job Cookie header, as one header', async () => {
      const cookies = [
        { name: 'a', value: '1', domain: '127.0.0.1', path: '/', expiresMs: Date.UTC(2037, 0, 1) },
        { name: 'b', value: '2' },
      ];
      const headers = [{ name: 'Cookie', value: 'z=0' }];
      const out = await lab.execute(job(`${target.httpUrl}/echo`, { cookies, headers }), ctx());
      assert.equal(echo(out).headers.cookie, 'z=0; a=1; b=2');
      assert.deepEqual(out.requestHeaders[0], { name: 'cookie', value: 'z=0; a=1; b=2' });
      assert.equal(out.requestCookies.length, 2);
      assert.equal(out.requestCookies[0]?.expires, '2037-01-01T00:00:00.000Z');
      assert.deepEqual(out.responseCookies, []);
    });

    it('carries a session jar across jobs until the session ends', async () => {
      const sessionId = `session-${Date.now()}`;
      const first = await lab.execute(job(`${target.httpsUrl}/cookies`, { sessionId }), ctx());
      assert.equal(first.success, true);
      assert.equal(first.responseHeaders.filter((h) => h.name === 'set-cookie').length, 2);
      const stored = first.responseCookies.find((c) => c.name === 'sid');
      assert.equal(stored?.value, 'abc123');
      assert.equal(stored?.httpOnly, true);
      assert.equal(stored?.sameSite, 'Lax');

      const second = await lab.execute(job(`${target.httpsUrl}/echo`, { sessionId }), ctx());
      assert.equal(echo(second).headers.cookie, 'sid=abc123');

      const other = await lab.execute(job(`${target.httpsUrl}/echo`), ctx());
      assert.equal(echo(other).headers.cookie, undefined, 'a job outside the session has no jar');

      await lab.endSession(sessionId);
      const third = await lab.execute(job(`${target.httpsUrl}/echo`, { sessionId }), ctx());
      assert.equal(echo(third).headers.cookie, undefined);
    });
  });

  describe('failures', () => {
    it('times out a target that never answers', async () => {
      const out = await lab.execute(job(`${target.httpUrl}/slow?ms=-1`, { timeoutMs: 1000 }), ctx());
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'timeout');
      assert.equal(out.errorMessage, 'Request timed out after 1 seconds');
      assert.ok(out.timeUs >= 990_000);
    });

    it('stops when the caller aborts', async () => {
      const controller = new AbortController();
      const running = lab.execute(job(`${target.httpUrl}/slow?ms=-1`), ctx(controller.signal));
      controller.abort();
      const out = await running;
      assert.equal(out.errorType, 'timeout');
      assert.equal(out.errorMessage, 'Request cancelled');
    });

    it('refuses a body over the limit by its length, keeping status and headers', async () => {
      const small = executor(createNetworkPolicy({ allowCidrs: LAB }), { maxBodyBytes: 1024 });
      const out = await small.execute(job(`${target.httpUrl}/big?bytes=2048`), ctx());
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'too_large');
      assert.equal(out.errorMessage, 'Response body exceeds the limit of 1024 bytes');
      assert.equal(out.statusCode, 200);
      assert.ok(out.responseHeaders.some((h) => h.name === 'content-length' && h.value === '2048'));
      assert.equal(out.content.body, undefined);
    });

    it('refuses a chunked body once it passes the limit', async () => {
      const small = executor(createNetworkPolicy({ allowCidrs: LAB }), { maxBodyBytes: 3000 });
      const out = await small.execute(job(`${target.httpUrl}/stream?bytes=8192`), ctx());
      assert.equal(out.errorType, 'too_large');
      assert.ok(out.sizeBytes > 3000);
      const fits = await small.execute(job(`${target.httpUrl}/stream?bytes=3000`), ctx());
      assert.equal(fits.success, true);
      assert.equal(fits.sizeBytes, 3000);
    });

    it('reports a closed port as connect', async () => {
      const port = await closedPort();
      const out = await lab.execute(job(`http://127.0.0.1:${port}/`), ctx());
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'connect');
      assert.match(out.errorMessage, /ECONNREFUSED/);
    });

    it('reports an unresolvable host as dns', async () => {
      const out = await lab.execute(job('http://missing.test/'), ctx());
      assert.equal(out.errorType, 'dns');
      assert.equal(out.errorMessage, 'DNS lookup failed for missing.test: ENOTFOUND');
    });
  });

  describe('TLS', () => {
    it('reports version and IANA cipher name', async () => {
      const out = await lab.execute(job(`${target.httpsUrl}/echo`), ctx());
      assert.equal(out.success, true);
      assert.equal(out.tlsVersion, 'TLSv1.3');
      assert.match(out.tlsCipher, /^TLS_(AES_(128|256)_GCM_SHA(256|384)|CHACHA20_POLY1305_SHA256)$/);
    });

    it('checks the certificate against the host name, sent as SNI', async () => {
      const port = new URL(target.httpsUrl).port;
      const out = await lab.execute(job(`https://localhost:${port}/echo`), ctx());
      assert.equal(echo(out).headers.host, `localhost:${port}`);
      assert.equal(out.tlsVersion, 'TLSv1.3');
    });

    it('refuses a self-signed certificate it was not told to trust', async () => {
      const strict = new HttpExecutor({
        policy: createNetworkPolicy({ allowCidrs: LAB }),
        maxBodyBytes: 1000,
      });
      const out = await strict.execute(job(`${target.httpsUrl}/echo`), ctx());
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'tls');
      assert.match(out.errorMessage, /DEPTH_ZERO_SELF_SIGNED_CERT|self-signed/);
    });
  });

  describe('redirects', () => {
    it('follows a redirect and reports the final URL', async () => {
      const out = await lab.execute(job(`${target.httpUrl}/redirect?to=/echo`), ctx());
      assert.equal(out.success, true);
      assert.equal(out.statusCode, 200);
      assert.equal(out.finalUrl, `${target.httpUrl}/echo`);
    });

    it('turns a POST into a GET without body on 303, and keeps both on 307', async () => {
      const body = Buffer.from('payload');
      const post = { method: 'POST', body, headers: [{ name: 'content-type', value: 'text/plain' }] };
      const seeOther = echo(await lab.execute(job(`${target.httpUrl}/redirect/303?to=/echo`, post), ctx()));
      assert.equal(seeOther.method, 'GET');
      assert.equal(seeOther.bodyBase64, '');
      assert.equal(seeOther.headers['content-type'], undefined);
      const temporary = echo(await lab.execute(job(`${target.httpUrl}/redirect/307?to=/echo`, post), ctx()));
      assert.equal(temporary.method, 'POST');
      assert.equal(temporary.bodyBase64, body.toString('base64'));
    });

    it('reports the last 3xx when the redirect limit is reached', async () => {
      const short = executor(createNetworkPolicy({ allowCidrs: LAB }), { maxRedirects: 1 });
      const inner = encodeURIComponent('/redirect?to=/echo');
      const out = await short.execute(job(`${target.httpUrl}/redirect/301?to=${inner}`), ctx());
      assert.equal(out.success, true);
      assert.equal(out.statusCode, 302);
      assert.equal(out.finalUrl, `${target.httpUrl}/redirect?to=/echo`);
    });

    it('drops credentials and input cookies when a redirect leaves the origin', async () => {
      const port = new URL(target.httpUrl).port;
      const to = encodeURIComponent(`http://localhost:${port}/echo`);
      const headers = [
        { name: 'Authorization', value: 'Bearer secret' },
        { name: 'X-Keep', value: 'yes' },
      ];
      const cookies = [{ name: 'a', value: '1' }];
      const out = await lab.execute(job(`${target.httpUrl}/redirect?to=${to}`, { headers, cookies }), ctx());
      const e = echo(out);
      assert.equal(e.headers.authorization, undefined);
      assert.equal(e.headers.cookie, undefined);
      assert.equal(e.headers['x-keep'], 'yes');
    });
  });

  describe('network policy', () => {
    it('refuses a redirect to a private address before connecting', async () => {
      const checked: string[] = [];
      const base = createNetworkPolicy({ allowCidrs: LAB, resolver });
      const spy: NetworkPolicy = {
        async check(host, port) {
          const decision = await base.check(host, port);
          checked.push(`${host}:${decision.allowed ? decision.address : decision.rule}`);
          return decision;
        },
      };
      const guarded = executor(spy);
      const seen = target.seen.length;
      const port = new URL(target.httpUrl).port;
      for (const to of [`http://internal.test:${port}/echo`, 'http://10.0.0.1/echo']) {
        const out = await guarded.execute(
          job(`${target.httpUrl}/redirect?to=${encodeURIComponent(to)}`),
          ctx(),
        );
        assert.equal(out.success, false);
        assert.equal(out.errorType, 'blocked');
        assert.equal(out.finalUrl, to);
        assert.equal(out.statusCode, 0, 'the refused hop has no answer');
      }
      assert.deepEqual(checked, [
        '127.0.0.1:127.0.0.1',
        'internal.test:private',
        '127.0.0.1:127.0.0.1',
        '10.0.0.1:private',
      ]);
      assert.equal(target.seen.length, seen + 2, 'only the redirecting requests reached the target');
    });

    it('names the rule when a host name resolves to loopback without the lab setting', async () => {
      const port = new URL(target.httpUrl).port;
      const strict = executor(
        createNetworkPolicy({ resolver: tableResolver({ 'target.test': ['127.0.0.1'] }) }),
      );
      const seen = target.seen.length;
      const out = await strict.execute(job(`http://target.test:${port}/echo`), ctx());
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'blocked');
      assert.equal(
        out.errorMessage,
        'target target.test (127.0.0.1) is refused by the network policy (loopback)',
      );
      assert.equal(target.seen.length, seen);
    });

    it('refuses a literal loopback target and a denied port without the lab setting', async () => {
      const strict = executor(createNetworkPolicy({ deniedPorts: [Number(new URL(target.httpsUrl).port)] }));
      const out = await strict.execute(job(`${target.httpUrl}/echo`), ctx());
      assert.equal(out.errorMessage, 'target 127.0.0.1 is refused by the network policy (loopback)');
      const lab2 = executor(
        createNetworkPolicy({ allowCidrs: LAB, deniedPorts: [Number(new URL(target.httpsUrl).port)] }),
      );
      const port = await lab2.execute(job(`${target.httpsUrl}/echo`), ctx());
      assert.equal(port.errorType, 'blocked');
      assert.match(port.errorMessage, /\(port\)$/);
    });

    it('refuses localhost through the system resolver', async () => {
      // localhost is answered from /etc/hosts: no query leaves the machine.
      const decision = await createNetworkPolicy().check('localhost', 80);
      assert.equal(decision.allowed ? 'allowed' : decision.rule, 'loopback');
    });

    it('dials the address it checked, so a rebinding resolver gets one lookup', async () => {
      let lookups = 0;
      const rebinding: Resolver = async () => {
        lookups++;
        return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
      };
      const guarded = executor(createNetworkPolicy({ allowCidrs: LAB, resolver: rebinding }));
      const port = new URL(target.httpUrl).port;
      const out = await guarded.execute(job(`http://rebind.test:${port}/echo`), ctx());
      assert.equal(echo(out).headers.host, `rebind.test:${port}`);
      assert.equal(lookups, 1);
    });
  });

  describe('reader', () => {
    for (const path of ['/article', '/article-gzip']) {
      it(`extracts the article text of ${path}`, async () => {
        const out = await lab.execute(job(`${target.httpUrl}${path}`), ctx());
        assert.equal(out.success, true);
        const text = out.content.reader?.toString('utf8') ?? '';
        assert.match(text, /^The harbour lights were lit an hour before dusk/);
        assert.equal(text.split('\n\n').length, 3);
        assert.doesNotMatch(text, /Copyright|About/);
      });
    }
  });
});

/** A port with nothing listening: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
