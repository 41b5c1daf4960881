// Which addresses may be reached: private ranges refused, every resolved address checked, the
// checked address handed back to connect to (DNS pinned). Pure apart from the resolver; the agent
// (agent/policy/) and the coordinator's webhook sender both build on it. See docs/network-policy.md.
import { lookup } from 'node:dns/promises';
import { type Cidr, cidrContains, formatIp, type IpAddress, parseCidr, parseIp } from './cidr.js';
import { DnsLookupError } from './dns-error.js';
import { HOST_INVALID, HOST_NAME, parseHostLiteral } from './host-literal.js';
import { embeddedIPv4, rangeRule } from './ranges.js';
import type { NetworkPolicy, PolicyAllowed, PolicyDecision, PolicyRefused } from './types.js';

export { DnsLookupError } from './dns-error.js';
export type { NetworkPolicy, PolicyAllowed, PolicyDecision, PolicyRefused } from './types.js';

/** Resolved addresses a decision reports (the check itself judges every one). */
export const MAX_REPORTED_ADDRESSES = 16;

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export interface NetworkPolicyOptions {
  /**
   * Ranges reachable despite the default refusals (a lab setting), e.g. ['127.0.0.0/8', '::1/128'].
   * Default: none.
   */
  allowCidrs?: string[];
  /** Ports never reached, whatever the address. Default: [25] (no mail relaying). */
  deniedPorts?: number[];
  /** Resolves a host name to every address. Default: node:dns/promises lookup with `all: true`. */
  resolver?: Resolver;
}

const defaultResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Builds the policy. Throws at once on a malformed CIDR or port, so bad config fails at start. */
export function createNetworkPolicy(options: NetworkPolicyOptions = {}): NetworkPolicy {
  const allow: Cidr[] = (options.allowCidrs ?? []).map(parseCidr);
  const deniedPorts = new Set(options.deniedPorts ?? [25]);
  for (const port of deniedPorts) {
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`invalid denied port ${port}`);
  }
  const resolver = options.resolver ?? defaultResolver;

  const refusalRule = (address: IpAddress): string | null => {
    if (allow.some((c) => cidrContains(c, address))) return null;
    const embedded = embeddedIPv4(address);
    if (embedded !== null) {
      const inner = refusalRule(embedded.ipv4);
      if (inner !== null) return inner;
      // Deprecated IPv4-compatible addresses are never routed; the other forms reach a public IPv4.
      if (embedded.kind === 'compatible') return 'reserved';
      if (embedded.kind === 'mapped' || embedded.kind === 'nat64') return null;
    }
    return rangeRule(address);
  };

  const decide = (host: string, address: IpAddress): PolicyDecision => {
    const rule = refusalRule(address);
    if (rule !== null) return refused(host, formatIp(address), rule);
    // A mapped address is dialled as the IPv4 it names: the same destination, no dual-stack surprise.
    const embedded = embeddedIPv4(address);
    const target = embedded?.kind === 'mapped' ? embedded.ipv4 : address;
    const allowed: PolicyAllowed = { allowed: true, address: formatIp(target), family: target.family };
    return allowed;
  };

  return {
    async check(hostname: string, port: number): Promise<PolicyDecision> {
      if (!Number.isInteger(port) || port < 1 || port > 65_535 || deniedPorts.has(port)) {
        return refuse(`${hostname}:${port}`, 'port');
      }
      const literal = parseHostLiteral(hostname);
      if (literal === HOST_INVALID || hostname.trim() === '') return refuse(hostname, 'invalid-address');
      if (literal !== HOST_NAME) return decide(hostname, literal);

      let found: Array<{ address: string; family: 4 | 6 }>;
      try {
        found = await resolver(hostname);
      } catch (err) {
        throw new DnsLookupError(hostname, err);
      }
      if (found.length === 0) {
        throw new DnsLookupError(hostname, Object.assign(new Error('no addresses'), { code: 'ENOTFOUND' }));
      }
      const resolvedAddresses = found.slice(0, MAX_REPORTED_ADDRESSES).map((a) => a.address);
      // Every address must pass: connecting to the good one among bad ones would let a name that
      // also points inside the network through the next time the order changes.
      let first: PolicyAllowed | null = null;
      for (const entry of found) {
        const address = parseIp(entry.address);
        if (address === null)
          return { ...refuse(`${hostname} (${entry.address})`, 'invalid-address'), resolvedAddresses };
        const decision = decide(hostname, address);
        if (!decision.allowed) return { ...decision, resolvedAddresses };
        first ??= decision;
      }
      return { ...(first as PolicyAllowed), resolvedAddresses };
    },
  };
}

/** `host` is what the job named; `address` is added when it differs (a name or a disguised form). */
function refused(host: string, address: string, rule: string): PolicyRefused {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const label = bare.toLowerCase() === address ? address : `${host} (${address})`;
  return refuse(label, rule);
}

function refuse(label: string, rule: string): PolicyRefused {
  return { allowed: false, rule, message: `target ${label} is refused by the network policy (${rule})` };
}
