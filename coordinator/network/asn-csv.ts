// Reads ASN range files in the @ip-location-db/asn CSV form: `start,end,asn,name` per line, an
// inclusive range whose ends are either numbers (IPv4 as a 32-bit integer, IPv6 as a 128-bit
// decimal) or IP literals (`1.0.0.0`, `2001:db8::`), the name optionally quoted ("" for a quote).
// The file is streamed and parsed a chunk at a time, so a 21 MB file never holds the event loop for
// more than a few milliseconds at once. Lines starting with `#` and blank lines are skipped.
import { createReadStream } from 'node:fs';
import { parseIp } from '../../common/net-policy/cidr.js';
import type { AsnTableBuilder } from './asn-table.js';

/** Bytes parsed between two yields to the event loop. */
export const CHUNK_BYTES = 64 * 1024;
const MAX_U32 = 4_294_967_295;
const MAX_V6 = (1n << 128n) - 1n;

export interface CsvReadStats {
  /** Rows taken. */
  rows: number;
  /** Lines that were not a valid row (a header, a typo); the first is named in `firstSkipped`. */
  skipped: number;
  firstSkipped: number | null;
}

type Bound = { family: 4; value: number } | { family: 6; value: bigint };

/** One end of a range: an IP literal, or a decimal whose size says its family. */
function boundOf(text: string): Bound | null {
  if (text.includes('.') || text.includes(':')) {
    const ip = parseIp(text);
    if (!ip) return null;
    return ip.family === 4 ? { family: 4, value: Number(ip.value) } : { family: 6, value: ip.value };
  }
  if (!/^\d{1,39}$/.test(text)) return null;
  if (text.length <= 10) {
    const n = Number(text);
    if (n <= MAX_U32) return { family: 4, value: n };
  }
  const big = BigInt(text);
  return big <= MAX_V6 ? { family: 6, value: big } : null;
}

function nameOf(text: string): string | null {
  if (!text.startsWith('"')) return text;
  if (text.length < 2 || !text.endsWith('"')) return null;
  return text.slice(1, -1).replaceAll('""', '"');
}

/**
 * Adds one line's range to the builder; false when the line is not a row. Numeric ends of one row
 * share a family: the end decides (an IPv6 range may start below 2^32 only in reserved space).
 */
export function addRow(line: string, into: AsnTableBuilder): boolean {
  const c1 = line.indexOf(',');
  const c2 = line.indexOf(',', c1 + 1);
  const c3 = line.indexOf(',', c2 + 1);
  if (c1 < 0 || c2 < 0) return false;
  const startText = line.slice(0, c1).trim();
  const endText = line.slice(c1 + 1, c2).trim();
  const asnText = (c3 < 0 ? line.slice(c2 + 1) : line.slice(c2 + 1, c3)).trim().replace(/^AS/i, '');
  const name = c3 < 0 ? '' : nameOf(line.slice(c3 + 1).trim());
  if (name === null || !/^\d{1,10}$/.test(asnText)) return false;
  const asn = Number(asnText);
  const start = boundOf(startText);
  const end = boundOf(endText);
  if (asn > MAX_U32 || !start || !end) return false;
  if (end.family === 6) {
    const s = start.family === 6 ? start.value : /^\d+$/.test(startText) ? BigInt(start.value) : null;
    if (s === null || s > end.value) return false;
    into.addV6(s, end.value, asn, name);
    return true;
  }
  if (start.family !== 4 || start.value > end.value) return false;
  into.addV4(start.value, end.value, asn, name);
  return true;
}

/** Streams the file's rows into the builder, yielding between chunks. */
export async function readAsnCsv(path: string, into: AsnTableBuilder): Promise<CsvReadStats> {
  const stats: CsvReadStats = { rows: 0, skipped: 0, firstSkipped: null };
  let rest = '';
  let lineNo = 0;
  const take = (line: string) => {
    lineNo++;
    const t = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (t === '' || t.startsWith('#')) return;
    if (addRow(t, into)) stats.rows++;
    else {
      stats.skipped++;
      stats.firstSkipped ??= lineNo;
    }
  };
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  for await (const chunk of stream as AsyncIterable<string>) {
    const text = rest + chunk;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      take(text.slice(from, nl));
      from = nl + 1;
    }
    rest = text.slice(from);
    // A chunk already buffered would be handed over without a turn of the event loop: give one.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (rest !== '') take(rest);
  return stats;
}
