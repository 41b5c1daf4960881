// Download content forms (?format=json|raw|html|markdown|text) and detail's include_body, through a
// real coordinator, a real agent and a local target serving HTML, gzip, plain text and binary.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { partName } from '../../coordinator/results/content.js';
import { contentKey } from '../../coordinator/storage/types.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type DualServer, serveHttpAndHttps } from '../helpers/dual-server.js';
import type { Obj } from '../helpers/json.js';
import { resultRecord } from '../helpers/records.js';

const PAGE = `<!doctype html><html><head><title>Tide tables</title>
<style>body { color: red }</style><script>var trackingPixel = 1;</script></head><body>
<nav><a href="/">Home</a> <a href="/about">About us</a></nav>
<header>Site header banner</header>
<main><article><h1>Tide tables</h1>
<p>The spring tides arrive twice a month, when the sun and the moon pull along one line. Harbour
masters publish the tables a year ahead so that every skipper can plan a crossing. See the
<a href="/tides/march">March tides</a> or the <a href="https://other.test/almanac">almanac</a>.</p>
<script>document.write('injected junk')</script>
<p>Neap tides fall between them, with the smallest range of the month. A careful skipper reads both
and keeps a margin of a metre under the keel, because tables are averages and the sea is not.</p>
<p><img src="img/chart.png" alt="tide chart"> Charts are drawn from a century of gauge readings kept
by the lighthouse keepers, who wrote each reading in pencil and never missed a single day.</p>
</article></main>
<footer>Copyright footer text</footer></body></html>`;
const BINARY = Buffer.from([0, 159, 146, 150, 255, 1, 2, 3]);

