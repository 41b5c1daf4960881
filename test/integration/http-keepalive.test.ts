// Keep-alive reuse under the network policy: jobs to one origin share a connection, but every job is
// still checked, a connection is reused only to the address that check allowed, and two origins
// never share one. Also the network context each outcome carries. Names resolve through an injected
// resolver the test changes between jobs; targets listen on 127.0.0.1 and 127.0.0.2 (same port).
import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { pino } from 'pino';
import { HttpExecutor } from '../../agent/executors/http.js';
import { SolanaExecutor } from '../../agent/executors/solana.js';
import type { ExecOutcome, ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { TLS_CERT, TLS_KEY } from '../helpers/dual-server.js';

/** A loopback target that counts TCP connections and remembers the Host headers each one carried. */
interface CountingServer {
  server: http.Server;
  connections: Socket[];
  hostsBySocket: Map<Socket, Set<string>>;
  requests: number;
}

async function countingServer(host: string, port: number): Promise<CountingServer> {
  const s: CountingServer = {
    server: http.createServer(),
    connections: [],
    hostsBySocket: new Map(),
    requests: 0,
  };
  s.server.keepAliveTimeout = 60_000;
  s.server.on('connection', (socket: Socket) => {
    s.connections.push(socket);
    s.hostsBySocket.set(socket, new Set());
  });
  s.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    s.requests++;
    s.hostsBySocket.get(req.socket)?.add(req.headers.host ?? '');
    if (req.method === 'POST') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":1}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`served by ${host}`);
  });
  await new Promise<void>((resolve, reject) => {
    s.server.once('error', reject);
    s.server.listen(port, host, () => resolve());
  });
  return s;
}

const silent = pino({ level: 'silent' });
const ctx = () => ({ signal: new AbortController().signal, log: silent });
let counter = 0;
function job(url: string, over: Partial<ExecRequest> = {}): ExecRequest {
  counter++;
  return {
    jobId: `ka-${counter}`,
    attempt: 1,
    method: 'GET',
    url,
    timeoutMs: 10_000,
    headers: [],
    body: Buffer.alloc(0),
    cookies: [],
    sessionId: '',
    deviceType: 'desktop',
    ...over,
  };
}

