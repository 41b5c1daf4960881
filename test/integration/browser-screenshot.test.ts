// Full-page screenshots paint cross-origin iframes far below the fold: a page on 127.0.0.1 embeds,
// 3000 px down, a frame from localhost (another port, so another site) that is one solid colour;
// the PNG is decoded and the frame's area must have that colour.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import type { ExecRequest } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { chromiumNeed } from '../helpers/needs.js';
import { decodePng } from '../helpers/png.js';

const { browser, skip } = await chromiumNeed();
const log = pino({ enabled: false });
const COLOUR: [number, number, number] = [0, 200, 83];
const FRAME_TOP = 3_000;
const FRAME = { width: 400, height: 300 };

async function serve(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

describe('full-page screenshots', { skip }, () => {
  let top: { server: http.Server; port: number };
  let frame: { server: http.Server; port: number };
  let executor: BrowserExecutor;

  before(async () => {
    frame = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><style>html,body{margin:0;height:100%;background:rgb(${COLOUR.join(',')})}</style>`,
      );
    });
    top = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><style>body{margin:0}</style><h1 style="margin:0;height:${FRAME_TOP}px">Tall page</h1>` +
          `<iframe src="http://localhost:${frame.port}/solid" width="${FRAME.width}" height="${FRAME.height}" style="display:block;border:0"></iframe>` +
          '<div style="height:200px"></div>',
      );
    });
    // localhost is the second origin; it resolves to loopback in the policy, never in Chromium.
    const policy = createNetworkPolicy({
      allowCidrs: ['127.0.0.0/8'],
      resolver: async (host) => {
        if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
        throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' });
      },
    });
    executor = new BrowserExecutor({
      executablePath: browser!.path,
      policy,
      maxBodyBytes: 5_000_000,
      settleMs: 300,
    });
  });

  after(async () => {
    await executor.close();
    top.server.close();
    frame.server.close();
  });

  test('a cross-origin iframe below the fold is painted', async () => {
    const req: ExecRequest = {
      jobId: randomUUID(),
      attempt: 1,
      method: 'CRAWL_FULL_PAGE',
      url: `http://127.0.0.1:${top.port}/`,
      timeoutMs: 10_000,
      headers: [],
      body: Buffer.alloc(0),
      cookies: [],
      sessionId: '',
      deviceType: 'desktop',
    };
    const out = await executor.execute(req, { signal: new AbortController().signal, log });
    assert.equal(out.success, true, out.errorMessage);
    assert.equal(
      out.requestResults.find((r) => r.url === `http://localhost:${frame.port}/solid`)?.statusCode,
      200,
    );
    const png = decodePng(out.content.screenshot!);
    assert.deepEqual([png.width, png.height], [1366, FRAME_TOP + FRAME.height + 200]);
    // Inside the frame, a few points away from its edges: all the frame's colour.
    for (const [dx, dy] of [
      [10, 10],
      [FRAME.width / 2, FRAME.height / 2],
      [FRAME.width - 10, FRAME.height - 10],
    ] as const) {
      const [r, g, b] = png.pixel(dx, FRAME_TOP + dy);
      assert.deepEqual([r, g, b], COLOUR, `pixel at +${dx},+${dy} in the frame`);
    }
    // Beside the frame: the page's white background, so the colour is the frame's own.
    assert.deepEqual(png.pixel(FRAME.width + 50, FRAME_TOP + 50).slice(0, 3), [255, 255, 255]);
  });
});
