// Firecrawl's options as this network's (coordinator/compat/firecrawl/, docs/compat.md): the job a
// scrape asks for (GET or Chromium, its actions, its extraction), a JSON Schema with places as an
// extraction and its value put back in the schema's shape, path regexes as globs, a crawl's and a
// map's bodies, and the refusals, each naming the option. No sockets: the end-to-end runs are
// test/integration/firecrawl-v1.test.ts and firecrawl-v2.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mapCrawl, mapMap, regexToGlob } from '../../coordinator/compat/firecrawl/crawl-options.js';
import { FirecrawlError } from '../../coordinator/compat/firecrawl/errors.js';
import { jsonExtraction, reshapeExtracted } from '../../coordinator/compat/firecrawl/json-extract.js';
import { mapScrapeOptions, VIEWPORT_SHOT } from '../../coordinator/compat/firecrawl/scrape-options.js';
import { ApiError } from '../../coordinator/errors.js';
import { pageForms } from '../../coordinator/results/markdown.js';

/** The message of the refusal `call` throws. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (err) {
    assert.ok(err instanceof FirecrawlError || err instanceof ApiError, String(err));
    return err.message;
  }
  throw new Error('not refused');
}

const scrape = (body: Record<string, unknown>, version: 'v1' | 'v2' = 'v2') =>
  mapScrapeOptions(body, { version, context: 'scrape', own: ['url'] });

test('a scrape is a plain GET unless it needs a browser; waitFor and a viewport screenshot become actions', () => {
  const plain = scrape({ url: 'http://x.test/', formats: ['markdown', 'links'], timeout: 12_500 });
  assert.deepEqual(plain.job, { method: 'GET', timeout_sec: 13, placement: {} });
  assert.equal(plain.timeoutMs, 12_500);
  assert.equal(plain.shape.links, true);
  const page = scrape({
    url: 'http://x.test/',
    formats: ['screenshot'],
    waitFor: 500,
    location: { country: 'de', languages: ['de-DE', 'de'] },
    mobile: true,
  });
  assert.deepEqual(page.job, {
    method: 'CRAWL_FULL_PAGE',
    // Without a timeout the wait comes on top of the default 30 s.
    timeout_sec: 31,
    placement: { country: 'DE', device_type: 'mobile' },
    headers: { 'Accept-Language': 'de-DE, de' },
    actions: [
      { type: 'wait', ms: 500 },
      { type: 'screenshot', name: VIEWPORT_SHOT },
    ],
  });
  assert.equal(page.shape.screenshot, 'viewport');
  assert.equal(
    scrape({ url: 'http://x.test/', formats: ['screenshot@fullPage'] }, 'v1').shape.screenshot,
    'full',
  );
});

test("Firecrawl's actions as this network's; their results' places", () => {
  const m = scrape({
    url: 'http://x.test/',
    actions: [
      { type: 'click', selector: '#q' },
      { type: 'write', text: 'Ada' },
      { type: 'press', key: 'Enter' },
      { type: 'wait', selector: '#out' },
      { type: 'scroll', direction: 'up' },
      { type: 'screenshot', fullPage: true, quality: 80 },
      { type: 'executeJavascript', script: 'return 1' },
      { type: 'scrape' },
      { type: 'pdf', format: 'A4', landscape: true },
    ],
  });
  assert.deepEqual(m.job.actions, [
    { type: 'click', selector: '#q' },
    { type: 'type', selector: '#q', text: 'Ada' },
    { type: 'press', key: 'Enter' },
    { type: 'wait_for', selector: '#out' },
    { type: 'scroll', by_px: -800 },
    { type: 'screenshot', name: 'action-5', full_page: true },
    { type: 'evaluate', script: 'return 1' },
    {
      type: 'evaluate',
      script: 'return { url: location.href, html: document.documentElement.outerHTML };',
      optional: true,
    },
  ]);
  assert.deepEqual(m.job.pdf, { format: 'A4', landscape: true, print_background: true });
  assert.deepEqual(m.shape.actions, [
    { kind: 'screenshot', name: 'action-5' },
    { kind: 'javascript', index: 6 },
    { kind: 'scrape', index: 7 },
    { kind: 'pdf' },
  ]);
  assert.match(
    refusal(() => scrape({ url: 'http://x.test/', actions: [{ type: 'write', text: 'x' }] })),
    /actions\[0\] is not supported here: .*click the field first/,
  );
  assert.match(
    refusal(() =>
      scrape({
        url: 'http://x.test/',
        actions: [{ type: 'pdf' }, { type: 'wait', milliseconds: 1 }],
      }),
    ),
    /actions\[1\] .*must be last/,
  );
});

test("a JSON Schema with places is an extraction; its value comes back in the schema's shape", () => {
  const schema = {
    type: 'object',
    'x-base-selector': 'main',
    properties: {
      title: { type: ['string', 'null'], 'x-selector': 'h1' },
      price: { type: 'number', 'x-xpath': '//span[@class="price"]' },
      about: {
        type: 'object',
        properties: { body: { type: 'string', 'x-selector': 'p', 'x-type': 'html' } },
      },
      images: {
        type: 'array',
        'x-selector': 'img',
        items: { type: 'string', format: 'uri', 'x-attribute': 'src' },
      },
      tags: { type: 'array', 'x-selector': '.tag', items: { type: 'string' } },
    },
  };
  const { spec, unwrap } = jsonExtraction(schema, 'formats[0].schema');
  assert.equal(spec.base_selector, 'main');
  assert.deepEqual(spec.fields, [
    { name: 'title', selector: 'h1', type: 'text', transforms: ['trim'] },
    { name: 'price', xpath: '//span[@class="price"]', type: 'text', transforms: ['number'] },
    {
      name: 'about',
      type: 'nested',
      fields: [{ name: 'body', selector: 'p', type: 'html', transforms: ['trim'] }],
    },
    {
      name: 'images',
      selector: 'img',
      type: 'list',
      fields: [{ name: 'v', type: 'attribute', attribute: 'src', transforms: ['absolute_url'] }],
    },
    {
      name: 'tags',
      selector: '.tag',
      type: 'list',
      fields: [{ name: 'v', type: 'text', transforms: ['trim'] }],
    },
  ]);
  // The device checks the value as it reads it: lists of values through one field each.
  const deviceImages = (spec.json_schema as { properties: Record<string, Record<string, unknown>> })
    .properties.images;
  assert.deepEqual(deviceImages?.items, {
    type: 'object',
    properties: { v: { type: 'string', format: 'uri', 'x-attribute': 'src' } },
  });
  assert.deepEqual(
    reshapeExtracted(
      {
        title: 'T',
        price: 3,
        about: { body: '<b>x</b>' },
        images: [{ v: 'http://x.test/1.jpg' }],
        tags: [{ v: 'a' }],
      },
      unwrap,
    ),
    { title: 'T', price: 3, about: { body: '<b>x</b>' }, images: ['http://x.test/1.jpg'], tags: ['a'] },
  );
  assert.match(
    refusal(() =>
      jsonExtraction({ type: 'object', properties: { t: { type: 'string' } } }, 'jsonOptions.schema'),
    ),
    /^jsonOptions\.schema\.properties\.t is not supported here: it has no x-selector or x-xpath/,
  );
  assert.match(
    refusal(() => jsonExtraction({ properties: { ok: { type: 'boolean', 'x-selector': 'b' } } }, 's')),
    /a boolean value cannot be read from a page/,
  );
});

test('refusals name the option and say why; accepted options change nothing', () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ formats: [{ type: 'json', prompt: 'the price' }] }, /formats\[0\]\.prompt .*language model/],
    [{ formats: ['summary'] }, /summary needs a language model/],
    [{ formats: ['changeTracking'] }, /no history/],
    [{ formats: [{ type: 'screenshot', viewport: { width: 1, height: 1 } }] }, /formats\[0\]\.viewport/],
    [{ minAge: 1000 }, /^minAge is not supported here/],
    [{ zeroDataRetention: true }, /^zeroDataRetention/],
    [{ nonsense: 1 }, /^invalid request: nonsense is not a known field$/],
    [{ location: { country: 'XX' } }, /location\.country must be an ISO 3166-1 alpha-2 country code/],
    [{ waitFor: 20_000, timeout: 30_000 }, /^invalid request: waitFor must not exceed half of timeout$/],
    [
      { waitFor: 5_000, timeout: 10_000, actions: [{ type: 'wait', milliseconds: 5_000 }] },
      /waitFor and the wait actions add up to 10000 ms, more than the timeout/,
    ],
  ];
  for (const [body, expected] of cases)
    assert.match(
      refusal(() => scrape({ url: 'http://x.test/', ...body })),
      expected,
    );
  const accepted = scrape({
    url: 'http://x.test/',
    maxAge: 0,
    storeInCache: false,
    proxy: 'stealth',
    skipTlsVerification: true,
    blockAds: true,
    parsers: ['pdf'],
    origin: 'js-sdk@4',
    zeroDataRetention: false,
  });
  assert.deepEqual(accepted.job, { method: 'GET', timeout_sec: 30, placement: {} });
});

test('path regexes as globs: text, .*, ^ and a trailing $; anything else refused', () => {
  assert.equal(regexToGlob('blog/.*', 'p'), '*blog/*');
  assert.equal(regexToGlob('^/docs/.*', 'p'), '/docs/*');
  assert.equal(regexToGlob('.*\\.pdf$', 'p'), '*.pdf');
  assert.equal(regexToGlob('^/a\\-b$', 'p'), '/a-b');
  for (const bad of ['(a|b)', '/p/[0-9]+', '\\d', 'a+', 'a?b']) {
    assert.match(
      refusal(() => regexToGlob(bad, 'includePaths[0]')),
      /only text, \.\*, a leading \^/,
    );
  }
});

test('a crawl body: defaults, the start path as an include, politeness; a map body', () => {
  const { crawl, shape } = mapCrawl(
    {
      url: 'example.test/docs',
      limit: 50,
      maxDiscoveryDepth: 2,
      includePaths: ['guide/.*', '^/docs/api'],
      excludePaths: ['.*\\.pdf$'],
      delay: 0.5,
      maxConcurrency: 2,
      allowSubdomains: true,
      ignoreSitemap: true,
      scrapeOptions: { formats: ['html'], waitFor: 100, location: { country: 'FR' } },
    },
    'v1',
  );
  assert.deepEqual(crawl, {
    url: 'http://example.test/docs',
    max_pages: 50,
    max_depth: 2,
    include_paths: ['/docs*guide/*', '/docs/api'],
    exclude_paths: ['*.pdf'],
    scope: 'subdomains',
    sitemap: 'skip',
    ignore_query: false,
    method: 'CRAWL_FULL_PAGE',
    timeout_sec: 31,
    placement: { country: 'FR' },
    robots: true,
    politeness: { requests_per_second: 2, concurrency: 2 },
  });
  assert.equal(shape.html, true);
  assert.deepEqual(mapCrawl({ url: 'http://example.test/' }, 'v2').crawl.include_paths, []);
  assert.deepEqual(
    mapCrawl({ url: 'http://example.test/docs', crawlEntireDomain: true }, 'v2').crawl.include_paths,
    [],
  );
  assert.match(
    refusal(() => mapCrawl({ url: 'http://example.test/', maxDepth: 3 }, 'v1')),
    /maxDiscoveryDepth/,
  );
  assert.match(
    refusal(() =>
      mapCrawl(
        { url: 'http://example.test/', scrapeOptions: { formats: [{ type: 'json', schema: {} }] } },
        'v2',
      ),
    ),
    /scrapeOptions\.formats \(json\) is not supported here/,
  );
  const map = mapMap({
    url: 'http://example.test/',
    search: 'Blog',
    includeSubdomains: false,
    sitemapOnly: true,
  });
  assert.deepEqual(map.map, {
    url: 'http://example.test/',
    limit: 5000,
    sitemap: 'only',
    scope: 'same-host',
    ignore_query: true,
    wait_sec: 20,
    placement: {},
  });
  assert.equal(map.search, 'blog');
});

test('page forms: main content, the whole body, included and excluded elements, links, images, metadata', () => {
  const html =
    '<html lang="fr"><head><title> A  page </title><meta name="description" content="About it">' +
    '<meta property="og:title" content="OG"><link rel="icon" href="/f.ico"></head><body>' +
    '<nav>Menu</nav><article><h1>Head</h1><p class="keep">Kept text that is long enough to be an article.</p>' +
    '<p class="drop">Dropped text</p><img src="/i.png"><img src="data:image/png;base64,AAAA"></article>' +
    '<a href="/x">x</a><a href="mailto:a@b.c">m</a><a href="/x">again</a><footer>Foot</footer></body></html>';
  const all = { markdown: true, html: true, links: true, images: true };
  const base = { mainOnly: true, includeTags: [], excludeTags: [], removeDataImages: true, ...all };
  const main = pageForms(html, 'http://x.test/p', base);
  assert.deepEqual(main.metadata, {
    title: 'A page',
    language: 'fr',
    description: 'About it',
    ogTitle: 'OG',
    favicon: 'http://x.test/f.ico',
  });
  assert.deepEqual(main.links, ['http://x.test/x']);
  assert.deepEqual(main.images, ['http://x.test/i.png']);
  assert.ok(!main.html?.includes('data:image'));
  const whole = pageForms(html, 'http://x.test/p', { ...base, mainOnly: false });
  assert.ok(whole.markdown?.includes('Menu') && whole.markdown.includes('Foot'), whole.markdown);
  const chosen = pageForms(html, 'http://x.test/p', {
    ...base,
    includeTags: ['article'],
    excludeTags: ['.drop', 'p[['],
  });
  assert.ok(chosen.markdown?.includes('Kept text') && !chosen.markdown.includes('Dropped'), chosen.markdown);
  assert.deepEqual(chosen.warnings, ['excludeTags: "p[[" is not a CSS selector']);
});
