// The device as a proxy exit (docs/proxy.md): the coordinator's StreamOpen becomes a TCP connection
// the agent opens itself, under the owner's consent and controls and the network policy (the name
// resolved once and the checked address dialled, so a rebinding resolver cannot swap in another),
// to the allowed ports only. Its bytes count toward the owner's daily cap with job traffic; a
// stream past the cap is ended there. Each connection's host, bytes and duration go to the URL log.
import net from 'node:net';
import type { Logger } from 'pino';
import { type LinkStream, StreamResetError } from '../../common/link-streams/link-stream.js';
import { LinkStreams } from '../../common/link-streams/link-streams.js';
import type { AgentFrameInit, StreamOpen } from '../../proto/index.js';
import { domainRefusal } from '../owner/controls.js';
import type { OwnerState } from '../owner/owner-state.js';
import type { UrlLog } from '../owner/url-log.js';
import { DnsLookupError, type NetworkPolicy } from '../policy/index.js';

export interface ProxyExitOptions {
  policy: NetworkPolicy;
  owner: OwnerState;
  urlLog: UrlLog;
  /** Destination ports allowed. */
  ports: readonly number[];
  maxStreams: number;
  /** Sends a frame on the link (false: no link). */
  send(frame: AgentFrameInit): boolean;
  /** Sends a StreamData frame (the link's hand-encoded path); default: through send. */
  sendData?(streamId: number, data: Uint8Array): boolean;
  /** Bytes the link's socket holds unsent. */
  linkBuffered(): number;
  /** Local address outgoing connections bind to (`--local-address`). */
  localAddress?: string | undefined;
  /** The owner's counters changed (the availability reporter re-evaluates). */
  changed(): void;
  log: Logger;
  /** TCP connect limit, ms. Default 10_000. */
  connectTimeoutMs?: number;
}

/** Window bounds the agent accepts from a StreamOpen. */
const MIN_WINDOW = 16 * 1024;
const MAX_WINDOW = 1024 * 1024;
/** StreamData payload: large frames, well under the link's frame limit. */
const MAX_DATA_BYTES = 256 * 1024;

export class ProxyExit {
  private streams: LinkStreams;

  constructor(private readonly opts: ProxyExitOptions) {
    this.streams = this.table();
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** The link dropped: every stream ends (the coordinator's side ended with it). */
  linkDown(): void {
    this.streams.closeAll('link down');
    this.streams = this.table();
  }

  /** The link's socket drained. */
  drained(): void {
    this.streams.drained();
  }

  onData(id: number, data: Uint8Array): void {
    this.streams.onData(id, data);
  }

  onCredit(id: number, bytes: number): void {
    this.streams.onCredit(id, bytes);
  }

  onClose(id: number, reason: string, message: string): void {
    this.streams.onClose(id, reason, message);
  }

  onOpen(open: StreamOpen): void {
    const id = open.streamId ?? 0;
    const host = (open.host ?? '').toLowerCase();
    const port = open.port ?? 0;
    const why = this.refusal(id, host, port);
    if (why) {
      this.opts.send({ streamClose: { streamId: id, reason: why.reason, message: why.message } });
      return;
    }
    const window = Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, open.windowBytes ?? 0));
    const stream = this.streams.open(id, window);
    const started = Date.now();
    void this.connect(stream, host, port).then(
      (socket) => {
        if (socket) this.carry(stream, socket, host, port, started, open.keyId ?? '');
      },
      (err: unknown) => this.opts.log.warn({ err }, 'proxy stream failed'),
    );
  }

  /** Why the stream may not open (consent, the owner's controls, the port), or null. */
  private refusal(id: number, host: string, port: number): { reason: string; message: string } | null {
    const { owner } = this.opts;
    if (this.streams.has(id)) return { reason: 'protocol', message: `stream ${id} is already open` };
    if (!owner.proxy) return { reason: 'consent', message: 'the device owner has not turned proxying on' };
    if (this.streams.full)
      return { reason: 'limit', message: `the device carries at most ${this.opts.maxStreams} streams` };
    const ownerWhy = owner.refusal() ?? domainRefusal(host.replace(/^\[|\]$/g, ''), owner.controls);
    if (ownerWhy) return { reason: 'owner', message: ownerWhy };
    if (!this.opts.ports.includes(port))
      return { reason: 'port', message: `port ${port} is not a proxy port of this device` };
    return null;
  }

