// The network policy for measurements: the target (or a DNS job's resolver) is resolved once,
// every address is checked, and the tools are handed the pinned address, never the name, so a
// second lookup cannot lead them somewhere the policy did not allow.
import { JobError } from '../../errors.js';
import { DnsLookupError, type NetworkPolicy, type PolicyDecision } from '../../policy/index.js';
import type { MeasureJob } from './request.js';

/**
 * ICMP has no port; the policy's port rules (denied ports) do not apply to it, so it is checked as
 * port 7 (echo), the service a ping stands for.
 */
export const ICMP_POLICY_PORT = 7;

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
  decision: PolicyDecision;
}

/**
 * The address a probing tool (ping, traceroute, mtr) is given: the job's target checked at its
 * port, or as the echo service for ICMP.
 */
export function pinProbeTarget(
  policy: NetworkPolicy,
  job: Pick<MeasureJob, 'target' | 'protocol' | 'port' | 'ipVersion'>,
): Promise<PinnedAddress> {
  return pinTarget(policy, job.target, job.protocol === 'icmp' ? ICMP_POLICY_PORT : job.port, job.ipVersion);
}

/** The address to measure, or a JobError (`blocked`, `dns`). `ipVersion` 0 takes the policy's choice. */
export async function pinTarget(
  policy: NetworkPolicy,
  target: string,
  port: number,
  ipVersion: 0 | 4 | 6,
): Promise<PinnedAddress> {
  let decision: PolicyDecision;
  try {
    decision = await policy.check(target, port);
  } catch (err) {
    if (err instanceof DnsLookupError) throw new JobError('dns', err.message, { cause: err });
    throw err;
  }
  if (!decision.allowed) throw Object.assign(new JobError('blocked', decision.message), { decision });
  if (ipVersion === 0 || decision.family === ipVersion) {
    return { address: decision.address, family: decision.family, decision };
  }
  // Every resolved address passed the policy, so another family's may be used as it is.
  const other = (decision.resolvedAddresses ?? []).find((a) => (ipVersion === 6) === a.includes(':'));
  if (!other) throw new JobError('dns', `${target} has no IPv${ipVersion} address`);
  return { address: other, family: ipVersion, decision: { ...decision, address: other, family: ipVersion } };
}

/** The decision a JobError from pinTarget carries, for the result's network context. */
export function decisionOf(err: unknown): PolicyDecision | undefined {
  if (typeof err === 'object' && err !== null && 'decision' in err) return err.decision as PolicyDecision;
  return undefined;
}
