// The pure parts of site crawls: URL normalisation, scope and path patterns, sitemaps (gzip and
// index), registrable domains, robots.txt, the link bounds both ends apply, the agent's extractor.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { pageLinks } from '../../agent/executors/page-links.js';
import { LinkRules } from '../../coordinator/site-crawl/link-rules.js';
import { retryAfterMs } from '../../coordinator/site-crawl/politeness.js';
import { registrableDomain, siteDomain } from '../../coordinator/site-crawl/registrable-domain.js';
import { parseRobots } from '../../coordinator/site-crawl/robots-cache.js';
import { parseSitemap } from '../../coordinator/site-crawl/sitemap.js';
import { hostKey, normaliseUrl, urlHash } from '../../coordinator/site-crawl/url-normalise.js';
import { boundLinks, MAX_LINK_CHARS, MAX_RESULT_LINKS } from '../../proto/index.js';

describe('site crawl rules', () => {
  test('normalisation: one spelling per URL, no fragments, credentials or other schemes', () => {
    assert.equal(normaliseUrl('HTTP://Example.COM:80/a/./b/../c#x', false)?.href, 'http://example.com/a/c');
    assert.equal(normaliseUrl('https://example.com/p?', false)?.href, 'https://example.com/p');
    assert.equal(normaliseUrl('https://example.com/p?b=1', true)?.href, 'https://example.com/p');
    assert.equal(normaliseUrl('../x', false, 'https://example.com/a/b/')?.href, 'https://example.com/a/x');
    assert.equal(normaliseUrl('mailto:a@example.com', false), null);
    assert.equal(normaliseUrl('https://user:pw@example.com/', false), null);
    assert.equal(normaliseUrl(`https://example.com/${'a'.repeat(MAX_LINK_CHARS)}`, false), null);
    assert.equal(urlHash('https://a/'), urlHash('https://a/'));
    assert.notEqual(urlHash('https://a/'), urlHash('https://a/b'));
    assert.equal(hostKey(new URL('https://a.example:8443/x')), 'https://a.example:8443');
  });

  test('scope and path patterns', () => {
    const start = ['https://www.example.com/'];
    const host = new LinkRules({ startUrls: start, scope: 'same-host', include: [], exclude: [] });
    assert.ok(host.allows(new URL('https://www.example.com/a')));
    assert.ok(!host.allows(new URL('https://blog.example.com/a')));
    const site = new LinkRules({ startUrls: start, scope: 'same-site', include: [], exclude: [] });
    assert.ok(site.allows(new URL('https://blog.example.com/a')));
    assert.ok(!site.allows(new URL('https://example.org/a')));
    const subs = new LinkRules({ startUrls: start, scope: 'subdomains', include: [], exclude: [] });
    assert.ok(subs.allows(new URL('https://x.www.example.com/a')));
    assert.ok(!subs.allows(new URL('https://blog.example.com/a')));
    const pat = new LinkRules({
      startUrls: start,
      scope: 'same-host',
      include: ['/blog/*'],
      exclude: ['/blog/*?draft*', '/blog/(x)'],
    });
    assert.ok(pat.allows(new URL('https://www.example.com/blog/post')));
    assert.ok(!pat.allows(new URL('https://www.example.com/blog/post?draft=1')));
    assert.ok(!pat.allows(new URL('https://www.example.com/blog/(x)')), 'regex characters are literal');
    assert.ok(!pat.allows(new URL('https://www.example.com/shop/blog/a')), 'patterns match from the start');
  });

  test('sitemaps: urlset, index, gzip by magic bytes, entities', () => {
    const urlset =
      '<?xml version="1.0"?><urlset xmlns="x"><url><loc> https://a/1?x=1&amp;y=2 </loc></url><url><loc>https://a/2</loc></url></urlset>';
    assert.deepEqual(parseSitemap(Buffer.from(urlset)), {
      kind: 'urlset',
      urls: ['https://a/1?x=1&y=2', 'https://a/2'],
    });
    assert.deepEqual(parseSitemap(gzipSync(urlset)).urls.length, 2);
    const index = '<sitemapindex><sitemap><loc>https://a/s1.xml.gz</loc></sitemap></sitemapindex>';
    assert.deepEqual(parseSitemap(Buffer.from(index)), { kind: 'index', urls: ['https://a/s1.xml.gz'] });
    assert.deepEqual(parseSitemap(Buffer.from('<html>no</html>')), { kind: 'unknown', urls: [] });
    assert.deepEqual(parseSitemap(Buffer.from([0x1f, 0x8b, 1, 2, 3])), { kind: 'unknown', urls: [] });
  });

  test('registrable domains from the public suffix list', () => {
    assert.equal(registrableDomain('a.b.example.com'), 'example.com');
    assert.equal(registrableDomain('www.bbc.co.uk'), 'bbc.co.uk');
    // Suffixes the last-two-labels rule got wrong: three and four labels deep.
    assert.equal(registrableDomain('a.b.shop.kawasaki.jp'), 'b.shop.kawasaki.jp'); // *.kawasaki.jp
    assert.equal(registrableDomain('www.city.kawasaki.jp'), 'city.kawasaki.jp'); // !city.kawasaki.jp
    assert.equal(registrableDomain('shop.example.com.br'), 'example.com.br');
    assert.equal(registrableDomain('WWW.Example.COM.'), 'example.com');
    assert.equal(registrableDomain('127.0.0.1'), '127.0.0.1');
    assert.equal(registrableDomain('[::1]'), '::1');
    assert.equal(registrableDomain('localhost'), 'localhost');
    // Politeness: one operator serves every *.github.io, so they share one domain limit ...
    assert.equal(registrableDomain('alice.github.io'), 'github.io');
    // ... while a same-site crawl of alice.github.io stays on alice's site.
    assert.equal(siteDomain('alice.github.io'), 'alice.github.io');
    assert.equal(siteDomain('docs.alice.github.io'), 'alice.github.io');
    assert.equal(siteDomain('www.bbc.co.uk'), 'bbc.co.uk');
    const rules = new LinkRules({
      startUrls: ['https://alice.github.io/'],
      scope: 'same-site',
      include: [],
      exclude: [],
    });
    assert.equal(rules.inScope(new URL('https://docs.alice.github.io/x')), true);
    assert.equal(rules.inScope(new URL('https://bob.github.io/x')), false);
  });

  test('robots.txt for the crawl-agent token, Crawl-delay bounded, sitemaps listed', () => {
    const r = parseRobots(
      'https://a/robots.txt',
      'User-agent: crawl-agent\nDisallow: /x\nCrawl-delay: 500\n\nUser-agent: *\nDisallow: /\nSitemap: https://a/s.xml\n',
    );
    assert.equal(r.allows('https://a/y'), true);
    assert.equal(r.allows('https://a/x/1'), false);
    assert.equal(r.crawlDelaySec, 60);
    assert.deepEqual(r.sitemaps, ['https://a/s.xml']);
    assert.equal(parseRobots('https://a/robots.txt', '').allows('https://a/anything'), true);
  });

  test('Retry-After in seconds or as a date, bounded; a backoff without it', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(retryAfterMs([{ name: 'Retry-After', value: '3' }], 1, now), 3000);
    assert.equal(
      retryAfterMs([{ name: 'retry-after', value: 'Thu, 01 Jan 2026 00:00:10 GMT' }], 1, now),
      10_000,
    );
    assert.equal(retryAfterMs([{ name: 'retry-after', value: '999999' }], 1, now), 600_000);
    assert.equal(retryAfterMs([], 2, now), 10_000);
  });

  test('link bounds: count, length, total, duplicates and non-strings dropped', () => {
    const many = Array.from({ length: MAX_RESULT_LINKS + 50 }, (_, i) => `https://a/${i}`);
    assert.equal(boundLinks(many).length, MAX_RESULT_LINKS);
    assert.deepEqual(
      boundLinks(['https://a/1', 'https://a/1', 7, `https://a/${'x'.repeat(MAX_LINK_CHARS)}`]),
      ['https://a/1'],
    );
  });

  test('the agent extracts a, area, rel=next and canonical links against <base href>, http(s) only', () => {
    const html = Buffer.from(
      '<html><head><base href="https://b.example/dir/"><link rel="canonical" href="/c"><link rel="stylesheet" href="/s.css"><link rel="next" href="p2"></head><body><a href="x#frag">x</a><a href="mailto:m@x">m</a><area href="https://o.example/">a</area><a href="javascript:void(0)">j</a></body></html>',
    );
    assert.deepEqual(pageLinks(html, 'https://a.example/page', 'text/html').sort(), [
      'https://b.example/c',
      'https://b.example/dir/p2',
      'https://b.example/dir/x',
      'https://o.example/',
    ]);
    assert.deepEqual(pageLinks(html, 'https://a.example/', 'application/json'), []);
  });
});
