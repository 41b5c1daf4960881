// `metadata.network` of a result: the device's egress network as the coordinator saw it when the
// attempt's result came in, and what the agent reported of its own connection (the resolvers it
// used, what the target's name resolved to, the address it connected to). The agent's part is
// untrusted input: only IP literals pass, written in their canonical form, in bounded lists.
import { formatIp, parseIp } from '../../common/net-policy/cidr.js';
import type { NetworkKind } from './network-kinds.js';
import type { DeviceEgress } from './network-lookup.js';

/** Entries kept of each list the agent reports; more are dropped. */
export const MAX_REPORTED_ADDRESSES = 16;
/** Longest text read as an address (`[ffff:…:255.255.255.255]:65535` fits). */
const MAX_ADDRESS_CHARS = 64;

export interface ResultNetwork {
  address_family: 'ipv4' | 'ipv6' | null;
  asn: number | null;
  network_name: string | null;
  network_kind: NetworkKind | null;
  resolvers: string[];
  resolved_addresses: string[];
  connected_address: string | null;
}

/** The agent's NetworkContext as the wire hands it over (every field optional). */
export interface ReportedNetwork {
  resolvers?: readonly string[] | null;
  resolvedAddresses?: readonly string[] | null;
  connectedAddress?: string | null;
}

/**
 * An IP literal in its canonical form, or null. Accepts `ip`, `[ip]`, `[ip]:port` and
 * `a.b.c.d:port` (how resolver lists are often written); the port is dropped.
 */
export function ipLiteral(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_ADDRESS_CHARS) return null;
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1] as string;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const ip = parseIp(text);
  return ip ? formatIp(ip) : null;
}

function addressList(raw: readonly unknown[] | null | undefined): string[] {
  const out: string[] = [];
  if (!Array.isArray(raw)) return out;
  // Looks at a bounded number of entries, whatever the frame carried.
  for (const item of raw.slice(0, MAX_REPORTED_ADDRESSES * 4)) {
    const ip = ipLiteral(item);
    if (ip !== null && !out.includes(ip)) out.push(ip);
    if (out.length === MAX_REPORTED_ADDRESSES) break;
  }
  return out;
}

export function resultNetwork(
  egress: DeviceEgress | null | undefined,
  reported: ReportedNetwork | null | undefined,
): ResultNetwork {
  return {
    address_family: egress?.addressFamily ?? null,
    asn: egress?.asn ?? null,
    network_name: egress?.networkName ?? null,
    network_kind: egress?.networkKind ?? null,
    resolvers: addressList(reported?.resolvers),
    resolved_addresses: addressList(reported?.resolvedAddresses),
    connected_address: ipLiteral(reported?.connectedAddress ?? null),
  };
}