  private async connect(stream: LinkStream, host: string, port: number): Promise<net.Socket | null> {
    let decision: Awaited<ReturnType<NetworkPolicy['check']>>;
    try {
      decision = await this.opts.policy.check(host.replace(/^\[|\]$/g, ''), port);
    } catch (err) {
      stream.abort('dns', err instanceof DnsLookupError ? err.message : `cannot resolve ${host}`);
      return null;
    }
    if (!decision.allowed) {
      stream.abort('policy', decision.message);
      return null;
    }
    if (stream.destroyed) return null;
    const address = decision.address;
    return new Promise((resolve) => {
      // Node's default socket buffers (16 KiB): a larger one reads ahead of the stream's credit, by
      // that much per connection (at 256 KiB the agent grew 50 MiB more with 200 stalled streams).
      const options: net.NetConnectOpts = {
        host: address,
        port,
        allowHalfOpen: true,
        family: decision.family,
        ...(this.opts.localAddress ? { localAddress: this.opts.localAddress } : {}),
      };
      const socket = net.connect(options);
      const timer = setTimeout(
        () => socket.destroy(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' })),
        this.opts.connectTimeoutMs ?? 10_000,
      );
      const onStreamGone = () => socket.destroy();
      stream.once('close', onStreamGone);
      socket.once('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        stream.off('close', onStreamGone);
        stream.abort('connect', `connection to ${host}:${port} failed: ${err.code ?? err.message}`);
        resolve(null);
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        stream.off('close', onStreamGone);
        socket.setNoDelay(true);
        if (stream.destroyed) {
          socket.destroy();
          resolve(null);
          return;
        }
        this.opts.send({ streamOpened: { streamId: stream.id, address } });
        resolve(socket);
      });
    });
  }

  /** Pipes the connection through the stream both ways, metered against the owner's daily bytes. */
  private carry(
    stream: LinkStream,
    socket: net.Socket,
    host: string,
    port: number,
    started: number,
    keyId: string,
  ): void {
    const { owner } = this.opts;
    const cap = owner.controls.maxBytesPerDay;
    const meter = (n: number) => {
      void owner.noteBytes(n);
      if (cap > 0 && owner.bytesToday >= cap) {
        stream.abort('owner', "the device owner's daily byte budget is used up");
        socket.destroy();
        this.opts.changed();
      }
    };
    socket.on('data', (chunk: Buffer) => meter(chunk.byteLength));
    stream.on('data', (chunk: Buffer) => meter(chunk.byteLength));
    socket.pipe(stream);
    stream.pipe(socket);
    socket.on('error', (err) => stream.abort('reset', err.message));
    stream.on('error', () => socket.destroy());
    // The target's socket is gone both ways: what still arrives for it is dropped (so the stream's
    // end is read and the stream closes) and our direction ends.
    socket.on('close', () => {
      if (stream.destroyed) return;
      if (!stream.writableEnded) stream.end();
      stream.unpipe(socket);
      stream.resume();
    });
    let logged = false;
    const log = (outcome: string) => {
      if (logged) return;
      logged = true;
      void this.opts.urlLog.record({
        time: new Date().toISOString(),
        method: 'CONNECT',
        url: `proxy://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`,
        status: 0,
        bytes: stream.bytesIn + stream.bytesOut,
        outcome,
        jobId: '',
        durationMs: Date.now() - started,
        ...(keyId ? { keyId } : {}),
      });
    };
    stream.once('error', (err) => log(err instanceof StreamResetError ? err.reason : 'reset'));
    stream.once('close', () => {
      // A reset ends the connection now; a clean end lets the socket flush what it holds first.
      if (stream.errored) socket.destroy();
      log('success');
    });
  }

  private table(): LinkStreams {
    const { send, sendData } = this.opts;
    return new LinkStreams(
      {
        data: sendData
          ? (streamId, data) => void sendData(streamId, data)
          : (streamId, data) => void send({ streamData: { streamId, data } }),
        credit: (streamId, bytes) => void send({ streamCredit: { streamId, bytes } }),
        close: (streamId, reason, message) => void send({ streamClose: { streamId, reason, message } }),
        bufferedBytes: () => this.opts.linkBuffered(),
      },
      { windowBytes: 64 * 1024, maxDataBytes: MAX_DATA_BYTES, maxStreams: this.opts.maxStreams },
    );
  }
}
