// The egress proxy's listener (--proxy-addr, off by default; docs/proxy.md): one port for SOCKS5
// and HTTP. The first byte tells them apart (5: SOCKS5; a letter: an HTTP request line). HTTP takes
// CONNECT (any TLS client) and absolute-form requests for http:// URLs; both authenticate with
// Proxy-Authorization: Basic (username with targeting, password the API key). Each accepted
// connection becomes one stream through a device (gate.ts).

import http from 'node:http';
import net from 'node:net';
import type { Logger } from 'pino';
import type { LinkStream } from '../../common/link-streams/link-stream.js';
import { listenOn } from '../../common/listen.js';
import { type Caller, ProxyGate, type ProxyGateDeps, ProxyRefusal, type RefusalKind } from './gate.js';
import {
  readGreetingAndAuth,
  readRequest,
  SOCKS_VERSION,
  SocksError,
  SocksReply,
  writeAuthResult,
  writeReply,
} from './socks5.js';

export interface ProxyServerOptions extends ProxyGateDeps {
  log: Logger;
}

/** Time a client has to finish its handshake (SOCKS) or request head (HTTP). */
const HANDSHAKE_MS = 10_000;

const HTTP_STATUS: Record<RefusalKind, number> = {
  auth: 407,
  limit: 429,
  denied: 403,
  no_device: 503,
  unreachable: 502,
  invalid: 400,
};

const SOCKS_CODE: Record<RefusalKind, number> = {
  auth: SocksReply.NotAllowed,
  limit: SocksReply.NotAllowed,
  denied: SocksReply.NotAllowed,
  no_device: SocksReply.GeneralFailure,
  unreachable: SocksReply.HostUnreachable,
  invalid: SocksReply.GeneralFailure,
};

