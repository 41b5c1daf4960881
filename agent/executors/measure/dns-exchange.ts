// One DNS query and its answer on the wire (dns-packet encodes and decodes): over UDP (node:dgram,
// a connected socket, one datagram each way) or TCP (node:net, RFC 1035's 2-byte length prefix).
// An answer counts only when it is the answer to this query: a response (QR), the query's id, and
// the same question; anything else that arrives on the socket (a stray or spoofed datagram) is
// ignored. Over TCP the first message is the answer or the exchange fails: the connection is ours,
// and nothing past one message (64 KiB at most) is read.
import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket, { type DecodedPacket, type OptAnswer, type RecordType } from 'dns-packet';

/** A server to ask, as configured (`label`: how results name it). */
export interface DnsServer {
  address: string;
  port: number;
  family: 4 | 6;
  label: string;
}

export type DnsTransport = 'udp' | 'tcp';

/** What a query may end in without an answer, named as the measurement reports it. */
export type NoAnswerKind = 'TIMEOUT' | 'CONNREFUSED' | 'BADRESP' | 'CLOSED' | 'NETERR';

/** No answer came back from one server (the caller may ask the next). */
export class DnsNoAnswer extends Error {
  constructor(
    readonly kind: NoAnswerKind,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ? `${kind} (${detail})` : kind, options);
    this.name = 'DnsNoAnswer';
  }
}

export interface ExchangeOptions {
  /** The name asked, lower case, without the trailing dot. */
  name: string;
  type: RecordType;
  server: DnsServer;
  transport: DnsTransport;
  /** Send an EDNS(0) OPT record (UDP payload size EDNS_UDP_PAYLOAD_BYTES). */
  edns: boolean;
  /** `--local-address`; bound when it is of the server's family. '' for none. */
  localAddress: string;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * The UDP payload size announced with EDNS: the DNS flag day 2020 default (dig, unbound, BIND), which
 * avoids IP fragmentation; a larger answer comes truncated and is asked again over TCP.
 */
export const EDNS_UDP_PAYLOAD_BYTES = 1232;
/** A DNS message is at most 65535 bytes (the TCP length prefix is 16 bits). */
export const MAX_DNS_MESSAGE_BYTES = 65_535;

/** Rcodes for which a server may leave the question out of its answer (RFC 1035 leaves it open). */
const QUESTIONLESS_RCODES = new Set(['FORMERR', 'NOTIMP', 'REFUSED', 'SERVFAIL']);

/** Sends one query and resolves with its answer; rejects DnsNoAnswer, or the signal's reason. */
export function exchange(o: ExchangeOptions): Promise<DecodedPacket> {
  if (o.signal.aborted) return Promise.reject(o.signal.reason);
  const id = randomInt(0, 0x1_00_00);
  const query = dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: o.type, name: o.name, class: 'IN' }],
    additionals: o.edns ? [ednsRecord()] : [],
  });
  const accept = (msg: Buffer) => matchingAnswer(msg, id, o);
  return o.transport === 'udp' ? overUdp(query, accept, o) : overTcp(query, accept, o);
}

function ednsRecord(): OptAnswer {
  return {
    type: 'OPT',
    name: '.',
    udpPayloadSize: EDNS_UDP_PAYLOAD_BYTES,
    extendedRcode: 0,
    ednsVersion: 0,
    flags: 0,
    flag_do: false,
    options: [],
  };
}

/** The decoded answer when `msg` answers the query `id` asked, else undefined. */
function matchingAnswer(msg: Buffer, id: number, o: ExchangeOptions): DecodedPacket | undefined {
  let p: DecodedPacket;
  try {
    p = dnsPacket.decode(msg);
  } catch {
    return undefined;
  }
  if (p.id !== id || !p.flag_qr) return undefined;
  const questions = p.questions ?? [];
  if (questions.length === 0) return QUESTIONLESS_RCODES.has(rcodeOf(p)) ? p : undefined;
  const q = questions[0];
  if (questions.length !== 1 || !q) return undefined;
  const sameName = q.name.toLowerCase().replace(/\.$/, '') === o.name;
  return sameName && q.type === o.type && (q.class ?? 'IN') === 'IN' ? p : undefined;
}

