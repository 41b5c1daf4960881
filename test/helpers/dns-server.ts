// A DNS server written for the tests: UDP and TCP (RFC 1035's 2-byte length prefix) on the same
// port of 127.0.0.1, answering from a small zone of A, AAAA, CNAME, NS, MX, TXT, SOA and CAA
// records, encoded by hand here (not by the library the agent decodes with). A record's value may
// depend on the query's source address (as a resolver that answers by region does). A name with a
// CNAME answers other types with the chain followed by the target's records, each with its own
// owner name. Unknown names get NXDOMAIN, a known name without the type an empty NOERROR (NODATA).
// Every query is recorded with its source address and transport.
//
// Options make it misbehave the ways a real server or a network can: truncate answers over UDP
// (TC set, no records: the client must ask over TCP), send a stray answer before the real one
// (another id, another question), or answer an EDNS query FORMERR (a server that does not know EDNS).
import dgram from 'node:dgram';
import { once } from 'node:events';
import net from 'node:net';

export type LabRecord =
  | { type: 'A' | 'AAAA'; ttl: number; address: string | ((source: string) => string) }
  | { type: 'CNAME' | 'NS'; ttl: number; target: string }
  | { type: 'MX'; ttl: number; priority: number; exchange: string }
  | { type: 'TXT'; ttl: number; text: string[] }
  | {
      type: 'SOA';
      ttl: number;
      mname: string;
      rname: string;
      serial: number;
      refresh: number;
      retry: number;
      expire: number;
      minimum: number;
    }
  | { type: 'CAA'; ttl: number; flags: number; tag: string; value: string };

export interface LabDnsOptions {
  /** Names whose UDP answers come truncated (TC set, no records); over TCP they answer whole. */
  truncateUdp?: readonly string[];
  /** Before each UDP answer, send two that are not it: one with another id, one with another name. */
  strays?: boolean;
  /** Answer FORMERR (without an OPT record) to a query that carries EDNS (an additional record). */
  noEdns?: boolean;
}

export interface LabDnsQuery {
  name: string;
  type: string;
  source: string;
  transport: 'udp' | 'tcp';
  /** The query carried an additional record (EDNS's OPT). */
  edns: boolean;
}

export interface LabDnsServer {
  port: number;
  queries: LabDnsQuery[];
  close(): Promise<void>;
}

const TYPE_CODES: Record<string, number> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  CAA: 257,
};
const TYPE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(TYPE_CODES).map(([k, v]) => [v, k]),
);
const FORMERR = 1;
const NXDOMAIN = 3;

export async function startLabDns(
  zone: Record<string, LabRecord[]>,
  options: LabDnsOptions = {},
): Promise<LabDnsServer> {
  const queries: LabDnsQuery[] = [];
  const truncated = new Set(options.truncateUdp ?? []);

  /** The answer to `msg` from `source` over `transport`; null for a message that is not a query. */
  const answer = (msg: Buffer, source: string, transport: 'udp' | 'tcp'): Buffer | null => {
    const q = parseQuery(msg);
    if (!q) return null;
    const type = TYPE_NAMES[q.qtype] ?? String(q.qtype);
    const edns = msg.readUInt16BE(10) > 0;
    queries.push({ name: q.name, type, source, transport, edns });
    const question = msg.subarray(12, q.questionEnd);
    if (options.noEdns && edns) return response(msg, question, FORMERR, [], source, false);
    const chain = resolve(zone, q.name, type);
    if (!chain) return response(msg, question, NXDOMAIN, [], source, false);
    if (transport === 'udp' && truncated.has(q.name)) return response(msg, question, 0, [], source, true);
    return response(msg, question, 0, chain, source, false);
  };

  const { udp, tcp } = await listenBoth();
  udp.on('message', (msg, rinfo) => {
    const out = answer(msg, rinfo.address, 'udp');
    if (!out) return;
    const q = options.strays ? parseQuery(msg) : null;
    if (q) for (const stray of straysFor(msg, q)) udp.send(stray, rinfo.port, rinfo.address);
    udp.send(out, rinfo.port, rinfo.address);
  });
  const sockets = new Set<net.Socket>();
  tcp.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const msg = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + msg.length);
        const out = answer(msg, socket.remoteAddress ?? '', 'tcp');
        if (!out) continue;
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(out.length);
        socket.write(Buffer.concat([prefix, out]));
      }
    });
  });
  return {
    port: udp.address().port,
    queries,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
}