describe('download content forms', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let target: DualServer;
  let stopAgent: () => Promise<void>;
  const jobs: Record<string, string> = {};

  before(async () => {
    target = await serveHttpAndHttps((req, res) => {
      if (req.url === '/page') res.setHeader('content-type', 'text/html; charset=utf-8').end(PAGE);
      else if (req.url === '/page-gzip') {
        res.setHeader('content-type', 'text/html; charset=utf-8').setHeader('content-encoding', 'gzip');
        res.end(gzipSync(PAGE));
      } else if (req.url === '/plain') res.setHeader('content-type', 'text/plain').end('just words\n');
      else res.setHeader('content-type', 'application/octet-stream').end(BINARY);
    });
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const token = await c.newDevice('forms-agent');
    stopAgent = (await startTestAgent({ deviceId: 'forms-agent', token, coordinators: [c.url] })).stop;
    for (const path of ['/page', '/page-gzip', '/plain', '/binary']) {
      const { id, job } = await api.run({ url: `${target.httpUrl}${path}` });
      assert.equal(job.status, 'completed', path);
      jobs[path] = id;
    }
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    await target.close();
  });

  const get = (id: string, query: string) =>
    fetch(`${c.url}/crawl/v1/jobs/${id}/download${query}`, {
      headers: { authorization: `Bearer ${c.apiKey}` },
    });

  test('json stays the default object and gains markdown for an HTML page', async () => {
    const id = jobs['/page'] as string;
    const plain = (await api.download(id)) as Obj;
    const explicit = (await api.request('GET', `/crawl/v1/jobs/${id}/download?format=json`)).body as Obj;
    assert.deepEqual(plain, explicit);
    assert.equal(plain.id, id);
    assert.equal(plain.mainResult.body, PAGE);
    assert.equal(plain.hasReader, true);
    assert.match(plain.markdown, /^# Tide tables/);
    const binary = (await api.download(jobs['/binary'] as string)) as Obj;
    assert.equal('markdown' in binary, false);
  });

  test('raw answers the body bytes with their content type', async () => {
    let res = await get(jobs['/page'] as string, '?format=raw');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), 'sandbox');
    assert.equal(await res.text(), PAGE);
    res = await get(jobs['/binary'] as string, '?format=raw');
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), BINARY);
    // The device decoded the gzip body: raw answers the page itself, with no Content-Encoding, and
    // the JSON form says which encoding the target used.
    res = await get(jobs['/page-gzip'] as string, '?format=raw');
    assert.equal(res.headers.get('content-encoding'), null);
    assert.equal(await res.text(), PAGE);
    const gz = (await (await get(jobs['/page-gzip'] as string, '')).json()) as {
      metadata: { content_encoding?: string };
      mainResult: { body: string };
    };
    assert.equal(gz.metadata.content_encoding, 'gzip');
    assert.equal(gz.mainResult.body, PAGE);
  });

  test('html, markdown and text of an HTML page (gzip-encoded too)', async () => {
    for (const path of ['/page', '/page-gzip']) {
      const id = jobs[path] as string;
      const html = await get(id, '?format=html');
      assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(html.headers.get('content-security-policy'), 'sandbox');
      assert.equal(await html.text(), PAGE);

      const mdRes = await get(id, '?format=markdown');
      assert.equal(mdRes.headers.get('content-type'), 'text/markdown; charset=utf-8');
      const md = await mdRes.text();
      assert.match(md, /^# Tide tables\n/);
      assert.ok(md.includes(`[March tides](${target.httpUrl}/tides/march)`), md);
      assert.ok(md.includes('[almanac](https://other.test/almanac)'), md);
      assert.ok(md.includes(`![tide chart](${target.httpUrl}/img/chart.png)`), md);
      assert.ok(md.includes('Neap tides fall between them'), md);
      for (const junk of [
        'trackingPixel',
        'color: red',
        'injected junk',
        'About us',
        'Copyright footer',
        'banner',
      ]) {
        assert.equal(md.includes(junk), false, `${junk} in ${md}`);
      }

      const text = await (await get(id, '?format=text')).text();
      assert.match(text, /^The spring tides arrive twice a month/);
      assert.equal(text.includes('About us'), false);
      assert.equal(text.includes('trackingPixel'), false);
    }
  });

  test('text of a plain-text body is the body; forms a body cannot have are 400', async () => {
    const res = await get(jobs['/plain'] as string, '?format=text');
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await res.text(), 'just words\n');
    const bin = jobs['/binary'] as string;
    for (const format of ['html', 'markdown', 'text']) {
      const r = await api.request('GET', `/crawl/v1/jobs/${bin}/download?format=${format}`);
      assert.equal(r.status, 400, format);
      assert.match(r.body as string, new RegExp(`^invalid request: format ${format} needs`));
    }
    const plainHtml = await api.request('GET', `/crawl/v1/jobs/${jobs['/plain']}/download?format=html`);
    assert.equal(plainHtml.status, 400);
  });

  test('an unknown format is 400 in the contract shape; 404 and 409 keep theirs', async () => {
    const id = jobs['/page'] as string;
    for (const q of ['?format=docx', '?format=', '?format=JSON', '?format=json&format=raw']) {
      const res = await api.request('GET', `/crawl/v1/jobs/${id}/download${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(
        res.body,
        'invalid request: format must be one of json, raw, html, markdown, text, extract, har, pdf, lighthouse',
        q,
      );
    }
    const missing = await api.request('GET', `/crawl/v1/jobs/${randomUUID()}/download?format=raw`);
    assert.equal(missing.status, 404);
  });

  test('detail: top-level status_code, and the body only with include_body=true', async () => {
    const id = jobs['/page'] as string;
    const detail = (await api.detail(id)) as Obj;
    assert.equal(detail.status_code, 200);
    assert.equal('body' in detail, false);
    const withBody = (await api.request('GET', `/crawl/v1/jobs/${id}/detail?include_body=true`)).body as Obj;
    assert.equal(withBody.body, PAGE);
    assert.equal(withBody.body_encoding, 'text');
    const bin = (await api.request('GET', `/crawl/v1/jobs/${jobs['/binary']}/detail?include_body=1`))
      .body as Obj;
    assert.equal(bin.body, BINARY.toString('base64'));
    assert.equal(bin.body_encoding, 'base64');
    const bad = await api.request('GET', `/crawl/v1/jobs/${id}/detail?include_body=maybe`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body, 'invalid request: include_body must be true or false');
    const pending = (
      await api.submit({ url: `${target.httpUrl}/plain`, placement: { country: 'FR' }, timeout_sec: 5 })
    ).body as Obj;
    const early = (await api.request('GET', `/crawl/v1/jobs/${pending.job_id}/detail?include_body=true`))
      .body as Obj;
    assert.equal(early.status_code, null);
    assert.equal('body' in early, false);
  });

  test('html and markdown of a full-page job come from the rendered DOM', async () => {
    const rendered = PAGE.replace('<p>Neap', '<p>Rendered by script. Neap');
    const submitted = (
      await api.submit({ url: `${target.httpUrl}/page`, placement: { country: 'FR' }, timeout_sec: 5 })
    ).body as Obj;
    const job = await c.coordinator.store.getJob(submitted.job_id);
    assert.ok(job);
    const storage = c.coordinator.storages.local;
    const result = resultRecord({
      contentType: 'text/html; charset=utf-8',
      finalUrl: `${target.httpUrl}/page`,
      parts: { body: PAGE.length, full_page: rendered.length },
    });
    await storage.put(contentKey(job.ownerId, job.id, partName(1, 'body')), Buffer.from(PAGE), 'text/html');
    await storage.put(
      contentKey(job.ownerId, job.id, partName(1, 'full_page')),
      Buffer.from(rendered),
      'text/html',
    );
    await c.coordinator.store.completeJob(job.id, result, new Date().toISOString());
    const html = await (await get(job.id, '?format=html')).text();
    assert.equal(html, rendered);
    const md = await (await get(job.id, '?format=markdown')).text();
    assert.ok(md.includes('Rendered by script.'), md);
    const json = (await api.download(job.id)) as Obj;
    assert.ok((json.markdown as string).includes('Rendered by script.'));
    // Computed once, kept beside the job's content.
    const cached = await storage.get(contentKey(job.ownerId, job.id, partName(1, 'markdown')));
    assert.equal(cached?.toString('utf8'), md);
  });

  test('a page over the markdown limit has no markdown field; format=markdown is 400', async () => {
    const huge = `<html><body><p>${'word '.repeat(450_000)}</p></body></html>`;
    const submitted = (
      await api.submit({ url: `${target.httpUrl}/page`, placement: { country: 'FR' }, timeout_sec: 5 })
    ).body as Obj;
    const job = await c.coordinator.store.getJob(submitted.job_id);
    assert.ok(job);
    await c.coordinator.storages.local.put(
      contentKey(job.ownerId, job.id, partName(1, 'body')),
      Buffer.from(huge),
      'text/html',
    );
    const result = resultRecord({ contentType: 'text/html', parts: { body: huge.length } });
    await c.coordinator.store.completeJob(job.id, result, new Date().toISOString());
    const json = (await api.download(job.id)) as Obj;
    assert.equal('markdown' in json, false);
    const md = await api.request('GET', `/crawl/v1/jobs/${job.id}/download?format=markdown`);
    assert.equal(md.status, 400);
    assert.match(
      md.body as string,
      /^invalid request: format markdown needs an HTML page of at most 2097152 bytes/,
    );
    assert.equal((await get(job.id, '?format=html')).status, 200);
  });
});
