// The network context a result carries (ResultFinal.network): which DNS servers the agent's resolver
// uses, what the target's host name resolved to, the address connected to (the one the policy
// allowed) and the bound local address. See docs/network-policy.md, "Network context".
import { getServers } from 'node:dns';
import { MAX_REPORTED_ADDRESSES, type PolicyDecision } from '../policy/index.js';
import type { NetworkContext } from './types.js';

/**
 * What is known after the policy decided `decision` (undefined: no decision, e.g. the name did not
 * resolve). A refused target has no connected address.
 */
export function networkContext(
  decision: PolicyDecision | undefined,
  localAddress: string | undefined,
): NetworkContext {
  return {
    resolvers: resolverAddresses(),
    resolvedAddresses: decision?.resolvedAddresses?.slice(0, MAX_REPORTED_ADDRESSES) ?? [],
    connectedAddress: decision?.allowed ? decision.address : '',
    localAddress: localAddress ?? '',
  };
}

/** How long the resolver list is reused: it changes only when the configuration is read again. */
const RESOLVERS_TTL_MS = 1_000;
let resolvers: { list: string[]; readMs: number } | null = null;

/** The DNS servers the system resolver is configured with (from resolv.conf), bounded; read once a second at most. */
function resolverAddresses(): string[] {
  const now = Date.now();
  if (resolvers && now - resolvers.readMs < RESOLVERS_TTL_MS) return [...resolvers.list];
  let list: string[];
  try {
    list = getServers().slice(0, MAX_REPORTED_ADDRESSES);
  } catch {
    list = [];
  }
  resolvers = { list, readMs: now };
  return [...list];
}