/** A UDP socket and a TCP server on one port of 127.0.0.1 (another port when TCP's is taken). */
async function listenBoth(): Promise<{ udp: dgram.Socket; tcp: net.Server }> {
  for (let attempt = 0; ; attempt++) {
    const udp = dgram.createSocket('udp4');
    udp.bind(0, '127.0.0.1');
    await once(udp, 'listening');
    const tcp = net.createServer();
    try {
      tcp.listen(udp.address().port, '127.0.0.1');
      await once(tcp, 'listening');
      return { udp, tcp };
    } catch (err) {
      udp.close();
      if (attempt >= 10) throw err;
    }
  }
}

/** The records answering `name`/`type`: a CNAME chain followed to its end; null for an unknown name. */
function resolve(
  zone: Record<string, LabRecord[]>,
  name: string,
  type: string,
): Array<{ owner: string; record: LabRecord }> | null {
  const records = zone[name];
  if (!records) return null;
  const own = records.filter((r) => r.type === type).map((record) => ({ owner: name, record }));
  if (own.length > 0 || type === 'CNAME') return own;
  const alias = records.find((r) => r.type === 'CNAME');
  if (alias?.type !== 'CNAME') return [];
  const rest = resolve(zone, alias.target, type) ?? [];
  return [{ owner: name, record: alias }, ...rest];
}

function parseQuery(msg: Buffer): { name: string; qtype: number; questionEnd: number } | null {
  if (msg.length < 17) return null;
  const labels: string[] = [];
  let off = 12;
  while (off < msg.length && msg[off] !== 0) {
    const len = msg[off] ?? 0;
    labels.push(
      msg
        .subarray(off + 1, off + 1 + len)
        .toString('ascii')
        .toLowerCase(),
    );
    off += 1 + len;
  }
  off += 1;
  if (off + 4 > msg.length) return null;
  return { name: labels.join('.'), qtype: msg.readUInt16BE(off), questionEnd: off + 4 };
}

/**
 * Two answers a client must not take, each with an address of its own (203.0.113.66): one with
 * another id (as a spoofer guessing ids sends), one with the query's id for another name (stray.<name>).
 */
function straysFor(query: Buffer, q: { name: string; questionEnd: number }): Buffer[] {
  const bogus = (owner: string) => [
    { owner, record: { type: 'A', ttl: 1, address: '203.0.113.66' } as LabRecord },
  ];
  const question = query.subarray(12, q.questionEnd);
  const otherId = response(query, question, 0, bogus(q.name), '', false);
  otherId.writeUInt16BE((query.readUInt16BE(0) + 1) & 0xffff, 0);
  const otherQuestion = Buffer.concat([encodeName(`stray.${q.name}`), question.subarray(-4)]);
  return [otherId, response(query, otherQuestion, 0, bogus(`stray.${q.name}`), '', false)];
}

function encodeName(name: string): Buffer {
  const parts = name.split('.').filter((p) => p !== '');
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'ascii')])),
    Buffer.from([0]),
  ]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function rdata(r: LabRecord, source: string): Buffer {
  switch (r.type) {
    case 'A':
    case 'AAAA': {
      const address = typeof r.address === 'function' ? r.address(source) : r.address;
      if (r.type === 'A') return Buffer.from(address.split('.').map(Number));
      return ipv6Bytes(address);
    }
    case 'CNAME':
    case 'NS':
      return encodeName(r.target);
    case 'MX':
      return Buffer.concat([u16(r.priority), encodeName(r.exchange)]);
    case 'TXT':
      return Buffer.concat(
        r.text.map((t) => Buffer.concat([Buffer.from([Buffer.byteLength(t)]), Buffer.from(t)])),
      );
    case 'SOA':
      return Buffer.concat([
        encodeName(r.mname),
        encodeName(r.rname),
        ...[r.serial, r.refresh, r.retry, r.expire, r.minimum].map(u32),
      ]);
    case 'CAA':
      return Buffer.concat([
        Buffer.from([r.flags, r.tag.length]),
        Buffer.from(r.tag, 'ascii'),
        Buffer.from(r.value),
      ]);
  }
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const h = head === '' ? [] : head.split(':');
  const t = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  const out = Buffer.alloc(16);
  for (const [i, g] of groups.entries()) out.writeUInt16BE(Number.parseInt(g, 16), i * 2);
  return out;
}

function response(
  query: Buffer,
  question: Buffer,
  rcode: number,
  answers: Array<{ owner: string; record: LabRecord }>,
  source: string,
  truncated: boolean,
): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(0x8180 | (truncated ? 0x0200 : 0) | rcode, 2); // QR, RD, RA (TC)
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records = answers.map(({ owner, record }) => {
    const data = rdata(record, source);
    return Buffer.concat([
      encodeName(owner),
      u16(TYPE_CODES[record.type] ?? 0),
      u16(1), // IN
      u32(record.ttl),
      u16(data.length),
      data,
    ]);
  });
  return Buffer.concat([header, question, ...records]);
}
