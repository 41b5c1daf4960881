// A DNS server written for the tests: UDP on 127.0.0.1, port 0, answering from a small zone of A,
// AAAA, MX and TXT records. A record's value may depend on the query's source address (as a
// resolver that answers by region does). Unknown names get NXDOMAIN, a known name without the type
// an empty NOERROR (NODATA). Every query is recorded with its source address.
import dgram from 'node:dgram';
import { once } from 'node:events';

export type LabRecord =
  | { type: 'A' | 'AAAA'; ttl: number; address: string | ((source: string) => string) }
  | { type: 'MX'; ttl: number; priority: number; exchange: string }
  | { type: 'TXT'; ttl: number; text: string[] };

export interface LabDnsServer {
  port: number;
  queries: Array<{ name: string; type: string; source: string }>;
  close(): Promise<void>;
}

const TYPE_CODES: Record<string, number> = { A: 1, MX: 15, TXT: 16, AAAA: 28 };
const TYPE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(TYPE_CODES).map(([k, v]) => [v, k]),
);

export async function startLabDns(zone: Record<string, LabRecord[]>): Promise<LabDnsServer> {
  const socket = dgram.createSocket('udp4');
  const queries: LabDnsServer['queries'] = [];
  socket.on('message', (msg, rinfo) => {
    const q = parseQuery(msg);
    if (!q) return;
    const type = TYPE_NAMES[q.qtype] ?? String(q.qtype);
    queries.push({ name: q.name, type, source: rinfo.address });
    const records = zone[q.name];
    const answers = (records ?? []).filter((r) => r.type === type);
    socket.send(
      response(msg, q.questionEnd, records ? 0 : 3, answers, rinfo.address),
      rinfo.port,
      rinfo.address,
    );
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    port: socket.address().port,
    queries,
    close: () => new Promise((r) => socket.close(() => r())),
  };
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

function encodeName(name: string): Buffer {
  const parts = name.split('.').filter((p) => p !== '');
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'ascii')])),
    Buffer.from([0]),
  ]);
}

function rdata(r: LabRecord, source: string): Buffer {
  switch (r.type) {
    case 'A':
    case 'AAAA': {
      const address = typeof r.address === 'function' ? r.address(source) : r.address;
      if (r.type === 'A') return Buffer.from(address.split('.').map(Number));
      return ipv6Bytes(address);
    }
    case 'MX': {
      const pref = Buffer.alloc(2);
      pref.writeUInt16BE(r.priority);
      return Buffer.concat([pref, encodeName(r.exchange)]);
    }
    case 'TXT':
      return Buffer.concat(
        r.text.map((t) => Buffer.concat([Buffer.from([Buffer.byteLength(t)]), Buffer.from(t)])),
      );
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
  questionEnd: number,
  rcode: number,
  answers: LabRecord[],
  source: string,
): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(0x8180 | rcode, 2); // QR, RD, RA
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records = answers.map((r) => {
    const data = rdata(r, source);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(TYPE_CODES[r.type] ?? 0, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(r.ttl, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}
