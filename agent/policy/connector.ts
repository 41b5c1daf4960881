// Dialling an address the network policy approved: exactly that address (no second DNS lookup, so a
// rebinding resolver cannot swap in another one), with the host name kept as the TLS server name,
// bound to the configured local address. The executors' connection pools (pinned-pools.ts) dial
// through it.
import net from 'node:net';
import tls from 'node:tls';

/** Why a connection was not made; the kinds are device error types of the same name. */
export type ConnectFailure = 'blocked' | 'dns' | 'connect' | 'tls';

export class TargetConnectError extends Error {
  readonly kind: ConnectFailure;
  /** The underlying error's code (ECONNREFUSED, ENOTFOUND, DEPTH_ZERO_SELF_SIGNED_CERT...), if any. */
  readonly code: string | undefined;
  constructor(kind: ConnectFailure, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'TargetConnectError';
    this.kind = kind;
    this.code = codeOf(cause);
  }
}

export interface TlsInfo {
  /** e.g. 'TLSv1.3' */
  version: string;
  /** IANA name, e.g. 'TLS_AES_256_GCM_SHA384' */
  cipher: string;
}

/** One approved destination: the origin a job named and the address the policy allowed for it. */
export interface PinnedTarget {
  secure: boolean;
  /** The host as the URL spells it (IPv6 in brackets or not). */
  hostname: string;
  port: number;
  /** The address the policy approved; the only one dialled. */
  address: string;
  family: 4 | 6;
}

export interface DialOptions {
  /** Trusted roots: undefined for Node's bundled ones. */
  ca?: Array<string | Buffer> | undefined;
  /** Local address the socket is bound to (`--local-address`). Default: none (the OS chooses). */
  localAddress?: string | undefined;
  /** TCP connect limit, ms. Default 30_000. */
  connectTimeoutMs?: number;
}

/** `host:port` with IPv6 brackets removed and the name lower-cased, as both sides spell it. */
export function targetKey(hostname: string, port: number): string {
  return `${bareHost(hostname).toLowerCase()}:${port}`;
}

/** Node's bundled roots plus `extra`, or undefined when there are no extra ones. */
export function trustedRoots(extra: Buffer[] | undefined): Array<string | Buffer> | undefined {
  return extra && extra.length > 0 ? [...tls.rootCertificates, ...extra] : undefined;
}

/**
 * Opens a TCP (and for https a TLS) connection to `target.address`; `done` gets the socket and,
 * for TLS, the negotiated parameters, or a TargetConnectError of kind `connect` or `tls`.
 */
export function dialPinned(
  target: PinnedTarget,
  options: DialOptions,
  done: (err: TargetConnectError | null, socket?: net.Socket, tlsInfo?: TlsInfo) => void,
): void {
  const { hostname, port, address } = target;
  const label = net.isIPv6(hostname) ? `[${hostname}]:${port}` : `${hostname}:${port}`;
  let settled = false;
  const finish = (err: TargetConnectError | null, socket?: net.Socket, info?: TlsInfo) => {
    if (settled) return;
    settled = true;
    done(err, socket, info);
  };
  const raw = net.connect({
    host: address,
    port,
    family: target.family,
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  const timer = setTimeout(() => {
    raw.destroy(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' }));
  }, options.connectTimeoutMs ?? 30_000);
  const onTcpError = (err: Error) => {
    clearTimeout(timer);
    finish(new TargetConnectError('connect', `connection to ${label} failed: ${describe(err)}`, err));
  };
  raw.once('error', onTcpError);
  raw.once('connect', () => {
    clearTimeout(timer);
    raw.off('error', onTcpError);
    // From here the TLS socket or undici reports errors; this keeps a late one from going uncaught.
    raw.on('error', noop);
    raw.setNoDelay(true);
    if (!target.secure) {
      finish(null, raw);
      return;
    }
    const bare = bareHost(hostname);
    const secureSocket = tls.connect({
      socket: raw,
      // SNI and the certificate check use the name the job asked for, never the address.
      servername: net.isIP(bare) ? undefined : bare,
      host: net.isIP(bare) ? address : bare,
      ca: options.ca,
      ALPNProtocols: ['http/1.1'],
    });
    const onTlsError = (err: Error) => {
      raw.destroy();
      finish(new TargetConnectError('tls', `TLS handshake with ${label} failed: ${describe(err)}`, err));
    };
    secureSocket.once('error', onTlsError);
    secureSocket.once('secureConnect', () => {
      secureSocket.off('error', onTlsError);
      secureSocket.on('error', noop);
      finish(null, secureSocket, {
        version: secureSocket.getProtocol() ?? '',
        cipher: secureSocket.getCipher()?.standardName ?? '',
      });
    });
  });
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function noop(): void {}

function codeOf(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string')
    return err.code;
  return undefined;
}

function describe(err: Error): string {
  const code = codeOf(err);
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}
