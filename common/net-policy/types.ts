// Network safety: which targets an agent may reach. Implemented in this folder.

export interface PolicyAllowed {
  allowed: true;
  /** The resolved address that was checked; connect to exactly this one (no second lookup). */
  address: string;
  family: 4 | 6;
  /**
   * Every address the host name resolved to, in the resolver's order, at most
   * MAX_REPORTED_ADDRESSES; absent when the host was an address literal.
   */
  resolvedAddresses?: string[];
}

export interface PolicyRefused {
  allowed: false;
  /** Stable rule name, e.g. 'loopback', 'private', 'link-local', 'port'. */
  rule: string;
  /** Human message naming the rule, used as the job's error_message. */
  message: string;
  /** As on PolicyAllowed, when the refusal came after the name was resolved. */
  resolvedAddresses?: string[];
}

export type PolicyDecision = PolicyAllowed | PolicyRefused;

export interface NetworkPolicy {
  /**
   * Resolves `hostname` (or parses an address literal, including disguised forms) and decides
   * whether `port` on it may be reached. Rejects only on DNS failure (error code kept in `cause`).
   */
  check(hostname: string, port: number): Promise<PolicyDecision>;
}
