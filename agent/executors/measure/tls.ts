// A TLS handshake with the target: TCP through the agent's connector to the pinned address, then
// node:tls with the requested SNI. The chain is reported whether or not it verifies (`authorized`
// and the reason say which): an expired or foreign certificate is a finding, not a failure.
import type net from 'node:net';
import tls from 'node:tls';
import { MEASURE_RESULT_LIMITS, type MeasureTls, type TlsCertificate } from '../../../proto/index.js';
import { JobError } from '../../errors.js';
import { dialPinned } from '../../policy/index.js';
import { ms, Truncation } from './bounds.js';
import { pinTarget } from './pin.js';
import type { Measured, MeasureRun } from './types.js';

export async function tlsHandshake({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  const pinned = await pinTarget(deps.policy, job.target, job.port, job.ipVersion);
  const startNs = process.hrtime.bigint();
  const socket = await connect(pinned, job.port, deps.localAddress, timeoutMs, signal);
  const cut = new Truncation();
  try {
    const secure = await handshake(socket, job.serverName, deps.ca, timeoutMs, signal);
    const handshakeMs = ms(Number(process.hrtime.bigint() - startNs) / 1e6);
    const chain = cut.list(chainOf(secure.getPeerCertificate(true), cut), MEASURE_RESULT_LIMITS.maxChain);
    const result: MeasureTls = {
      protocol: secure.getProtocol() ?? '',
      cipher: secure.getCipher()?.standardName ?? '',
      alpn: typeof secure.alpnProtocol === 'string' ? secure.alpnProtocol : '',
      authorized: secure.authorized,
      authorizationError: secure.authorizationError ? String(secure.authorizationError) : '',
      chain,
      handshakeMs,
      serverName: job.serverName,
    };
    secure.destroy();
    return {
      address: pinned.address,
      decision: pinned.decision,
      raw: render(job.target, pinned.address, job.port, result),
      truncated: cut.cut,
      tool: 'node:tls',
      tls: result,
    };
  } finally {
    socket.destroy();
  }
}

function connect(
  pinned: { address: string; family: 4 | 6 },
  port: number,
  localAddress: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    dialPinned(
      { secure: false, hostname: pinned.address, port, address: pinned.address, family: pinned.family },
      { connectTimeoutMs: timeoutMs, ...(localAddress ? { localAddress } : {}) },
      (err, socket) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) socket?.destroy();
        else if (err || !socket)
          reject(new JobError('connect', err?.message ?? 'no connection', { cause: err }));
        else resolve(socket);
      },
    );
  });
}

function handshake(
  socket: net.Socket,
  serverName: string,
  ca: Buffer[],
  timeoutMs: number,
  signal: AbortSignal,
): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secure = tls.connect({
      socket,
      ...(serverName ? { servername: serverName } : {}),
      // The verdict is reported (authorized, authorizationError), not enforced: nothing is sent
      // over this connection but the handshake.
      rejectUnauthorized: false,
      ...(ca.length > 0 ? { ca: [...tls.rootCertificates, ...ca] } : {}),
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    const timer = setTimeout(() => {
      secure.destroy();
      reject(new JobError('timeout', `TLS handshake did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = () => {
      clearTimeout(timer);
      secure.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    secure.once('secureConnect', () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(secure);
    });
    secure.once('error', (err) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      reject(new JobError('tls', `TLS handshake failed: ${err.message}`, { cause: err }));
    });
  });
}

/** Leaf first, up to the root (a self-signed certificate is its own issuer: the walk ends there). */
function chainOf(leaf: tls.DetailedPeerCertificate, cut: Truncation): TlsCertificate[] {
  const chain: TlsCertificate[] = [];
  const seen = new Set<string>();
  let cert: tls.DetailedPeerCertificate | undefined = leaf;
  while (cert && Object.keys(cert).length > 0 && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    chain.push({
      subject: cut.text(dn(cert.subject)),
      issuer: cut.text(dn(cert.issuer)),
      validFrom: isoDate(cert.valid_from),
      validTo: isoDate(cert.valid_to),
      serialNumber: cert.serialNumber,
      fingerprintSha256: cert.fingerprint256,
      subjectAltNames: cut.list(
        (cert.subjectaltname ?? '')
          .split(', ')
          .filter((s) => s !== '')
          .map((s) => cut.text(s)),
        MEASURE_RESULT_LIMITS.maxAltNames,
      ),
    });
    if (chain.length > MEASURE_RESULT_LIMITS.maxChain) break;
    cert = cert.issuerCertificate;
  }
  return chain;
}

/** `CN=example.com, O=Example` from Node's subject object (a field may repeat: an array). */
function dn(subject: tls.Certificate | undefined): string {
  if (!subject) return '';
  return Object.entries(subject)
    .flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((x) => `${k}=${x}`))
    .join(', ');
}

function isoDate(text: string): string {
  const t = Date.parse(text);
  return Number.isNaN(t) ? text : new Date(t).toISOString();
}

function render(target: string, address: string, port: number, r: MeasureTls): string {
  const lines = [
    `TLS ${target} (${address}:${port}) SNI ${r.serverName || '(none)'}`,
    `protocol ${r.protocol}, cipher ${r.cipher}, ALPN ${r.alpn || '(none)'}, handshake ${r.handshakeMs} ms`,
    `verified: ${r.authorized ? 'yes' : `no (${r.authorizationError})`}`,
  ];
  (r.chain ?? []).forEach((c, i) => {
    lines.push(`${i} s:${c.subject}`, `  i:${c.issuer}`, `  valid ${c.validFrom} to ${c.validTo}`);
  });
  return `${lines.join('\n')}\n`;
}
