// The address ranges an agent refuses by default, and the IPv6 forms that carry an IPv4 address
// inside them (so `::ffff:127.0.0.1` or `64:ff9b::a00:1` cannot smuggle a refused IPv4 through).
import { type Cidr, cidrContains, type IpAddress, parseCidr } from './cidr.js';

export interface RangeRule {
  cidr: Cidr;
  /** Stable rule name reported with a refusal. */
  rule: string;
}

function table(rows: Array<[string, string]>): RangeRule[] {
  return rows.map(([cidr, rule]) => ({ cidr: parseCidr(cidr), rule }));
}

/** First match wins, so narrower ranges come before the wider ones that contain them. */
export const IPV4_REFUSED: readonly RangeRule[] = table([
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', 'reserved'], // "this network"
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'], // shared address space: the carrier's side of the NAT
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'], // includes cloud metadata at 169.254.169.254
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation (TEST-NET-1)
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // documentation (TEST-NET-2)
  ['203.0.113.0/24', 'reserved'], // documentation (TEST-NET-3)
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // future use, and 255.255.255.255 broadcast
]);

export const IPV6_REFUSED: readonly RangeRule[] = table([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // local-use NAT64 prefix: translates into the local network
  ['100::/64', 'reserved'], // discard-only
  ['2001:2::/48', 'reserved'], // benchmarking
  ['2001:10::/28', 'reserved'], // ORCHID
  ['2001:20::/28', 'reserved'], // ORCHIDv2
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation
  ['5f00::/16', 'reserved'], // SRv6 SIDs
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'reserved'], // deprecated site-local
  ['ff00::/8', 'multicast'],
]);

/** Only global unicast (and the well-known NAT64 prefix, checked through its IPv4) is reachable. */
const IPV6_GLOBAL_UNICAST = parseCidr('2000::/3');

export type EmbeddingKind = 'mapped' | 'compatible' | 'nat64' | '6to4' | 'teredo';

export interface EmbeddedIPv4 {
  kind: EmbeddingKind;
  ipv4: IpAddress;
}

const EMBEDDINGS: Array<{ kind: EmbeddingKind; cidr: Cidr; extract: (v: bigint) => bigint }> = [
  { kind: 'mapped', cidr: parseCidr('::ffff:0:0/96'), extract: (v) => v & 0xffffffffn },
  // SIIT "IPv4-translated" form ::ffff:0:a.b.c.d: treated like a mapped address.
  { kind: 'mapped', cidr: parseCidr('::ffff:0:0:0/96'), extract: (v) => v & 0xffffffffn },
  { kind: 'compatible', cidr: parseCidr('::/96'), extract: (v) => v & 0xffffffffn },
  { kind: 'nat64', cidr: parseCidr('64:ff9b::/96'), extract: (v) => v & 0xffffffffn },
  { kind: '6to4', cidr: parseCidr('2002::/16'), extract: (v) => (v >> 80n) & 0xffffffffn },
  // Teredo keeps the client's IPv4 in the last 32 bits, every bit inverted.
  { kind: 'teredo', cidr: parseCidr('2001::/32'), extract: (v) => (v & 0xffffffffn) ^ 0xffffffffn },
];

/** The IPv4 address an IPv6 address carries, or null when it carries none. */
export function embeddedIPv4(address: IpAddress): EmbeddedIPv4 | null {
  if (address.family !== 6) return null;
  // :: and ::1 sit inside ::/96 but are IPv6 addresses in their own right.
  if (address.value <= 1n) return null;
  for (const e of EMBEDDINGS) {
    if (cidrContains(e.cidr, address)) {
      return { kind: e.kind, ipv4: { family: 4, value: e.extract(address.value) } };
    }
  }
  return null;
}

/** The rule refusing `address` by its own range (embedded IPv4 not considered), or null. */
export function rangeRule(address: IpAddress): string | null {
  const rules = address.family === 4 ? IPV4_REFUSED : IPV6_REFUSED;
  for (const r of rules) if (cidrContains(r.cidr, address)) return r.rule;
  if (address.family === 6 && !cidrContains(IPV6_GLOBAL_UNICAST, address)) return 'reserved';
  return null;
}
