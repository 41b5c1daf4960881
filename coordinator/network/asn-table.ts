// Address ranges → autonomous system, held compactly: one typed array per column, sorted by the
// range's first address, found by binary search; organisation names stored once each. The
// package's 410,000 IPv4 and 100,000 IPv6 ranges take about 11 MB this way (a JS object per row
// would take several times that).

/** The network an address belongs to. */
export interface AsnMatch {
  asn: number;
  /** The organisation's name as the data gives it ('' when it gives none). */
  name: string;
}

const MASK_64 = (1n << 64n) - 1n;

/** A Uint32Array that doubles as it fills. */
class U32Column {
  data = new Uint32Array(1024);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }

  done(order: Uint32Array | null): Uint32Array {
    const out = this.data.slice(0, this.length);
    if (!order) return out;
    const sorted = new Uint32Array(this.length);
    for (let i = 0; i < order.length; i++) sorted[i] = out[order[i] as number] as number;
    return sorted;
  }
}

/** The same for 64-bit halves of IPv6 addresses. */
class U64Column {
  data = new BigUint64Array(1024);
  length = 0;

  push(v: bigint): void {
    if (this.length === this.data.length) {
      const next = new BigUint64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }

  done(order: Uint32Array | null): BigUint64Array {
    const out = this.data.slice(0, this.length);
    if (!order) return out;
    const sorted = new BigUint64Array(this.length);
    for (let i = 0; i < order.length; i++) sorted[i] = out[order[i] as number] as bigint;
    return sorted;
  }
}

/** Organisation names, each kept once; rows hold its index. */
class NamePool {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();

  id(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      // A name cut from a line keeps the whole chunk it was read in alive (V8 slices share their
      // parent string): a copy lets the file's text go once it is parsed.
      const own = Buffer.from(name, 'utf8').toString('utf8');
      this.names.push(own);
      this.index.set(own, i);
    }
    return i;
  }
}

/** The row order sorted by start, or null when the rows came sorted (the package's files do). */
function orderOf(length: number, before: (a: number, b: number) => boolean): Uint32Array | null {
  let sorted = true;
  for (let i = 1; i < length && sorted; i++) if (before(i, i - 1)) sorted = false;
  if (sorted) return null;
  const order = Uint32Array.from({ length }, (_, i) => i);
  order.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  return order;
}

/** Rows as they are read; `build()` sorts and freezes them. */
export class AsnTableBuilder {
  private readonly names = new NamePool();
  private readonly v4 = {
    start: new U32Column(),
    end: new U32Column(),
    asn: new U32Column(),
    name: new U32Column(),
  };
  private readonly v6 = {
    startHi: new U64Column(),
    startLo: new U64Column(),
    endHi: new U64Column(),
    endLo: new U64Column(),
    asn: new U32Column(),
    name: new U32Column(),
  };

  get rows(): number {
    return this.v4.start.length + this.v6.startHi.length;
  }

  /** An inclusive IPv4 range (32-bit values). */
  addV4(start: number, end: number, asn: number, name: string): void {
    this.v4.start.push(start);
    this.v4.end.push(end);
    this.v4.asn.push(asn);
    this.v4.name.push(this.names.id(name));
  }

  /** An inclusive IPv6 range (128-bit values). */
  addV6(start: bigint, end: bigint, asn: number, name: string): void {
    this.v6.startHi.push(start >> 64n);
    this.v6.startLo.push(start & MASK_64);
    this.v6.endHi.push(end >> 64n);
    this.v6.endLo.push(end & MASK_64);
    this.v6.asn.push(asn);
    this.v6.name.push(this.names.id(name));
  }

  build(): AsnTable {
    const s4 = this.v4.start.data;
    const o4 = orderOf(this.v4.start.length, (a, b) => (s4[a] as number) < (s4[b] as number));
    const hi = this.v6.startHi.data;
    const lo = this.v6.startLo.data;
    const o6 = orderOf(this.v6.startHi.length, (a, b) => {
      const ha = hi[a] as bigint;
      const hb = hi[b] as bigint;
      return ha < hb || (ha === hb && (lo[a] as bigint) < (lo[b] as bigint));
    });
    return new AsnTable(
      {
        start: this.v4.start.done(o4),
        end: this.v4.end.done(o4),
        asn: this.v4.asn.done(o4),
        name: this.v4.name.done(o4),
      },
      {
        startHi: this.v6.startHi.done(o6),
        startLo: this.v6.startLo.done(o6),
        endHi: this.v6.endHi.done(o6),
        endLo: this.v6.endLo.done(o6),
        asn: this.v6.asn.done(o6),
        name: this.v6.name.done(o6),
      },
      this.names.names,
    );
  }
}

interface V4Columns {
  start: Uint32Array;
  end: Uint32Array;
  asn: Uint32Array;
  name: Uint32Array;
}

interface V6Columns {
  startHi: BigUint64Array;
  startLo: BigUint64Array;
  endHi: BigUint64Array;
  endLo: BigUint64Array;
  asn: Uint32Array;
  name: Uint32Array;
}

/**
 * Read-only ranges of both families. Ranges are expected not to overlap; where they do, an address
 * is matched against the range starting closest below it.
 */
export class AsnTable {
  constructor(
    private readonly v4: V4Columns,
    private readonly v6: V6Columns,
    private readonly names: readonly string[],
  ) {}

  get size(): { v4: number; v6: number; names: number } {
    return { v4: this.v4.start.length, v6: this.v6.startHi.length, names: this.names.length };
  }

  /** Bytes held by the typed arrays (names not counted). */
  get bytes(): number {
    const a = this.v4;
    const b = this.v6;
    return [a.start, a.end, a.asn, a.name, b.startHi, b.startLo, b.endHi, b.endLo, b.asn, b.name].reduce(
      (sum, x) => sum + x.byteLength,
      0,
    );
  }

  /** The network of a 32-bit IPv4 value, or null when no range holds it. */
  lookupV4(value: number): AsnMatch | null {
    const { start, end } = this.v4;
    let lo = 0;
    let hi = start.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if ((start[mid] as number) <= value) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at < 0 || (end[at] as number) < value) return null;
    return this.match(this.v4.asn[at] as number, this.v4.name[at] as number);
  }

  /** The network of a 128-bit IPv6 value, or null when no range holds it. */
  lookupV6(value: bigint): AsnMatch | null {
    const vh = value >> 64n;
    const vl = value & MASK_64;
    const { startHi, startLo, endHi, endLo } = this.v6;
    let lo = 0;
    let hi = startHi.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const sh = startHi[mid] as bigint;
      if (sh < vh || (sh === vh && (startLo[mid] as bigint) <= vl)) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at < 0) return null;
    const eh = endHi[at] as bigint;
    if (eh < vh || (eh === vh && (endLo[at] as bigint) < vl)) return null;
    return this.match(this.v6.asn[at] as number, this.v6.name[at] as number);
  }

  private match(asn: number, name: number): AsnMatch {
    return { asn, name: this.names[name] ?? '' };
  }
}
