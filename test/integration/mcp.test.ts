// The MCP server through the SDK's own client, over streamable HTTP (/mcp on the coordinator, with
// the Bearer key) and over stdio (`crawl mcp`), against a real coordinator, an HTTP agent, a
// Chromium agent and local targets.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pino from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { ApiClient } from '../helpers/client.js';
import { ROOT, startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { startTargetServer, type TargetServer, TLS_CERT } from '../helpers/target-server.js';

const { browser, skip: chromiumSkip } = await chromiumNeed();
const TOOLS = [
  'cancel',
  'crawl_batch',
  'crawl_page',
  'crawl_site',
  'fetch_url',
  'map_site',
  'measure',
  'run_sweep',
  'session',
];

const textOf = (r: Obj): string =>
  (r.content as Obj[])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

describe('MCP server', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  const stops: Array<() => Promise<void>> = [];
  let chromium: BrowserExecutor | undefined;

  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    stops.push(
      (
        await startTestAgent({
          deviceId: 'mcp-dev',
          token: await c.newDevice('mcp-dev'),
          coordinators: [c.url],
        })
      ).stop,
    );
    if (browser) {
      chromium = new BrowserExecutor({
        executablePath: browser.path,
        policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
        maxBodyBytes: 10_000_000,
        settleMs: 100,
        ca: [TLS_CERT],
        log: pino({ enabled: false }),
      });
      const token = await c.newDevice('mcp-browser');
      stops.push(
        (
          await startTestAgent({
            deviceId: 'mcp-browser',
            token,
            coordinators: [c.url],
            deviceType: 'mobile',
            country: 'JP',
            executors: [chromium],
          })
        ).stop,
      );
    }
  });
  after(async () => {
    for (const stop of stops) await stop();
    await chromium?.close();
    await c.stop();
    await target.close();
  });

  const httpClient = async (key: string | null): Promise<Client> => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${c.url}/mcp`), { requestInit: { headers } }),
    );
    return client;
  };

  test('over HTTP: lists the tools and runs each against the real stack', async () => {
    const client = await httpClient(c.apiKey);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
      for (const t of tools)
        assert.ok((t.description ?? '').length > 80, `${t.name} is described for a model`);

      const page = (await client.callTool({
        name: 'fetch_url',
        arguments: { url: `${target.httpUrl}/article`, format: 'markdown', country: 'DE' },
      })) as Obj;
      assert.equal(page.isError, false, textOf(page));
      assert.match(textOf(page), /HTTP status: 200/);
      assert.match(textOf(page), /Harbour/);

      const cut = (await client.callTool({
        name: 'fetch_url',
        arguments: { url: `${target.httpUrl}/big`, format: 'text', max_chars: 500 },
      })) as Obj;
      assert.match(textOf(cut), /\[truncated: showing the first 500 of \d+ characters/);

      const refused = (await client.callTool({ name: 'fetch_url', arguments: { url: 'not a url' } })) as Obj;
      assert.equal(refused.isError, true);

      // A batch: each URL answered with its status; a refused one with /new's message.
      const batch = (await client.callTool({
        name: 'crawl_batch',
        arguments: {
          urls: [`${target.httpUrl}/echo?mcp=1`, `${target.httpUrl}/echo?mcp=2`, 'ftp://x/'],
          country: 'DE',
        },
      })) as Obj;
      assert.equal(batch.isError, false, textOf(batch));
      const batchSummary = JSON.parse(textOf(batch));
      assert.equal(batchSummary.completed, true);
      assert.deepEqual(
        batchSummary.jobs.map((j: Obj) => [j.url, j.status]),
        [
          [`${target.httpUrl}/echo?mcp=1`, 'completed'],
          [`${target.httpUrl}/echo?mcp=2`, 'completed'],
        ],
      );
      assert.deepEqual(batchSummary.refused, [
        { url: 'ftp://x/', error: 'invalid request: url must be an absolute http or https URL' },
      ]);

      const opened = (await client.callTool({ name: 'session', arguments: { action: 'open' } })) as Obj;
      const session = JSON.parse(textOf(opened));
      assert.ok(session.session_id);
      const closed = (await client.callTool({
        name: 'session',
        arguments: { action: 'close', session_id: session.session_id },
      })) as Obj;
      assert.equal(JSON.parse(textOf(closed)).status, 'closed');

      // A job waiting for a device no one has: cancelled, and a second cancel says it had ended.
      const api = new ApiClient(c.url, c.apiKey);
      const waiting = (
        await api.submit({ url: `${target.httpUrl}/echo?mcp=cancel`, placement: { country: 'BR' } })
      ).body as Obj;
      const cancelled = (await client.callTool({
        name: 'cancel',
        arguments: { kind: 'job', id: waiting.job_id },
      })) as Obj;
      assert.equal(cancelled.isError, false, textOf(cancelled));
      assert.match(textOf(cancelled), /cancelled: failed \(cancelled: cancelled by the client\)/);
      assert.equal(((await api.status(waiting.job_id)).body as Obj).error_type, 'cancelled');
      const again = (await client.callTool({
        name: 'cancel',
        arguments: { kind: 'job', id: waiting.job_id },
      })) as Obj;
      assert.equal(again.isError, true);
      assert.match(textOf(again), /conflict: job has already ended \(HTTP 409\)/);

      // No device in Latin America: every try fails in time, and the summary says so.
      const sweep = (await client.callTool({
        name: 'run_sweep',
        arguments: { url: `${target.httpUrl}/article`, regions: ['LATAM'], timeout_sec: 1 },
      })) as Obj;
      const summary = JSON.parse(textOf(sweep));
      assert.equal(summary.regions.LATAM.succeeded, 0);
      assert.equal(summary.regions.LATAM.tries, 1);
    } finally {
      await client.close();
    }
  });

  test('over HTTP: a full-page crawl answers a screenshot and metrics', {
    skip: chromiumSkip,
  }, async () => {
    const client = await httpClient(c.apiKey);
    try {
      const r = (await client.callTool({
        name: 'crawl_page',
        arguments: { url: `${target.httpUrl}/article`, device_type: 'mobile' },
      })) as Obj;
      assert.equal(r.isError, false, textOf(r));
      const image = (r.content as Obj[]).find((x) => x.type === 'image');
      assert.equal(image?.mimeType, 'image/png');
      assert.ok(Buffer.from(image?.data, 'base64').subarray(1, 4).toString() === 'PNG');
      assert.equal(JSON.parse(textOf(r)).status_code, 200);
    } finally {
      await client.close();
    }
  });

  test('over HTTP: crawl_page drives the page with actions and extracts JSON', {
    skip: chromiumSkip,
  }, async () => {
    const client = await httpClient(c.apiKey);
    try {
      const r = (await client.callTool({
        name: 'crawl_page',
        arguments: {
          url: `${target.httpUrl}/article`,
          device_type: 'mobile',
          actions: [
            { type: 'scroll', to: 'bottom' },
            { type: 'evaluate', script: 'return document.querySelectorAll("h1").length' },
          ],
          extract: { fields: [{ name: 'heading', selector: 'h1', transforms: ['trim'] }] },
        },
      })) as Obj;
      assert.equal(r.isError, false, textOf(r));
      const answer = JSON.parse(textOf(r)) as Obj;
      assert.deepEqual(
        answer.actions.map((a: Obj) => [a.type, a.status]),
        [
          ['scroll', 'ok'],
          ['evaluate', 'ok'],
        ],
      );
      assert.equal(typeof answer.extracted.heading, 'string');
      assert.ok(answer.extracted.heading.length > 0);
    } finally {
      await client.close();
    }
  });

  test('over HTTP: a call without a valid key is refused', async () => {
    await assert.rejects(httpClient(null), /401|unauthorized/i);
    await assert.rejects(httpClient('ck_wrong'), /401|unauthorized/i);
    const raw = await fetch(`${c.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(raw.status, 401);
    assert.equal(await raw.json(), 'unauthorized: invalid or missing API key');
    // Stateless: no standalone stream to open, no session to end.
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${c.url}/mcp`, { method, headers: { authorization: `Bearer ${c.apiKey}` } });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'POST');
      await res.arrayBuffer();
    }
  });

  test('over stdio (crawl mcp): lists the tools and fetches a page', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(ROOT, 'cli/main.ts'), '--url', c.url, '--key', c.apiKey, 'mcp'],
      cwd: ROOT,
      stderr: 'pipe',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
      const page = (await client.callTool({
        name: 'fetch_url',
        arguments: { url: `${target.httpUrl}/article`, format: 'text' },
      })) as Obj;
      assert.equal(page.isError, false, textOf(page));
      assert.match(textOf(page), /harbour lights/i);
    } finally {
      await client.close();
    }
  });
});
