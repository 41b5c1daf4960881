// IP address and CIDR arithmetic for IPv4 and IPv6, with no dependencies. Addresses are bigints so
// both families share one containment test; the parsers here are strict (canonical text forms only):
// the lenient forms a URL host or inet_aton accept are handled by host-literal.ts.

export type IpFamily = 4 | 6;

export interface IpAddress {
  family: IpFamily;
  /** 32 bits for IPv4, 128 bits for IPv6. */
  value: bigint;
}

export interface Cidr {
  family: IpFamily;
  /** Network address with the host bits cleared. */
  base: bigint;
  prefix: number;
}

const BITS: Record<IpFamily, number> = { 4: 32, 6: 128 };

/** Strict dotted quad: four decimal parts 0..255, no leading zeros (they read as octal elsewhere). */
export function parseIPv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

/** RFC 4291 text form, including `::` and a dotted-quad tail. No brackets, no zone id. */
export function parseIPv6(text: string): bigint | null {
  if (text.length === 0 || text.length > 45) return null;
  let groups: number[] = [];
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parseHalf = (half: string, mayEndInIPv4: boolean): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] ?? '';
      if (mayEndInIPv4 && i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIPv4(piece);
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  if (halves.length === 2) {
    const head = parseHalf(halves[0] ?? '', false);
    const tail = parseHalf(halves[1] ?? '', true);
    if (head === null || tail === null) return null;
    // `::` stands for at least one zero group.
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    const all = parseHalf(text, true);
    if (all === null || all.length !== 8) return null;
    groups = all;
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  return value;
}

/** Strict parse of either family. */
export function parseIp(text: string): IpAddress | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = parseIPv6(text);
  if (v6 !== null) return { family: 6, value: v6 };
  return null;
}

export function formatIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952 form: lower case, longest run (2+) of zero groups shortened to `::`. */
export function formatIPv6(value: bigint): string {
  const groups: number[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(Number((value >> shift) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  const head = hex.slice(0, bestStart).join(':');
  const tail = hex.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}

export function formatIp(address: IpAddress): string {
  return address.family === 4 ? formatIPv4(address.value) : formatIPv6(address.value);
}

/** Parses `a.b.c.d/n` or `x::y/n` (a bare address means a single host). Throws on bad input. */
export function parseCidr(text: string): Cidr {
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const address = parseIp(addressText);
  if (address === null) throw new Error(`invalid CIDR ${JSON.stringify(text)}: bad address`);
  const bits = BITS[address.family];
  let prefix = bits;
  if (slash >= 0) {
    const prefixText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) {
      throw new Error(`invalid CIDR ${JSON.stringify(text)}: prefix must be 0..${bits}`);
    }
    prefix = Number(prefixText);
  }
  return { family: address.family, base: address.value & mask(address.family, prefix), prefix };
}

export function cidrContains(cidr: Cidr, address: IpAddress): boolean {
  if (cidr.family !== address.family) return false;
  return (address.value & mask(cidr.family, cidr.prefix)) === cidr.base;
}

function mask(family: IpFamily, prefix: number): bigint {
  const bits = BigInt(BITS[family]);
  const hostBits = bits - BigInt(prefix);
  return ((1n << bits) - 1n) ^ ((1n << hostBits) - 1n);
}