/** The header's rcode name (dns-packet decodes it; its types leave it out). */
export function rcodeOf(p: DecodedPacket): string {
  return (p as DecodedPacket & { rcode?: string }).rcode ?? '';
}

/** The OPT record of an answer, when the server sent one. */
export function optOf(p: DecodedPacket): OptAnswer | undefined {
  return (p.additionals ?? []).find((a): a is OptAnswer => a.type === 'OPT');
}

type Accept = (msg: Buffer) => DecodedPacket | undefined;

/** Settles once: clears the timer and the abort listener and closes the socket first. */
function settler(
  o: ExchangeOptions,
  onTimeout: () => DnsNoAnswer,
  close: () => void,
  resolve: (p: DecodedPacket) => void,
  reject: (err: unknown) => void,
) {
  let done = false;
  const finish = (err: unknown, p?: DecodedPacket) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    o.signal.removeEventListener('abort', onAbort);
    close();
    if (p) resolve(p);
    else reject(err);
  };
  const onAbort = () => finish(o.signal.reason);
  const timer = setTimeout(() => finish(onTimeout()), o.timeoutMs);
  o.signal.addEventListener('abort', onAbort, { once: true });
  return finish;
}

function noAnswerOf(err: unknown): DnsNoAnswer {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return new DnsNoAnswer('CONNREFUSED', undefined, { cause: err });
  return new DnsNoAnswer('NETERR', code || (err as Error).message, { cause: err });
}

function bindsTo(o: ExchangeOptions): string | undefined {
  return o.localAddress !== '' && net.isIP(o.localAddress) === o.server.family ? o.localAddress : undefined;
}

function overUdp(query: Buffer, accept: Accept, o: ExchangeOptions): Promise<DecodedPacket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(o.server.family === 6 ? 'udp6' : 'udp4');
    // Datagrams that are not the answer: if only such came, the server answered something else.
    let others = 0;
    const finish = settler(
      o,
      () =>
        others > 0 ? new DnsNoAnswer('BADRESP', 'no answer matched the query') : new DnsNoAnswer('TIMEOUT'),
      () => socket.close(),
      resolve,
      reject,
    );
    socket.on('error', (err) => finish(noAnswerOf(err)));
    socket.on('message', (msg) => {
      const p = accept(msg);
      if (p) finish(undefined, p);
      else others++;
    });
    // Connected: the kernel drops datagrams from any other address and reports ICMP refusals.
    socket.bind({ port: 0, address: bindsTo(o) }, () => {
      socket.connect(o.server.port, o.server.address, () => {
        socket.send(query, (err) => {
          if (err) finish(noAnswerOf(err));
        });
      });
    });
  });
}

function overTcp(query: Buffer, accept: Accept, o: ExchangeOptions): Promise<DecodedPacket> {
  return new Promise((resolve, reject) => {
    const localAddress = bindsTo(o);
    const socket = net.connect({
      host: o.server.address,
      port: o.server.port,
      family: o.server.family,
      noDelay: true,
      ...(localAddress ? { localAddress } : {}),
    });
    const finish = settler(
      o,
      () => new DnsNoAnswer('TIMEOUT'),
      () => socket.destroy(),
      resolve,
      reject,
    );
    const prefix = Buffer.alloc(2);
    prefix.writeUInt16BE(query.byteLength);
    socket.write(Buffer.concat([prefix, query]));
    // At most one message is held: the 2-byte length and what it announces (≤ 64 KiB).
    const chunks: Buffer[] = [];
    let held = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      held += chunk.byteLength;
      if (held < 2) return;
      const head = chunks.length === 1 ? chunk : Buffer.concat(chunks);
      const length = head.readUInt16BE(0);
      if (held < 2 + length) return;
      const p = accept(head.subarray(2, 2 + length));
      finish(p ? undefined : new DnsNoAnswer('BADRESP', 'the answer over TCP does not match the query'), p);
    });
    socket.on('error', (err) => finish(noAnswerOf(err)));
    socket.on('close', () =>
      finish(new DnsNoAnswer('CLOSED', 'the server closed the connection without an answer')),
    );
  });
}
