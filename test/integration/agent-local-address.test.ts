// `--local-address`: a real agent process binds every outgoing connection to the chosen address:
// its link to the coordinator, HTTP and Solana jobs, and the browser's traffic (through the policy
// proxy). Two agents on 127.0.0.2 and 127.0.0.3 each show up at the target from their own address.
import assert from 'node:assert/strict';
import { getServers } from 'node:dns';
import { once } from 'node:events';
import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PolicyProxy } from '../../agent/executors/browser/policy-proxy.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { type AgentProcess, spawnAgent } from '../helpers/cluster.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip } = await chromiumNeed();

describe('agent --local-address', () => {
  /** path → the source address of the request that reached it */
  const seen = new Map<string, string>();
  let target: http.Server;
  let base = '';
  const fakes: FakeCoordinator[] = [];
  const agents: AgentProcess[] = [];

  before(async () => {
    target = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.set(path, req.socket.remoteAddress ?? '');
      if (req.method === 'POST') {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":7}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>bound</title><p>hello</p>');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const a of agents) {
      a.child.kill('SIGTERM');
      await a.exited;
    }
    for (const f of fakes) await f.close();
    target.closeAllConnections();
    await new Promise((r) => target.close(r));
  });

  async function linked(localAddress: string): Promise<FakeCoordinator> {
    const fake = await FakeCoordinator.start();
    fakes.push(fake);
    const agent = spawnAgent({
      deviceId: `bound-${localAddress}`,
      token: 'tok',
      coordinators: [fake.url],
      logLevel: 'info',
      extra: ['--local-address', localAddress, ...(browser ? ['--browser', browser.path] : [])],
    });
    agents.push(agent);
    await fake.waitFrame((f) => f.body === 'hello', 0, 30_000);
    return fake;
  }

  for (const localAddress of ['127.0.0.2', '127.0.0.3']) {
    const tag = localAddress.replaceAll('.', '-');
    let fake: FakeCoordinator;

    test(`bound to ${localAddress}: the link, HTTP and Solana jobs leave from it`, async () => {
      fake = await linked(localAddress);
      assert.deepEqual(fake.remoteAddresses, [localAddress], 'the coordinator sees the link from it');

      const httpJob = fake.assign({ method: 'GET', url: `${base}/http-${tag}` });
      const httpResult = (await fake.result(httpJob)).result;
      assert.equal(httpResult?.success, true);
      assert.equal(seen.get(`/http-${tag}`), localAddress);
      // The final frame carries the network context: an address literal resolves nothing.
      assert.deepEqual(
        { ...httpResult?.network },
        {
          resolvers: getServers(),
          resolvedAddresses: [],
          connectedAddress: '127.0.0.1',
          localAddress,
        },
      );

      const rpcJob = fake.assign({
        method: 'SOLANA_JSON_RPC',
        url: `${base}/rpc-${tag}`,
        body: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"getSlot"}'),
      });
      const rpcResult = (await fake.result(rpcJob)).result;
      assert.equal(rpcResult?.success, true);
      assert.equal(seen.get(`/rpc-${tag}`), localAddress);
      assert.equal(rpcResult?.network?.localAddress, localAddress);
      assert.equal(rpcResult?.network?.connectedAddress, '127.0.0.1');
    });

    test(`bound to ${localAddress}: a full-page job's traffic leaves from it`, { skip }, async () => {
      const pageJob = fake.assign({
        method: 'CRAWL_FULL_PAGE',
        url: `${base}/page-${tag}`,
        timeoutMs: 20_000,
      });
      const page = (await fake.waitFrame((f) => f.result?.jobId === pageJob, 0, 60_000)).result;
      assert.equal(page?.success, true, page?.errorMessage ?? undefined);
      assert.equal(seen.get(`/page-${tag}`), localAddress);
      assert.equal(page?.network?.connectedAddress, '127.0.0.1', 'the main document went there');
      assert.equal(page?.network?.localAddress, localAddress);
    });
  }
});

// The browser's traffic leaves through the policy proxy; this proves its binding without Chromium:
// a proxied plain-HTTP request and a CONNECT tunnel both reach the target from the bound address.
describe('policy proxy with a local address', () => {
  let target: http.Server;
  let port = 0;
  let proxy: PolicyProxy;
  const seen = new Map<string, string>();
  before(async () => {
    target = http.createServer((req, res) => {
      seen.set(new URL(req.url ?? '/', 'http://x').pathname, req.socket.remoteAddress ?? '');
      res.end('ok');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    port = (target.address() as AddressInfo).port;
    proxy = new PolicyProxy({
      policy: createNetworkPolicy({
        allowCidrs: ['127.0.0.0/8'],
        resolver: async () => [
          { address: '127.0.0.1', family: 4 },
          { address: '127.0.0.9', family: 4 },
        ],
      }),
      localAddress: '127.0.0.4',
    });
    await proxy.start();
  });
  after(async () => {
    await proxy.close();
    target.closeAllConnections();
    await new Promise((r) => target.close(r));
  });

  test('a proxied request and a tunnel both leave from the bound address', async () => {
    const proxyPort = Number(new URL(proxy.url).port);
    const direct = http.get({ host: '127.0.0.1', port: proxyPort, path: `http://page.test:${port}/plain` });
    const [answer] = (await once(direct, 'response')) as [http.IncomingMessage];
    answer.resume();
    await once(answer, 'end');
    assert.equal(seen.get('/plain'), '127.0.0.4');
    // What the job's network context reports for this document: every address, the one dialled.
    assert.deepEqual(proxy.decisionFor(`http://page.test:${port}/other`), {
      allowed: true,
      address: '127.0.0.1',
      family: 4,
      resolvedAddresses: ['127.0.0.1', '127.0.0.9'],
    });
    assert.equal(proxy.decisionFor(`http://elsewhere.test:${port}/`), undefined);

    const connect = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'CONNECT',
      path: `127.0.0.1:${port}`,
    });
    connect.end();
    const [, socket] = (await once(connect, 'connect')) as [http.IncomingMessage, net.Socket];
    const tunnelled = http.get({ createConnection: () => socket, path: '/tunnel', headers: { host: 'x' } });
    const [res] = (await once(tunnelled, 'response')) as [http.IncomingMessage];
    res.resume();
    await once(res, 'end');
    socket.destroy();
    assert.equal(seen.get('/tunnel'), '127.0.0.4');
  });
});
