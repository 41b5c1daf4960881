// Which URLs belong to a crawl: its scope (same host, same registrable domain, or the start hosts
// and their sub-domains) and its include/exclude path patterns. Patterns are globs (`*` any run of
// characters), matched from the start of path + query: a glob compiles to a regular expression
// with no nested quantifiers, so a caller's pattern cannot make matching slow.
import type { CrawlSpec } from './crawl-spec.js';
import { siteDomain } from './registrable-domain.js';

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}`);
}

export class LinkRules {
  private readonly hosts: Set<string>;
  private readonly domains: Set<string>;
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];

  constructor(private readonly spec: Pick<CrawlSpec, 'startUrls' | 'scope' | 'include' | 'exclude'>) {
    this.hosts = new Set(spec.startUrls.map((u) => new URL(u).hostname));
    this.domains = new Set([...this.hosts].map(siteDomain));
    this.include = spec.include.map(globToRegExp);
    this.exclude = spec.exclude.map(globToRegExp);
  }

  inScope(u: URL): boolean {
    const host = u.hostname;
    switch (this.spec.scope) {
      case 'same-host':
        return this.hosts.has(host);
      case 'same-site':
        return this.domains.has(siteDomain(host));
      case 'subdomains':
        for (const h of this.hosts) if (host === h || host.endsWith(`.${h}`)) return true;
        return false;
    }
  }

  /** In scope and through the path patterns (start URLs pass the patterns always). */
  allows(u: URL): boolean {
    if (!this.inScope(u)) return false;
    const path = u.pathname + u.search;
    if (this.include.length > 0 && !this.include.some((r) => r.test(path))) return false;
    return !this.exclude.some((r) => r.test(path));
  }
}