describe('keep-alive connection reuse under the policy', () => {
  /** What each name resolves to right now; tests change it between jobs. */
  const dns = new Map<string, string[]>();
  let a: CountingServer;
  let b: CountingServer;
  let port = 0;
  let executor: HttpExecutor;
  let solana: SolanaExecutor;

  before(async () => {
    a = await countingServer('127.0.0.1', 0);
    port = (a.server.address() as AddressInfo).port;
    b = await countingServer('127.0.0.2', port);
    const policy = createNetworkPolicy({
      allowCidrs: ['127.0.0.0/8'],
      resolver: async (name) => {
        const found = dns.get(name);
        if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
        return found.map((address) => ({ address, family: 4 as const }));
      },
    });
    // A long idle timeout, so a connection closing on its own never decides a test.
    const keepAlive = { keepAliveTimeoutMs: 60_000 };
    executor = new HttpExecutor({ policy, maxBodyBytes: 1_000_000, keepAlive });
    solana = new SolanaExecutor({ policy, maxBodyBytes: 1_000_000, keepAlive });
  });
  beforeEach(() => {
    dns.clear();
  });
  after(async () => {
    await executor.close();
    await solana.close();
    for (const s of [a, b]) {
      s.server.closeAllConnections();
      await new Promise((r) => s.server.close(r));
    }
  });

  const run = (url: string, over: Partial<ExecRequest> = {}): Promise<ExecOutcome> =>
    executor.execute(job(url, over), ctx());

  it('serves N sequential jobs to one origin over one connection, each job checked', async () => {
    dns.set('one.test', ['127.0.0.1']);
    const before = a.connections.length;
    for (let i = 0; i < 5; i++) {
      const out = await run(`http://one.test:${port}/n${i}`);
      assert.equal(out.success, true, out.errorMessage);
      assert.equal(out.content.body?.toString(), 'served by 127.0.0.1');
    }
    assert.equal(a.connections.length - before, 1, 'one TCP connection for five jobs');
  });

  it('opens a new connection when the name resolves to another allowed address', async () => {
    dns.set('moving.test', ['127.0.0.1']);
    assert.equal((await run(`http://moving.test:${port}/first`)).success, true);
    const aBefore = a.connections.length;
    const aRequests = a.requests;
    dns.set('moving.test', ['127.0.0.2']);
    const moved = await run(`http://moving.test:${port}/moved`);
    assert.equal(moved.success, true, moved.errorMessage);
    assert.equal(moved.content.body?.toString(), 'served by 127.0.0.2', 'the new address answered');
    assert.equal(a.requests, aRequests, 'the pooled connection to the old address was not used');
    assert.equal(a.connections.length, aBefore);
    assert.equal(b.connections.length, 1, 'a connection of its own to the new address');
    assert.equal(moved.network?.connectedAddress, '127.0.0.2');
  });

  it('refuses a name that re-resolves to a forbidden address although a connection is pooled', async () => {
    dns.set('rebind.test', ['127.0.0.1']);
    assert.equal((await run(`http://rebind.test:${port}/ok`)).success, true);
    const requests = a.requests + b.requests;
    for (const answer of [['10.0.0.1'], ['127.0.0.1', '169.254.169.254']]) {
      dns.set('rebind.test', answer);
      const out = await run(`http://rebind.test:${port}/again`);
      assert.equal(out.success, false);
      assert.equal(out.errorType, 'blocked');
      assert.deepEqual(out.network?.resolvedAddresses, answer);
      assert.equal(out.network?.connectedAddress, '', 'nothing was connected');
    }
    assert.equal(a.requests + b.requests, requests, 'no request reached a target');
  });

  it('never lets two origins share a connection', async () => {
    dns.set('left.test', ['127.0.0.1']);
    dns.set('right.test', ['127.0.0.1']);
    const before = a.connections.length;
    for (let i = 0; i < 3; i++) {
      assert.equal((await run(`http://left.test:${port}/l${i}`)).success, true);
      assert.equal((await run(`http://right.test:${port}/r${i}`)).success, true);
    }
    const opened = a.connections.slice(before);
    assert.equal(opened.length, 2, 'one connection per origin');
    for (const socket of opened) assert.equal(a.hostsBySocket.get(socket)?.size, 1, 'one origin per socket');
  });

  it('reuses connections for Solana JSON-RPC jobs too', async () => {
    dns.set('rpc.test', ['127.0.0.1']);
    const before = a.connections.length;
    for (let i = 0; i < 3; i++) {
      const out = await solana.execute(
        job(`http://rpc.test:${port}/rpc`, {
          method: 'SOLANA_JSON_RPC',
          body: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"getSlot"}'),
        }),
        ctx(),
      );
      assert.equal(out.success, true, out.errorMessage);
      assert.deepEqual(out.network?.resolvedAddresses, ['127.0.0.1']);
      assert.equal(out.network?.connectedAddress, '127.0.0.1');
    }
    assert.equal(a.connections.length - before, 1);
  });

  it('reports the network context: resolvers, every resolved address, the address connected', async () => {
    dns.set('multi.test', ['127.0.0.2', '127.0.0.1']);
    const out = await run(`http://multi.test:${port}/ctx`);
    assert.equal(out.success, true, out.errorMessage);
    assert.deepEqual(out.network?.resolvedAddresses, ['127.0.0.2', '127.0.0.1']);
    assert.equal(out.network?.connectedAddress, '127.0.0.2', 'the first allowed address');
    assert.equal(out.network?.localAddress, '');
    assert.ok(Array.isArray(out.network?.resolvers));

    // A literal resolves nothing; the address dialled is still reported when the connection fails.
    const closed = await run('http://127.0.0.1:1/refused');
    assert.equal(closed.errorType, 'connect');
    assert.deepEqual(closed.network?.resolvedAddresses, []);
    assert.equal(closed.network?.connectedAddress, '127.0.0.1');

    const missing = await run(`http://missing.test:${port}/`);
    assert.equal(missing.errorType, 'dns');
    assert.deepEqual(missing.network?.resolvedAddresses, []);
    assert.equal(missing.network?.connectedAddress, '');
  });

  it('reuses an HTTPS connection under its name: the certificate checked once, TLS reported each time', async () => {
    const secure = https.createServer({ cert: TLS_CERT, key: TLS_KEY }, (_req, res) => res.end('tls'));
    let handshakes = 0;
    secure.on('secureConnection', () => handshakes++);
    await new Promise<void>((r) => secure.listen(0, '127.0.0.1', r));
    const tlsPort = (secure.address() as AddressInfo).port;
    const trusting = new HttpExecutor({
      policy: createNetworkPolicy({
        allowCidrs: ['127.0.0.0/8'],
        resolver: async () => [{ address: '127.0.0.1', family: 4 }],
      }),
      maxBodyBytes: 1_000_000,
      ca: [TLS_CERT],
    });
    try {
      for (let i = 0; i < 3; i++) {
        const out = await trusting.execute(job(`https://localhost:${tlsPort}/t${i}`), ctx());
        assert.equal(out.success, true, out.errorMessage);
        assert.match(out.tlsVersion, /^TLSv1\.[23]$/);
        assert.notEqual(out.tlsCipher, '');
      }
      assert.equal(handshakes, 1, 'one TLS connection for three jobs');
      // A name the certificate does not cover still fails, pooled connections or not.
      const wrong = await trusting.execute(job(`https://wrong.test:${tlsPort}/`), ctx());
      assert.equal(wrong.errorType, 'tls');
    } finally {
      await trusting.close();
      secure.closeAllConnections();
      await new Promise((r) => secure.close(r));
    }
  });
});
