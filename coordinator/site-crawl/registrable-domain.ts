// The registrable domain of a host, for "same site" scope and the per-domain politeness limit.
// Without a public suffix list (none is installed) this takes the last two labels, or three under
// a common two-letter country's second level (co.uk, com.au, …); IP addresses and single labels
// are their own. A site under a private suffix (github.io) is thus one domain: stricter, never
// looser, for politeness. Documented in docs/crawl.md.
import { isIP } from 'node:net';

const SECOND_LEVELS = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu', 'or', 'ne', 'go']);

export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return host;
  const labels = host.split('.').filter((l) => l !== '');
  if (labels.length <= 2) return labels.join('.');
  const last = labels[labels.length - 1] as string;
  const second = labels[labels.length - 2] as string;
  const take = last.length === 2 && SECOND_LEVELS.has(second) ? 3 : 2;
  return labels.slice(-take).join('.');
}
