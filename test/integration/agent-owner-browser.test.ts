// A denied domain in a full-page crawl: the page's subresources on that domain never reach their
// server (the owner's lists sit in the network policy the browser's proxy asks). Real Chromium;
// skipped (with the reason) only when none is installed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { withOwnerDomains } from '../../agent/policy/owner-domains.js';
import { chromiumNeed } from '../helpers/needs.js';

const { browser, skip } = await chromiumNeed();

describe('owner deny list in the browser', { skip }, () => {
  const hits = new Map<string, number>();
  let server: http.Server;
  let port = 0;
  let executor: BrowserExecutor;
  before(async () => {
    server = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === '/page') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<!doctype html><title>t</title><p>hello</p>` +
            `<img src="http://denied.test:${port}/pixel.png"><img src="http://allowed.test:${port}/ok.png">`,
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    const inner = createNetworkPolicy({
      allowCidrs: ['127.0.0.0/8'],
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    executor = new BrowserExecutor({
      executablePath: browser!.path, // the suite is skipped when no browser was found
      policy: withOwnerDomains(inner, { allowDomains: [], denyDomains: ['denied.test'] }),
      maxBodyBytes: 5_000_000,
      log: pino({ enabled: false }),
    });
  });
  after(async () => {
    await executor?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });

  it('loads the page and its allowed image, never the denied one', async () => {
    const out = await executor.execute(
      {
        jobId: randomUUID(),
        attempt: 1,
        method: 'CRAWL_FULL_PAGE',
        url: `http://allowed.test:${port}/page`,
        timeoutMs: 20_000,
        headers: [],
        body: Buffer.alloc(0),
        cookies: [],
        sessionId: '',
        deviceType: 'desktop',
      },
      { signal: new AbortController().signal, log: pino({ enabled: false }) },
    );
    assert.equal(out.errorMessage, '');
    assert.equal(out.success, true);
    assert.equal(hits.get('/page'), 1);
    assert.equal(hits.get('/ok.png'), 1);
    assert.equal(hits.get('/pixel.png'), undefined, 'the denied domain was never contacted');
  });

  it('a page on a denied domain is blocked before any connection', async () => {
    const out = await executor.execute(
      {
        jobId: randomUUID(),
        attempt: 1,
        method: 'CRAWL_FULL_PAGE',
        url: `http://denied.test:${port}/page?direct`,
        timeoutMs: 20_000,
        headers: [],
        body: Buffer.alloc(0),
        cookies: [],
        sessionId: '',
        deviceType: 'desktop',
      },
      { signal: new AbortController().signal, log: pino({ enabled: false }) },
    );
    assert.equal(out.success, false);
    assert.equal(out.errorType, 'blocked');
    assert.equal(hits.get('/page'), 1, 'no second hit on /page');
  });
});
