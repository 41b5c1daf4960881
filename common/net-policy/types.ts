// Network safety: which targets an agent may reach. Implemented in this folder.

export interface PolicyAllowed {
  allowed: true;
  /** The resolved address that was checked; connect to exactly this one (no second lookup). */
  address: string;
  family: 4 | 6;
}

export interface PolicyRefused {
  allowed: false;
  /** Stable rule name, e.g. 'loopback', 'private', 'link-local', 'port'. */
  rule: string;
  /** Human message naming the rule, used as the job's error_message. */
  message: string;
}

export type PolicyDecision = PolicyAllowed | PolicyRefused;

export interface NetworkPolicy {
  /**
   * Resolves `hostname` (or parses an address literal, including disguised forms) and decides
   * whether `port` on it may be reached. Rejects only on DNS failure (error code kept in `cause`).
   */
  check(hostname: string, port: number): Promise<PolicyDecision>;
}
