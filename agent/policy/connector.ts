// An undici connector that enforces the network policy at the socket: it checks the host, then dials
// exactly the address the policy approved (no second DNS lookup, so a rebinding resolver cannot swap
// in another address), with the host name kept as the TLS server name.
import net from 'node:net';
import tls from 'node:tls';
import type { buildConnector } from 'undici';
import { DnsLookupError } from './dns-error.js';
import type { NetworkPolicy, PolicyDecision } from './types.js';

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

export interface PolicyConnectorOptions {
  policy: NetworkPolicy;
  /** Extra trusted CA certificates, added to Node's bundled roots. Default: none. */
  ca?: Buffer[];
  /**
   * Decisions the caller already took, keyed by `targetKey(host, port)`: reused so each hop is
   * checked once and the connection goes to the address that check approved.
   */
  decisions?: Map<string, PolicyDecision>;
  /** Local address every socket is bound to (`--local-address`). Default: none (the OS chooses). */
  localAddress?: string;
}

export interface PolicyConnector {
  connect: buildConnector.connector;
  /** TLS parameters of the latest secure connection per `targetKey(host, port)`. */
  tls: Map<string, TlsInfo>;
  /** Destroys every socket this connector opened (including ones still connecting). */
  destroy(): void;
}

/** `host:port` with IPv6 brackets removed and the name lower-cased, as both sides spell it. */
export function targetKey(hostname: string, port: number): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return `${bare.toLowerCase()}:${port}`;
}

export function createPolicyConnector(options: PolicyConnectorOptions): PolicyConnector {
  const sockets = new Set<net.Socket>();
  const tlsInfo = new Map<string, TlsInfo>();
  const decisions = options.decisions ?? new Map<string, PolicyDecision>();
  const ca = options.ca && options.ca.length > 0 ? [...tls.rootCertificates, ...options.ca] : undefined;

  const decide = async (hostname: string, port: number): Promise<PolicyDecision> => {
    const key = targetKey(hostname, port);
    const known = decisions.get(key);
    if (known) return known;
    try {
      const decision = await options.policy.check(hostname, port);
      decisions.set(key, decision);
      return decision;
    } catch (err) {
      if (err instanceof DnsLookupError) throw new TargetConnectError('dns', err.message, err);
      throw err;
    }
  };

  const connect: buildConnector.connector = (opts, callback) => {
    const secure = opts.protocol === 'https:';
    const port = Number(opts.port) || (secure ? 443 : 80);
    const hostname = opts.hostname;
    const label = net.isIPv6(hostname) ? `[${hostname}]:${port}` : `${hostname}:${port}`;
    let settled = false;
    const done = (err: Error | null, socket?: net.Socket) => {
      if (settled) return;
      settled = true;
      if (err) callback(err, null);
      else if (socket) callback(null, socket);
    };

    decide(hostname, port).then(
      (decision) => {
        if (!decision.allowed) {
          done(new TargetConnectError('blocked', decision.message));
          return;
        }
        const raw = net.connect({
          host: decision.address,
          port,
          family: decision.family,
          ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        });
        sockets.add(raw);
        raw.once('close', () => sockets.delete(raw));
        const onTcpError = (err: Error) =>
          done(new TargetConnectError('connect', `connection to ${label} failed: ${describe(err)}`, err));
        raw.once('error', onTcpError);
        raw.once('connect', () => {
          raw.off('error', onTcpError);
          // From here the TLS socket or undici reports errors; this keeps a late one from going uncaught.
          raw.on('error', noop);
          raw.setNoDelay(true);
          if (!secure) {
            done(null, raw);
            return;
          }
          const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
          const secureSocket = tls.connect({
            socket: raw,
            // SNI and the certificate check use the name the job asked for, never the address.
            servername: net.isIP(bare) ? undefined : bare,
            host: net.isIP(bare) ? decision.address : bare,
            ca,
            ALPNProtocols: ['http/1.1'],
          });
          sockets.add(secureSocket);
          secureSocket.once('close', () => sockets.delete(secureSocket));
          const onTlsError = (err: Error) =>
            done(new TargetConnectError('tls', `TLS handshake with ${label} failed: ${describe(err)}`, err));
          secureSocket.once('error', onTlsError);
          secureSocket.once('secureConnect', () => {
            secureSocket.off('error', onTlsError);
            secureSocket.on('error', noop);
            tlsInfo.set(targetKey(hostname, port), {
              version: secureSocket.getProtocol() ?? '',
              cipher: secureSocket.getCipher()?.standardName ?? '',
            });
            done(null, secureSocket);
          });
        });
      },
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  };

  return {
    connect,
    tls: tlsInfo,
    destroy() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
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
