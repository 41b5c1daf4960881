// Fixture pages for page actions and extraction (docs/actions.md), served by fixture-sites.ts: a
// login form and its members page, an infinite scroll, a load-more button, a link to a private
// address, a product list. Every page is plain HTML with a little script; batches come from /api/batch.
import type http from 'node:http';

export const SECRET_PASSWORD = 'hunter2-very-secret';
export const MEMBERS_TEXT = 'Welcome back, member';
export const PRIVATE_LINK = 'http://10.0.0.5/inside';
/** Items per batch of /infinite and /load-more. */
export const BATCH_SIZE = 10;

const doc = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
  `<style>.item{height:120px;border-bottom:1px solid #ccc}</style></head><body>${body}</body></html>`;

const items = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `<li class="item">Item ${from + i + 1}</li>`).join('');

/** The product list extraction reads (expected JSON in the extraction test). */
export const PRODUCTS = [
  { name: 'Brass lantern', price: '€ 1,249.50', href: '/p/lantern', tags: ['brass', 'light'] },
  { name: 'Fog horn', price: '€ 89.00', href: '/p/horn', tags: ['sound'] },
  { name: 'Tide clock', price: '€ 12.75', href: '/p/clock', tags: [] },
];

const PRODUCT_PAGE = doc(
  'Shop',
  `<h1 class="title">  The harbour shop </h1><ul id="products">${PRODUCTS.map(
    (p) =>
      `<li class="product" data-sku="${p.href.slice(3)}"><a class="name" href="${p.href}"> ${p.name} </a>` +
      `<span class="price">${p.price}</span><ul class="tags">${p.tags.map((t) => `<li>${t}</li>`).join('')}</ul></li>`,
  ).join('')}</ul>`,
);

const INFINITE = doc(
  'Infinite',
  `<ul id="list">${items(0, BATCH_SIZE)}</ul><script>
  let next = 1, busy = false;
  addEventListener('scroll', async () => {
    if (busy || innerHeight + scrollY < document.body.scrollHeight - 50) return;
    busy = true;
    const r = await fetch('/api/batch?page=' + next++);
    document.getElementById('list').insertAdjacentHTML('beforeend', await r.text());
    busy = false;
  });
  </script>`,
);

const LOAD_MORE = doc(
  'Load more',
  `<ul id="list">${items(0, BATCH_SIZE)}</ul><button id="more">Load more</button><script>
  let next = 1;
  document.getElementById('more').addEventListener('click', async () => {
    const r = await fetch('/api/batch?page=' + next++);
    document.getElementById('list').insertAdjacentHTML('beforeend', await r.text());
    if (next > 3) document.getElementById('more').remove();
  });
  </script>`,
);

const loginPage = (method: string) =>
  doc(
    'Log in',
    `<form id="login" method="${method}" action="/login"><input id="user" name="user">` +
      `<input id="pass" name="pass" type="password"><button id="go" type="submit">Log in</button></form>`,
  );

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Serves `path` when it is one of these pages; false when it is not. */
export function serveActionPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  const html = (body: string, status = 200, headers: Record<string, string | string[]> = {}) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };
  const login = (form: URLSearchParams) => {
    if (form.get('user') === 'ada' && form.get('pass') === SECRET_PASSWORD) {
      res.writeHead(303, { location: '/members', 'set-cookie': 'member=ada; Path=/; HttpOnly' });
      res.end();
    } else html(doc('Refused', '<p id="refused">wrong password</p>'), 401);
  };
  switch (url.pathname) {
    case '/login':
      if (req.method === 'POST') {
        void readBody(req).then((b) => login(new URLSearchParams(b)));
        return true;
      }
      if (url.searchParams.has('pass'))
        login(url.searchParams); // a GET form puts it in the URL
      else html(loginPage(url.searchParams.get('method') === 'get' ? 'get' : 'post'));
      return true;
    case '/members': {
      const member = /(?:^|; )member=ada(?:;|$)/.test(req.headers.cookie ?? '');
      html(
        doc('Members', member ? `<h1 id="welcome">${MEMBERS_TEXT}</h1>` : '<h1 id="out">Please log in</h1>'),
      );
      return true;
    }
    case '/infinite':
      html(INFINITE);
      return true;
    case '/load-more':
      html(LOAD_MORE);
      return true;
    case '/api/batch': {
      const n = Number(url.searchParams.get('page') ?? '1');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(items(n * BATCH_SIZE, BATCH_SIZE));
      return true;
    }
    case '/private-link':
      html(doc('Away', `<a id="away" href="${PRIVATE_LINK}">away</a>`));
      return true;
    case '/products':
      html(PRODUCT_PAGE);
      return true;
    default:
      return false;
  }
}
