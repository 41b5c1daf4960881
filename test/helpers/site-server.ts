// A generated local site for site-crawl tests and the bench: pages /p/0 … /p/{n-1} linked as a
// binary tree (page i links to 2i+1 and 2i+2, so page i is at depth floor(log2(i+1))), and on
// request a robots.txt, a sitemap index pointing at a plain and a gzipped sitemap, an infinite
// calendar (each month links to the next), a redirect loop, slow pages, failing pages and pages
// answering 429. Every request is recorded (path, time) so tests can count fetches.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface SiteOptions {
  pages: number;
  /** robots.txt body; undefined: 404. */
  robots?: string;
  /** Serve /sitemap.xml as an index of /sitemap-a.xml and /sitemap-b.xml.gz listing every page. */
  sitemap?: boolean;
  /** Pages listed only in the sitemap (/s/0 …), linked from nowhere. */
  sitemapOnlyPages?: number;
  /** /p/0 links to /calendar/2000-01, and every month to the next, for ever. */
  calendar?: boolean;
  /** /p/0 links to /loop/a, which redirects to /loop/b, which redirects to /loop/a. */
  redirectLoop?: boolean;
  /** /p/0 links to these extra paths (e.g. /private/x to test robots). */
  extraLinks?: string[];
  /** Pages i with i % slowEvery === slowEvery - 1 answer after slowMs. */
  slowEvery?: number;
  slowMs?: number;
  /** Pages i with i % failEvery === failEvery - 1 answer 500. */
  failEvery?: number;
  /** Page i also links to page i+1, so a failing or forbidden page cuts no part of the site off. */
  chainLinks?: boolean;
  /** Bytes of filler text per page. Default 200. */
  fillerBytes?: number;
  /** Every answer waits this long (so requests overlap and maxInFlight means something). */
  delayMs?: number;
}

export interface SiteRequest {
  path: string;
  atMs: number;
}

export interface SiteServer {
  url: string;
  requests: SiteRequest[];
  /** Requests per path. */
  count(path: string): number;
  /** Most requests the site was answering at one time. */
  readonly maxInFlight: number;
  /** Requests open now (held ones included; a request its client cut is no longer open). */
  readonly inFlight: number;
  /** Answers 429 (with Retry-After: `retryAfterSec`) to the next `n` page requests. */
  throttleNext(n: number, retryAfterSec: number): void;
  /** Set to hold every page answer until released (cancel tests). */
  hold(on: boolean): void;
  close(): Promise<void>;
}

export function pageLinksOf(i: number, pages: number): number[] {
  return [2 * i + 1, 2 * i + 2].filter((c) => c < pages);
}

export async function startSiteServer(opts: SiteOptions): Promise<SiteServer> {
  const requests: SiteRequest[] = [];
  const counts = new Map<string, number>();
  let throttle = 0;
  let retryAfter = 1;
  let holding = false;
  const held: Array<() => void> = [];
  const filler = 'lorem ipsum '.repeat(Math.ceil((opts.fillerBytes ?? 200) / 12));
  const html = (title: string, links: string[]) =>
    `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${filler}</p>${links
      .map((l) => `<a href="${l}">${l}</a>`)
      .join(' ')}</body></html>`;
  const allPages = () => {
    const urls: string[] = [];
    for (let i = 0; i < opts.pages; i++) urls.push(`/p/${i}`);
    for (let i = 0; i < (opts.sitemapOnlyPages ?? 0); i++) urls.push(`/s/${i}`);
    return urls;
  };
  let base = '';
  const urlset = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
      .map((p) => `<url><loc>${base}${p}</loc></url>`)
      .join('')}</urlset>`;

  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => inFlight--);
    if (opts.delayMs) setTimeout(() => answer(req, res), opts.delayMs);
    else answer(req, res);
  });
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    requests.push({ path: req.url ?? '/', atMs: Date.now() });
    counts.set(req.url ?? '/', (counts.get(req.url ?? '/') ?? 0) + 1);
    const send = (
      status: number,
      type: string,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    if (path === '/robots.txt') {
      if (opts.robots === undefined) return send(404, 'text/plain', 'no robots');
      return send(200, 'text/plain', opts.robots);
    }
    if (path === '/sitemap.xml' && opts.sitemap) {
      return send(
        200,
        'application/xml',
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/sitemap-a.xml</loc></sitemap><sitemap><loc>${base}/sitemap-b.xml.gz</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/sitemap-a.xml' && opts.sitemap) {
      const all = allPages();
      return send(200, 'application/xml', urlset(all.slice(0, Math.ceil(all.length / 2))));
    }
    if (path === '/sitemap-b.xml.gz' && opts.sitemap) {
      const all = allPages();
      return send(200, 'application/octet-stream', gzipSync(urlset(all.slice(Math.ceil(all.length / 2)))));
    }
    const answer = (run: () => void) => {
      if (holding) held.push(run);
      else run();
    };
    let m = /^\/p\/(\d+)$/.exec(path);
    if (m) {
      const i = Number(m[1]);
      if (i >= opts.pages) return send(404, 'text/html', html('missing', []));
      if (throttle > 0) {
        throttle--;
        return send(429, 'text/html', html('slow down', []), { 'retry-after': String(retryAfter) });
      }
      const links = pageLinksOf(i, opts.pages).map((c) => `/p/${c}`);
      if (opts.chainLinks && i + 1 < opts.pages) links.push(`/p/${i + 1}`);
      if (i === 0) {
        if (opts.calendar) links.push('/calendar/2000-01');
        if (opts.redirectLoop) links.push('/loop/a');
        links.push(...(opts.extraLinks ?? []));
      }
      const run = () => {
        if (opts.failEvery && i % opts.failEvery === opts.failEvery - 1)
          return send(500, 'text/html', html('error', []));
        const body = html(`page ${i}`, links);
        if (opts.slowEvery && i % opts.slowEvery === opts.slowEvery - 1) {
          setTimeout(() => send(200, 'text/html; charset=utf-8', body), opts.slowMs ?? 200);
          return;
        }
        send(200, 'text/html; charset=utf-8', body);
      };
      return answer(run);
    }
    m = /^\/s\/(\d+)$/.exec(path);
    if (m) return send(200, 'text/html; charset=utf-8', html(`sitemap page ${m[1]}`, []));
    m = /^\/calendar\/(\d{4})-(\d{2})$/.exec(path);
    if (m && opts.calendar) {
      const y = Number(m[1]);
      const mo = Number(m[2]);
      const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
      return send(200, 'text/html; charset=utf-8', html(`calendar ${y}-${mo}`, [`/calendar/${next}`]));
    }
    if (path === '/loop/a' && opts.redirectLoop) return send(302, 'text/plain', '', { location: '/loop/b' });
    if (path === '/loop/b' && opts.redirectLoop) return send(302, 'text/plain', '', { location: '/loop/a' });
    return send(200, 'text/html; charset=utf-8', html(path, []));
  };
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    count: (p) => counts.get(p) ?? 0,
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    throttleNext(n, sec) {
      throttle = n;
      retryAfter = sec;
    },
    hold(on) {
      holding = on;
      if (!on) for (const run of held.splice(0)) run();
    },
    async close() {
      holding = false;
      for (const run of held.splice(0)) run();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
