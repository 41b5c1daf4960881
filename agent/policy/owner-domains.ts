// The owner's domain lists as a network policy layer: every executor asks the policy before each
// connection (every redirect hop, every browser subresource), so a denied domain is refused before
// anything reaches it, with the job error type `blocked`.
import { domainRefusal, type OwnerControlsConfig } from '../owner/controls.js';
import type { NetworkPolicy, PolicyDecision } from './types.js';

export function withOwnerDomains(
  policy: NetworkPolicy,
  lists: Pick<OwnerControlsConfig, 'allowDomains' | 'denyDomains'>,
): NetworkPolicy {
  if (lists.allowDomains.length === 0 && lists.denyDomains.length === 0) return policy;
  return {
    async check(hostname: string, port: number): Promise<PolicyDecision> {
      const why = domainRefusal(hostname, lists);
      if (why !== null)
        return { allowed: false, rule: 'owner-domain', message: `target ${hostname} is refused: ${why}` };
      return policy.check(hostname, port);
    },
  };
}
