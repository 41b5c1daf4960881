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

/** The DNS servers the system resolver is configured with (from resolv.conf), bounded. */
function resolverAddresses(): string[] {
  try {
    return getServers().slice(0, MAX_REPORTED_ADDRESSES);
  } catch {
    return [];
  }
}
