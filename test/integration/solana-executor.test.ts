// The Solana JSON-RPC executor against a local RPC node (HTTP and HTTPS on 127.0.0.1). Names are
// resolved by an injected resolver, so nothing leaves loopback.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { SolanaExecutor } from '../../agent/executors/solana.js';
import type { ExecContext, ExecOutcome, ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy, type Resolver } from '../../agent/policy/index.js';
import {
  BALANCE_LAMPORTS,
  BLOCKHASH,
  SLOT,
  type SolanaRpcServer,
  startSolanaRpcServer,
} from '../helpers/solana-rpc-server.js';
import { TLS_CERT } from '../helpers/target-server.js';

const silent = pino({ level: 'silent' });
const PUBKEY = '83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri';
const resolver: Resolver = async (hostname) => {
  // localhost too: the test certificate names it, so HTTPS by name verifies.
  if (hostname === 'rpc.test' || hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
const labPolicy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'], resolver });

let jobCounter = 0;
function job(url: string, body: unknown, over: Partial<ExecRequest> = {}): ExecRequest {
  jobCounter++;
  return {
    jobId: `solana-${jobCounter}`,
    attempt: 1,
    method: 'SOLANA_JSON_RPC',
    url,
    timeoutMs: 10_000,
    headers: [],
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    cookies: [],
    sessionId: '',
    deviceType: 'server',
    ...over,
  };
}
const ctx = (signal = new AbortController().signal): ExecContext => ({ signal, log: silent });
const rpc = (method: string, params?: unknown[], id: number | string = 1) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
const bodyText = (o: ExecOutcome) => o.content.body?.toString('utf8') ?? '';
const header = (o: ExecOutcome, name: string) => o.responseHeaders.find((h) => h.name === name)?.value;

describe('Solana JSON-RPC executor', () => {
  let node: SolanaRpcServer;
  let executor: SolanaExecutor;
  before(async () => {
    node = await startSolanaRpcServer();
    executor = new SolanaExecutor({ policy: labPolicy, maxBodyBytes: 64 * 1024, ca: [TLS_CERT] });
  });
  after(async () => {
    await executor.close();
    await node.close();
  });

  it('answers getSlot and keeps the response text exactly', async () => {
    const out = await executor.execute(job(node.httpUrl, rpc('getSlot')), ctx());
    assert.equal(out.errorMessage, '');
    assert.equal(out.success, true);
    assert.equal(out.statusCode, 200);
    assert.equal(bodyText(out), `{"jsonrpc":"2.0","id":1,"result":${SLOT}}`);
    assert.equal(out.sizeBytes, Buffer.byteLength(bodyText(out)));
    assert.equal(out.contentType, 'application/json; charset=utf-8');
    assert.equal(header(out, 'content-type'), 'application/json; charset=utf-8');
    assert.ok(out.timeUs > 0);
    assert.equal(out.tlsVersion, '');
    const seen = node.seen.at(-1);
    assert.equal(seen?.body, JSON.stringify(rpc('getSlot')), 'the request body goes out unchanged');
    assert.equal(seen?.headers['content-type'], 'application/json');
    assert.ok(out.requestHeaders.some((h) => h.name === 'content-type' && h.value === 'application/json'));
  });

  it('answers getBalance over HTTPS by name, with the TLS version and cipher', async () => {
    const url = node.httpsUrl.replace('127.0.0.1', 'localhost');
    const out = await executor.execute(job(url, rpc('getBalance', [PUBKEY])), ctx());
    assert.equal(out.errorMessage, '');
    assert.equal(out.success, true);
    const parsed = JSON.parse(bodyText(out)) as { result: { context: { slot: number }; value: number } };
    assert.equal(parsed.result.value, BALANCE_LAMPORTS);
    assert.equal(parsed.result.context.slot, SLOT);
    assert.equal(out.tlsVersion, 'TLSv1.3');
    assert.match(out.tlsCipher, /^TLS_/);
  });

  it('resolves a host name through the policy and answers getLatestBlockhash', async () => {
    const url = node.httpUrl.replace('127.0.0.1', 'rpc.test');
    const out = await executor.execute(
      job(url, rpc('getLatestBlockhash', [{ commitment: 'finalized' }])),
      ctx(),
    );
    assert.equal(out.success, true, out.errorMessage);
    const parsed = JSON.parse(bodyText(out)) as { result: { value: { blockhash: string } } };
    assert.equal(parsed.result.value.blockhash, BLOCKHASH);
    assert.equal(node.seen.at(-1)?.headers.host, new URL(url).host, 'Host names the node, not the address');
  });

  it('reports a JSON-RPC error object as rpc, keeping the answer', async () => {
    const out = await executor.execute(job(node.httpUrl, rpc('getNothing', [])), ctx());
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'rpc');
    assert.equal(out.errorMessage, 'JSON-RPC error -32601: Method not found');
    assert.equal(out.statusCode, 200);
    assert.equal(
      bodyText(out),
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
    );
  });

  it('reports invalid params (-32602) as rpc', async () => {
    const out = await executor.execute(job(node.httpUrl, rpc('getBalance', ['not-a-key'])), ctx());
    assert.equal(out.errorType, 'rpc');
    assert.equal(out.errorMessage, 'JSON-RPC error -32602: Invalid param: Invalid');
  });

  it('runs a batch, in order', async () => {
    const batch = [
      rpc('getSlot', undefined, 1),
      rpc('getBalance', [PUBKEY], 2),
      rpc('getLatestBlockhash', [], 3),
    ];
    const out = await executor.execute(job(node.httpUrl, batch), ctx());
    assert.equal(out.success, true, out.errorMessage);
    const parsed = JSON.parse(bodyText(out)) as Array<{ id: number }>;
    assert.deepEqual(
      parsed.map((r) => r.id),
      [1, 2, 3],
    );
  });

  it('fails a batch with any error object, saying how many', async () => {
    const batch = [rpc('getSlot', [], 'a'), rpc('getBalance', [], 'b'), rpc('nope', [], 'c')];
    const out = await executor.execute(job(node.httpUrl, batch), ctx());
    assert.equal(out.errorType, 'rpc');
    assert.equal(
      out.errorMessage,
      'JSON-RPC error -32602: `params` should have at least 1 argument(s) (2 of 3 responses in the batch are errors)',
    );
    assert.equal((JSON.parse(bodyText(out)) as unknown[]).length, 3);
  });

  it('reports a non-JSON answer as invalid_response, with its status and body', async () => {
    const text = await executor.execute(job(`${node.httpUrl}/text`, rpc('getSlot')), ctx());
    assert.equal(text.errorType, 'invalid_response');
    assert.equal(text.errorMessage, 'invalid response: HTTP 200, body is not JSON');
    const proxy = await executor.execute(job(`${node.httpUrl}/html-502`, rpc('getSlot')), ctx());
    assert.equal(proxy.errorType, 'invalid_response');
    assert.equal(proxy.statusCode, 502);
    assert.match(bodyText(proxy), /502 Bad Gateway/);
    const notRpc = await executor.execute(job(`${node.httpUrl}/not-rpc`, rpc('getSlot')), ctx());
    assert.equal(notRpc.errorType, 'invalid_response');
    assert.equal(notRpc.errorMessage, 'invalid response: HTTP 200, not a JSON-RPC 2.0 response');
  });

  it('times out a node that never answers', async () => {
    const out = await executor.execute(
      job(`${node.httpUrl}/hang`, rpc('getSlot'), { timeoutMs: 300 }),
      ctx(),
    );
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'timeout');
    assert.equal(out.errorMessage, 'Request timed out after 0.3 seconds');
    assert.deepEqual(out.content, {});
  });

  it('refuses loopback without the lab allowance, sending nothing', async () => {
    const strict = new SolanaExecutor({ policy: createNetworkPolicy({ resolver }), maxBodyBytes: 1024 });
    const before = node.seen.length;
    const out = await strict.execute(job(node.httpUrl, rpc('getSlot')), ctx());
    assert.equal(out.errorType, 'blocked');
    assert.match(out.errorMessage, /refused by the network policy \(loopback\)/);
    assert.equal(node.seen.length, before);
    const named = await strict.execute(
      job(node.httpUrl.replace('127.0.0.1', 'rpc.test'), rpc('getSlot')),
      ctx(),
    );
    assert.equal(named.errorType, 'blocked', 'a name resolving to loopback is refused too');
    await strict.close();
  });

  it('fails a response over maxBodyBytes as too_large', async () => {
    const small = new SolanaExecutor({ policy: labPolicy, maxBodyBytes: 1024 });
    const out = await small.execute(job(`${node.httpUrl}/big?bytes=5000`, rpc('getSlot')), ctx());
    assert.equal(out.errorType, 'too_large');
    assert.equal(out.errorMessage, 'Response body exceeds the limit of 1024 bytes');
    assert.deepEqual(out.content, {});
    await small.close();
  });

  it('does not send a body that is not JSON-RPC', async () => {
    const before = node.seen.length;
    const out = await executor.execute(job(node.httpUrl, { method: 'getSlot' }), ctx());
    assert.equal(out.errorType, 'rpc');
    assert.match(out.errorMessage, /^JSON-RPC error -32600: Invalid Request/);
    assert.equal(node.seen.length, before);
  });

  it('reports dns and connect failures', async () => {
    const dns = await executor.execute(job('http://missing.test:8899', rpc('getSlot')), ctx());
    assert.equal(dns.errorType, 'dns');
    assert.match(dns.errorMessage, /ENOTFOUND/);
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const refused = await executor.execute(job(`http://127.0.0.1:${closedPort}`, rpc('getSlot')), ctx());
    assert.equal(refused.errorType, 'connect');
    assert.match(refused.errorMessage, /ECONNREFUSED/);
  });

  it('passes the job headers through but owns content negotiation', async () => {
    const headers = [
      { name: 'x-api-key', value: 'k1' },
      { name: 'accept-encoding', value: 'gzip' },
      { name: 'content-type', value: 'text/plain' },
    ];
    const out = await executor.execute(job(node.httpUrl, rpc('getSlot'), { headers }), ctx());
    assert.equal(out.success, true, out.errorMessage);
    const seen = node.seen.at(-1)?.headers;
    assert.equal(seen?.['x-api-key'], 'k1');
    assert.equal(seen?.['accept-encoding'], undefined);
    assert.equal(seen?.['content-type'], 'application/json');
  });
});