/** Hop-by-hop request headers not forwarded on absolute-form requests (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export class ProxyServer {
  readonly gate: ProxyGate;
  readonly meter: ProxyGateDeps['meter'];
  private readonly server: net.Server;
  private readonly http: http.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly opts: ProxyServerOptions) {
    this.gate = new ProxyGate(opts);
    this.meter = opts.meter;
    this.http = http.createServer({ requestTimeout: HANDSHAKE_MS, headersTimeout: HANDSHAKE_MS });
    this.http.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
      void this.onConnect(req, socket, head);
    });
    this.http.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      void this.onAbsolute(req, res);
    });
    this.http.on('clientError', (_err, socket: net.Socket) => {
      if (socket.writable)
        socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      else socket.destroy();
    });
    // Node's default socket buffers (16 KiB): what a socket buffers past its stream's credit is
    // memory per connection that no window bounds (256 KiB here cost 50 MiB at 200 streams).
    this.server = net.createServer((socket) => this.onSocket(socket));
  }

  async listen(host: string, port: number): Promise<{ host: string; port: number }> {
    const addr = await listenOn(this.server, port, host);
    return { host: addr.address, port: addr.port };
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
    await this.opts.meter.flush();
  }

  private onSocket(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    const timer = setTimeout(() => socket.destroy(), HANDSHAKE_MS);
    timer.unref();
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) return;
      socket.unshift(first);
      if (first[0] === SOCKS_VERSION) {
        void this.onSocks(socket, timer);
        return;
      }
      clearTimeout(timer); // the HTTP server's own timeouts take over
      this.http.emit('connection', socket);
      socket.resume();
    });
  }

  // ------------------------------------------------------------ SOCKS5

  private async onSocks(socket: net.Socket, timer: NodeJS.Timeout): Promise<void> {
    let caller: Caller;
    try {
      const { username, password } = await readGreetingAndAuth(socket);
      try {
        caller = await this.gate.authenticate(username, password);
      } catch (err) {
        writeAuthResult(socket, false);
        this.refused(err);
        socket.end();
        return;
      }
      writeAuthResult(socket, true);
      const { host, port } = await readRequest(socket);
      clearTimeout(timer);
      let opened: Awaited<ReturnType<ProxyGate['open']>>;
      try {
        opened = await this.gate.open(caller, host, port);
      } catch (err) {
        const kind = err instanceof ProxyRefusal ? err.kind : 'unreachable';
        const code =
          err instanceof ProxyRefusal && err.deviceReason === 'connect'
            ? SocksReply.ConnectionRefused
            : SOCKS_CODE[kind];
        this.refused(err);
        writeReply(socket, code);
        socket.end();
        return;
      }
      if (socket.destroyed) {
        opened.stream.destroy();
        opened.release();
        return;
      }
      writeReply(socket, SocksReply.Succeeded);
      this.carry(socket, opened.stream, caller.key.id, opened.release, Buffer.alloc(0));
    } catch (err) {
      clearTimeout(timer);
      if (err instanceof SocksError && err.reply !== null && socket.writable) writeReply(socket, err.reply);
      socket.end();
    }
  }

  // ------------------------------------------------------------ HTTP CONNECT

  private async onConnect(req: http.IncomingMessage, socket: net.Socket, head: Buffer): Promise<void> {
    let caller: Caller;
    let host: string;
    let port: number;
    try {
      caller = await this.authenticate(req);
      ({ host, port } = splitAuthority(req.url ?? ''));
    } catch (err) {
      this.answerRaw(socket, err);
      return;
    }
    let opened: Awaited<ReturnType<ProxyGate['open']>>;
    try {
      opened = await this.gate.open(caller, host, port);
    } catch (err) {
      this.answerRaw(socket, err);
      return;
    }
    if (socket.destroyed) {
      opened.stream.destroy();
      opened.release();
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    this.carry(socket, opened.stream, caller.key.id, opened.release, head);
  }

  // ------------------------------------------------------------ HTTP absolute-form

  private async onAbsolute(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let caller: Caller;
    let url: URL;
    try {
      caller = await this.authenticate(req);
      url = absoluteUrl(req.url ?? '');
    } catch (err) {
      this.answer(res, err);
      req.resume();
      return;
    }
    const port = Number(url.port || 80);
    let opened: Awaited<ReturnType<ProxyGate['open']>>;
    try {
      opened = await this.gate.open(caller, url.hostname, port);
    } catch (err) {
      this.answer(res, err);
      req.resume();
      return;
    }
    const { stream, release } = opened;
    const keyId = caller.key.id;
    const headers: http.OutgoingHttpHeaders = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i] ?? '';
      if (HOP_BY_HOP.has(name.toLowerCase())) continue;
      const prev = headers[name];
      const value = req.rawHeaders[i + 1] ?? '';
      headers[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [String(prev)]), value];
    }
    headers.connection = 'close';
    const upstream = http.request({
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      // No agent: this request's only connection is the stream.
      createConnection: () => stream,
    });
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      this.opts.meter.bytes(keyId, stream.bytesOut, stream.bytesIn);
      release();
      stream.destroy();
    };
    upstream.on('response', (up) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
      res.writeHead(up.statusCode ?? 502, up.statusMessage, out);
      up.pipe(res);
      up.on('end', done);
      up.on('error', () => {
        res.destroy();
        done();
      });
    });
    upstream.on('error', (err) => {
      if (!res.headersSent) this.answer(res, new ProxyRefusal('unreachable', `bad gateway: ${err.message}`));
      else res.destroy();
      done();
    });
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy();
        done();
      }
    });
    req.pipe(upstream);
  }

  // ------------------------------------------------------------ shared

  /** Pipes the client and the stream both ways until both ended, metered for the key. */
  private carry(
    client: net.Socket,
    stream: LinkStream,
    keyId: string,
    release: () => void,
    head: Buffer,
  ): void {
    const meter = this.opts.meter;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      meter.bytes(keyId, stream.bytesOut, stream.bytesIn);
      release();
    };
    client.setTimeout(this.opts.config.idleTimeoutMs, () => {
      client.destroy();
      stream.abort('reset', 'idle');
    });
    if (head.byteLength > 0) stream.write(head);
    client.pipe(stream);
    stream.pipe(client);
    client.on('error', () => stream.abort('reset', 'the client went away'));
    // The client's socket is gone both ways: nothing more can reach it, so the stream ends now
    // (a clean end would wait for the device's side, which nobody reads any more).
    client.on('close', () => {
      if (!stream.destroyed) stream.abort('reset', 'the client went away');
    });
    stream.on('error', () => client.destroy());
    stream.once('close', () => {
      if (stream.errored) client.destroy();
      finish();
    });
  }

  private async authenticate(req: http.IncomingMessage): Promise<Caller> {
    const header = req.headers['proxy-authorization'];
    const m = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
    if (!m)
      throw new ProxyRefusal('auth', 'unauthorized: Proxy-Authorization Basic with the API key required');
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new ProxyRefusal('auth', 'unauthorized: expected username:password');
    return this.gate.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1));
  }

  private refused(err: unknown): void {
    const kind = err instanceof ProxyRefusal ? err.kind : 'unreachable';
    this.opts.meter.refused(kind);
    if (!(err instanceof ProxyRefusal)) this.opts.log.warn({ err }, 'proxy connection failed');
  }

  /** A refusal on a CONNECT (the socket is raw: the status line written by hand). */
  private answerRaw(socket: net.Socket, err: unknown): void {
    this.refused(err);
    const { status, headers, body } = refusalResponse(err);
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${lines.join('')}content-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }

  private answer(res: http.ServerResponse, err: unknown): void {
    this.refused(err);
    const { status, headers, body } = refusalResponse(err);
    res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(body);
  }
}

function refusalResponse(err: unknown): { status: number; headers: Record<string, string>; body: string } {
  const refusal =
    err instanceof ProxyRefusal ? err : new ProxyRefusal('unreachable', 'bad gateway: the connection failed');
  const status = HTTP_STATUS[refusal.kind];
  const headers: Record<string, string> = { ...refusal.headers };
  if (status === 407) headers['proxy-authenticate'] = 'Basic realm="crawl proxy"';
  if (refusal.deviceReason) headers['x-proxy-refusal'] = refusal.deviceReason;
  return { status, headers, body: `${refusal.message}\n` };
}

/** `host:port` of a CONNECT (IPv6 in brackets). */
function splitAuthority(authority: string): { host: string; port: number } {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/]+):(\d{1,5})$/.exec(authority);
  if (!m)
    throw new ProxyRefusal(
      'invalid',
      `invalid request: CONNECT needs host:port, got ${authority.slice(0, 100)}`,
    );
  return { host: m[1] ?? '', port: Number(m[2]) };
}

function absoluteUrl(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProxyRefusal('invalid', 'invalid request: a proxy request needs an absolute http:// URL');
  }
  if (url.protocol !== 'http:')
    throw new ProxyRefusal(
      'invalid',
      'invalid request: only http:// URLs are proxied this way; use CONNECT for https',
    );
  return url;
}
