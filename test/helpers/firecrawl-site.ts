// A small local site for the Firecrawl-compatible API's tests (test/integration/firecrawl-*.test.ts):
// a home page with furniture (nav, footer), an article, links, metadata and an inline data: image;
// three linked pages (the third links to a missing one); a shop page to extract from; a form page for page actions; a page that holds
// its answer until released (cancel tests); a 404 page. Every request is recorded.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const HOME_TITLE = 'Harbour lights';
export const ARTICLE_SENTENCE = 'The harbour lights were lit an hour before dusk';
export const NAV_TEXT = 'Harbour navigation';
export const FOOTER_TEXT = 'Copyright the harbour keepers';
export const DATA_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const PRODUCTS = [
  {
    sku: 'L1',
    name: 'Brass lantern',
    price: '€ 1,249.50',
    href: '/p/lantern',
    images: ['/i/l1.jpg', '/i/l2.jpg'],
  },
  { sku: 'R2', name: 'Rope coil', price: '€ 35.00', href: '/p/rope', images: ['/i/r1.jpg'] },
];

const page = (title: string, main: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body>` +
  `<nav><a href="/">${NAV_TEXT}</a> <a href="/a">A</a> <a href="/b">B</a></nav>` +
  `<main>${main}</main><footer>${FOOTER_TEXT}</footer></body></html>`;

const HOME = page(
  HOME_TITLE,
  `<article><h1>${HOME_TITLE}</h1>
<p>${ARTICLE_SENTENCE}, as they had been every evening for a century. The keeper walked the length of
the breakwater with a lantern and a notebook, writing down each lamp that failed to catch.</p>
<p class="aside">By the time the fishing boats returned, the whole bay glowed amber, and the keeper sat on
the last bollard to count them home. Some nights all of them came back; on others he waited.</p>
<p>Nobody asked him to keep the notebook. He kept it because the lights deserved a witness, and because
the sea, which forgets everything, ought to be answered by somebody who remembers.</p>
<p><img src="/i/lamp.jpg" alt="lamp"> <img src="${DATA_IMAGE}" alt="dot"></p>
<p>Read <a href="/a">the first page</a>, <a href="/b">the second</a> and <a href="/c">the third</a>.</p>
</article>`,
  '<meta name="description" content="A keeper and his lights"><meta property="og:title" content="Harbour lights (OG)">',
);

const SHOP = page(
  'The harbour shop',
  `<h1 class="title">  The harbour   shop </h1><ul id="products">${PRODUCTS.map(
    (p) =>
      `<li class="product" data-sku="${p.sku}"><a class="name" href="${p.href}">${p.name}</a>` +
      `<span class="price">${p.price}</span>${p.images.map((i) => `<img src="${i}">`).join('')}</li>`,
  ).join('')}</ul>`,
);

const FORM = page(
  'A form',
  `<input id="q" value=""><button id="go" onclick="document.getElementById('out').textContent = 'Hello ' + document.getElementById('q').value">Go</button>
<div id="out">nobody yet</div>`,
);

export interface FirecrawlSite {
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  /** Answers every /hold request waiting now. */
  releaseHeld(): void;
  /** Resolves once `n` /hold requests wait. */
  whenHeld(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFirecrawlSite(): Promise<FirecrawlSite> {
  const requests: string[] = [];
  const held: Array<() => void> = [];
  let heldWaiter: { n: number; resolve: () => void } | null = null;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(req.url ?? '/');
    const html = (status: number, body: string) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/') return html(200, HOME);
    if (path === '/a' || path === '/b' || path === '/c') {
      const name = path.slice(1);
      const other = path === '/c' ? '/a' : path === '/a' ? '/b' : '/c';
      // The third page links to a page that is not there: a crawl's failed page.
      const broken = path === '/c' ? ' <a href="/missing">gone</a>' : '';
      return html(
        200,
        page(
          `Page ${name}`,
          `<h1>Page ${name}</h1><p>Text of ${path}.</p><a href="${other}">next</a>${broken}`,
        ),
      );
    }
    if (path === '/shop') return html(200, SHOP);
    if (path === '/form') return html(200, FORM);
    if (path === '/hold') {
      held.push(() => html(200, page('Held', '<p>released</p>')));
      if (heldWaiter && held.length >= heldWaiter.n) {
        heldWaiter.resolve();
        heldWaiter = null;
      }
      return;
    }
    return html(404, page('Not here', '<h1>Not here</h1><p>No such page.</p>'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    releaseHeld: () => {
      for (const answer of held.splice(0)) answer();
    },
    whenHeld: (n) =>
      held.length >= n
        ? Promise.resolve()
        : new Promise((resolve) => {
            heldWaiter = { n, resolve };
          }),
    close: async () => {
      for (const answer of held.splice(0)) answer();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
