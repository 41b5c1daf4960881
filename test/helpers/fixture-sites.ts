// Local web pages for browser tests and benches, on 127.0.0.1 (HTTP and HTTPS, ports from the OS).
// One page per behaviour the browser executor must measure or survive:
//   /article            static article with a stylesheet, a script and an image
//   /spa                content rendered by script after a delay and a fetch (/api/items)
//   /shift              a banner pushes the text down after load (layout shift)
//   /long-task          blocks the main thread for 250 ms after the first contentful paint
//   /subresources       images (one 404, one on a refused private address), CSS, JS, an iframe
//   /redirect/1         302 -> /redirect/2 -> 301 -> /article?from=redirect
//   /redirect-refused   302 to a private address the policy refuses
//   /never              a document whose image never answers: the load event never fires
//   /hang               never answers at all
//   /set-cookie         sets `visit` (session) and `theme` (Max-Age, SameSite=Lax)
//   /show-cookie        shows the Cookie header it received
//   /tall               a 4000 px tall page
//   /slow-page?ms=N     answers after N ms; counts how many are in flight at once
//   /big-page?bytes=N   an HTML page of about N bytes
//   /websocket          opens a WebSocket to this site (/ws, recorded) and one to a private address

import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { serveActionPage } from './action-pages.js';
import { TLS_CERT, TLS_KEY } from './target-server.js';

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const ARTICLE_TITLE = 'The lighthouse keeper';
const PARAGRAPHS = [
  'The lighthouse stood at the end of a long spit of shingle, and the keeper walked out to it every evening with a lantern, a flask of tea and a notebook in which he recorded the state of the sea.',
  'On calm nights he wrote very little. On rough nights he filled pages with the height of the waves, the direction of the wind and the names of the boats that came home late, long after the harbour had gone to sleep.',
  'Nobody had asked him to keep the notebook, and nobody read it. He kept it because the light deserved a witness, and because the sea, which forgets everything, ought to be answered by somebody who remembers.',
];

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const ARTICLE = page(
  ARTICLE_TITLE,
  `<nav><a href="/">Home</a></nav><article><h1>${ARTICLE_TITLE}</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}<img src="/pixel.png" alt="" width="200" height="100"></article><footer>Fixture site</footer>`,
  '<link rel="stylesheet" href="/style.css"><script src="/app.js" defer></script>',
);

export const SPA_TEXT = 'Rendered by script: three harbour lights';
const SPA = page(
  'Single-page app',
  `<div id="app">Loading…</div><script>
setTimeout(() => fetch('/api/items').then((r) => r.json()).then((items) => {
  document.getElementById('app').innerHTML = '<article><h1>' + items.title + '</h1>' +
    items.paragraphs.map((p) => '<p>' + p + '</p>').join('') + '</article>';
}), 150);
</script>`,
);

const SHIFT = page(
  'Layout shift',
  `<main>${PARAGRAPHS.map((p) => `<p style="font-size:20px">${p}</p>`).join('')}</main><script>
addEventListener('load', () => setTimeout(() => {
  const banner = document.createElement('div');
  banner.style.height = '300px';
  banner.style.background = '#fc0';
  banner.textContent = 'A late banner';
  document.body.prepend(banner);
}, 100));
</script>`,
);

/** Nothing contentful at the load event: the text comes 120 ms later, so its paint follows load. */
const LATE_PAINT = page(
  'Late paint',
  `<script>
addEventListener('load', () => setTimeout(() => {
  const p = document.createElement('p');
  p.textContent = 'Painted after the load event';
  document.body.append(p);
}, 120));
</script>`,
);

const LONG_TASK = page(
  'Long task',
  `<h1>Busy page</h1><p>${PARAGRAPHS[0]}</p><script>
let blocked = false;
new PerformanceObserver((list) => {
  if (blocked || list.getEntriesByName('first-contentful-paint').length === 0) return;
  blocked = true;
  setTimeout(() => { const end = performance.now() + 250; while (performance.now() < end) {} }, 0);
}).observe({ type: 'paint', buffered: true });
</script>`,
);

export const REFUSED_IMAGE = 'http://10.0.0.1/x.png';

const subresources = (otherOrigin: string) =>
  page(
    'Subresources',
    `<h1>Subresources</h1><p>${PARAGRAPHS[1]}</p><img src="/pixel.png"><img src="/missing.png"><img src="${REFUSED_IMAGE}"><iframe src="${otherOrigin}/frame"></iframe>`,
    '<link rel="stylesheet" href="/style.css"><script src="/app.js"></script>',
  );

