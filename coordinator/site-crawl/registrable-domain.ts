// The registrable domain of a host ("eTLD+1"), from the public suffix list that tldts carries
// (a well-kept parser with the list bundled and updated with each release; tough-cookie already
// uses it). Two readings, for two uses:
// - a crawl's "same-site" scope reads private suffixes too: alice.github.io is a site of its own,
//   and a crawl of it does not wander into bob.github.io;
// - the per-domain politeness limit reads ICANN suffixes only: every *.github.io shares one
//   domain limit, since one operator serves them all (stricter, never looser).
// IP addresses, single labels (localhost) and names under no known suffix are their own domain.
import { isIP } from 'node:net';
import { getDomain } from 'tldts';

function bare(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

function domainOf(hostname: string, allowPrivateDomains: boolean): string {
  const host = bare(hostname);
  if (isIP(host) !== 0) return host;
  return getDomain(host, { allowPrivateDomains }) ?? host;
}

/** The site a host belongs to, for a crawl's `same-site` scope (private suffixes honoured). */
export function siteDomain(hostname: string): string {
  return domainOf(hostname, true);
}

/** The domain one politeness limit covers (ICANN suffixes only: a shared host is one domain). */
export function registrableDomain(hostname: string): string {
  return domainOf(hostname, false);
}
