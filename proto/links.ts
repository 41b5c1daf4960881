// Bounds of the links a device reports for a site crawl (JobRequest.collect_links →
// ResultFinal.links). Both ends apply them: the agent sends no more, the coordinator keeps no more
// whatever a device sends (docs/crawl.md).

/** Links one result carries at most; the rest of a page's links are dropped. */
export const MAX_RESULT_LINKS = 1000;
/** A link longer than this is dropped, not cut (a cut URL is another URL). */
export const MAX_LINK_CHARS = 2048;
/** All links of one result together, in UTF-16 code units (keeps the final frame small). */
export const MAX_LINKS_TOTAL_CHARS = 256 * 1024;

/** The links within the bounds, in order, duplicates dropped; anything not a string is dropped. */
export function boundLinks(links: readonly unknown[] | null | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const link of links ?? []) {
    if (out.length >= MAX_RESULT_LINKS) break;
    if (typeof link !== 'string' || link.length === 0 || link.length > MAX_LINK_CHARS) continue;
    if (seen.has(link)) continue;
    if (total + link.length > MAX_LINKS_TOTAL_CHARS) break;
    seen.add(link);
    total += link.length;
    out.push(link);
  }
  return out;
}

/** The product token robots.txt groups are matched against: the agent's User-Agent's first word. */
export const ROBOTS_AGENT_TOKEN = 'crawl-agent';
