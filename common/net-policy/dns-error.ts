// The one way `NetworkPolicy.check` rejects: the host name did not resolve.

/** Thrown by `check` when the host name does not resolve; `code` is the resolver's (ENOTFOUND...). */
export class DnsLookupError extends Error {
  readonly code: string;
  constructor(hostname: string, cause: unknown) {
    const code = codeOf(cause) ?? 'ENOTFOUND';
    super(`DNS lookup failed for ${hostname}: ${code}`, { cause });
    this.name = 'DnsLookupError';
    this.code = code;
  }
}

function codeOf(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return err.code;
  }
  return undefined;
}
