// A local HTTP and HTTPS target for tests and benches. Routes:
//   /echo            JSON of the request (method, headers, body base64)
//   /status/:code    answers that status
//   /slow?ms=N       answers after N ms (or never, with ms=-1)
//   /article         an HTML article (reader text)
//   /big?bytes=N     N bytes of 'a'
//   /cookies         sets two cookies
//   /redirect?to=U   302 to U
//   /binary          a few non-text bytes
//   /redirect/:code?to=U   that 3xx status (301, 302, 303, 307, 308) to U
//   /article-gzip    the article, gzip-encoded
//   /stream?bytes=N  N bytes of 'b' in 1 KiB chunks, chunked (no content-length)
import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { serveHttpAndHttps } from './dual-server.js';

export { TLS_CERT, TLS_KEY } from './dual-server.js';

export const ARTICLE_HTML = `<!doctype html><html><head><title>Harbour lights</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Harbour lights</h1>
<p>The harbour lights were lit an hour before dusk, as they had been every evening for a century.
The keeper walked the length of the breakwater with a lantern and a notebook, writing down each lamp
that failed to catch and each gull that refused to move from his path.</p>
<p>By the time the fishing boats returned, the whole bay glowed amber, and the keeper sat on the last
bollard to count them home. Some nights all of them came back; on others he waited until morning.</p>
<p>Nobody asked him to keep the notebook. He kept it because the lights deserved a witness, and because
the sea, which forgets everything, ought to be answered by somebody who remembers.</p>
</article><footer>Copyright</footer></body></html>`;

export interface TargetServer {
  httpUrl: string;
  httpsUrl: string;
  /** Requests seen, newest last. */
  seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

function handler(seen: TargetServer['seen']): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://target');
      seen.push({ method: req.method ?? '', url: url.pathname + url.search, headers: req.headers });
      const body = Buffer.concat(chunks);
      const path = url.pathname;
      if (path === '/echo') {
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-multi', ['one', 'two']);
        res.end(
          JSON.stringify({
            method: req.method,
            headers: req.headers,
            rawHeaders: req.rawHeaders,
            bodyBase64: body.toString('base64'),
          }),
        );
        return;
      }
      const status = /^\/status\/(\d{3})$/.exec(path);
      if (status) {
        res.statusCode = Number(status[1]);
        res.setHeader('content-type', 'text/plain');
        res.end(`status ${status[1]}`);
        return;
      }
      if (path === '/slow') {
        const ms = Number(url.searchParams.get('ms') ?? '1000');
        if (ms < 0) return; // never answers
        const t = setTimeout(() => res.end('slow'), ms);
        res.on('close', () => clearTimeout(t));
        return;
      }
      if (path === '/article') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(ARTICLE_HTML);
        return;
      }
      if (path === '/big') {
        const bytes = Number(url.searchParams.get('bytes') ?? '1024');
        res.setHeader('content-type', 'text/plain');
        res.end(Buffer.alloc(bytes, 'a'));
        return;
      }
      if (path === '/cookies') {
        res.setHeader('set-cookie', [
          'sid=abc123; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=3600',
          'theme=dark; Domain=localhost; Path=/app; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
        ]);
        res.setHeader('content-type', 'text/plain');
        res.end('cookies set');
        return;
      }
      if (path === '/redirect') {
        res.statusCode = 302;
        res.setHeader('location', url.searchParams.get('to') ?? '/echo');
        res.end();
        return;
      }
      if (path === '/binary') {
        res.setHeader('content-type', 'application/octet-stream');
        res.end(Buffer.from([0, 159, 146, 150, 255, 1, 2, 3]));
        return;
      }
      const redirect = /^\/redirect\/(30[12378])$/.exec(path);
      if (redirect) {
        res.statusCode = Number(redirect[1]);
        res.setHeader('location', url.searchParams.get('to') ?? '/echo');
        res.end();
        return;
      }
      if (path === '/article-gzip') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync(ARTICLE_HTML));
        return;
      }
      if (path === '/stream') {
        let left = Number(url.searchParams.get('bytes') ?? '4096');
        res.setHeader('content-type', 'text/plain');
        while (left > 0) {
          res.write(Buffer.alloc(Math.min(left, 1024), 'b'));
          left -= 1024;
        }
        res.end();
        return;
      }
      res.statusCode = 404;
      res.end('not found');
    });
  };
}

/** Starts the target on 127.0.0.1, HTTP and HTTPS, ports chosen by the OS. */
export async function startTargetServer(): Promise<TargetServer> {
  const seen: TargetServer['seen'] = [];
  return { ...(await serveHttpAndHttps(handler(seen))), seen };
}