export interface FixtureSites {
  /** http://127.0.0.1:port */
  url: string;
  /** https://127.0.0.1:port (certificate: test/fixtures/tls, self-signed for localhost/127.0.0.1) */
  httpsUrl: string;
  port: number;
  /** Paths requested, newest last. */
  requests: string[];
  /** Most /slow-page requests seen in flight at once. */
  peakSlowPages(): number;
  /** Resolves when `path` (pathname, or pathname+search) is next requested. */
  waitForRequest(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fixture sites on 127.0.0.1 (HTTP and HTTPS, same pages). */
export async function startFixtureSites(): Promise<FixtureSites> {
  const requests: string[] = [];
  const events = new EventEmitter();
  const sockets = new Set<Socket>();
  let inflight = 0;
  let peak = 0;
  let port = 0;

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const path = url.pathname;
    requests.push(path + url.search);
    events.emit(path + url.search);
    if (url.search) events.emit(path);
    const html = (body: string, status = 200) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (serveActionPage(req, res, url)) return;
    switch (path) {
      case '/article':
        return html(ARTICLE);
      case '/style.css':
        res.writeHead(200, { 'content-type': 'text/css' });
        return res.end('body { font-family: sans-serif; margin: 2em; } p { line-height: 1.5; }');
      case '/app.js':
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end('window.fixtureLoaded = true;');
      case '/pixel.png':
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
        return res.end(PIXEL);
      case '/spa':
        return html(SPA);
      case '/api/items':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ title: SPA_TEXT, paragraphs: PARAGRAPHS }));
      case '/shift':
        return html(SHIFT);
      case '/long-task':
        return html(LONG_TASK);
      case '/late-paint':
        return html(LATE_PAINT);
      case '/subresources':
        return html(subresources(`http://localhost:${port}`));
      case '/frame':
        return html(page('Frame', '<p>framed</p><img src="/pixel.png?frame">'));
      case '/redirect/1':
        res.writeHead(302, { location: '/redirect/2' });
        return res.end();
      case '/redirect/2':
        res.writeHead(301, { location: '/article?from=redirect' });
        return res.end();
      case '/redirect-refused':
        res.writeHead(302, { location: 'http://10.0.0.2/' });
        return res.end();
      case '/never':
        return html(page('Never loads', `<h1>Still loading</h1><p>${PARAGRAPHS[2]}</p><img src="/hang">`));
      case '/hang':
        return; // never answers; the socket is cut on close()
      case '/set-cookie':
        res.setHeader('set-cookie', ['visit=1; Path=/', 'theme=dark; Path=/; Max-Age=3600; SameSite=Lax']);
        return html(page('Cookies set', '<p>cookies set</p>'));
      case '/show-cookie':
        return html(page('Cookies', `<pre id="cookie">${escapeHtml(req.headers.cookie ?? '')}</pre>`));
      case '/tall':
        return html(
          page('Tall', '<div style="height:4000px;background:linear-gradient(#fff,#00f)">tall</div>'),
        );
      case '/slow-page': {
        inflight++;
        peak = Math.max(peak, inflight);
        const timer = setTimeout(
          () => html(page('Slow', '<p>slow page</p>')),
          Number(url.searchParams.get('ms') ?? 200),
        );
        res.on('close', () => {
          clearTimeout(timer);
          inflight--;
        });
        return;
      }
      case '/websocket':
        return html(
          page(
            'WebSockets',
            `<p>sockets</p><script>new WebSocket('ws://10.0.0.3/'); new WebSocket('ws://127.0.0.1:${port}/ws');</script>`,
          ),
        );
      case '/big-page': {
        const bytes = Number(url.searchParams.get('bytes') ?? '100000');
        return html(page('Big', `<p>${'x'.repeat(bytes)}</p>`));
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  };

  const plain = http.createServer(handler);
  const secure = https.createServer({ cert: TLS_CERT, key: TLS_KEY }, handler);
  for (const server of [plain, secure]) {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    // WebSocket handshakes are only recorded: reaching the site is what tests look at.
    server.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
      requests.push(req.url ?? '');
      events.emit(req.url ?? '');
      socket.destroy();
    });
  }
  const listen = async (server: http.Server) => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  };
  port = await listen(plain);
  const httpsPort = await listen(secure);
  return {
    url: `http://127.0.0.1:${port}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    port,
    requests,
    peakSlowPages: () => peak,
    waitForRequest: (path) => once(events, path).then(() => undefined),
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => plain.close(() => resolve())),
        new Promise<void>((resolve) => secure.close(() => resolve())),
      ]);
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}
