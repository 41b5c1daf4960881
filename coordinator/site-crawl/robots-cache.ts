// Each crawl's robots.txt per host, parsed (robots-parser) from what the frontier stored, kept in
// a bounded cache so a page check is a lookup. The text is fetched once per host per crawl (a
// device job, crawl-driver.ts) and stored; RFC 9309's rules for a missing one: 4xx allows all,
// 5xx or unreachable disallows all.
import robotsParserModule from 'robots-parser';
import { ROBOTS_AGENT_TOKEN } from '../../proto/index.js';
import type { CrawlStore } from '../store/crawl-types.js';

/** Largest robots.txt read (RFC 9309 asks for at least 500 KiB). */
export const MAX_ROBOTS_BYTES = 512 * 1024;
/** Parsed files kept at once. */
const MAX_CACHED = 1000;
/** How long a parsed file is trusted before the stored text is read again. */
const TTL_MS = 10 * 60_000;

export interface HostRobots {
  allows(url: string): boolean;
  crawlDelaySec: number;
  sitemaps: string[];
}

interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}

// The package is CommonJS (module.exports = the function); its types describe an ES default export,
// which under NodeNext resolution names the module instead.
const robotsParser = robotsParserModule as unknown as (url: string, text: string) => Robot;

const ALLOW_ALL: HostRobots = { allows: () => true, crawlDelaySec: 0, sitemaps: [] };
const DISALLOW_ALL: HostRobots = { allows: () => false, crawlDelaySec: 0, sitemaps: [] };

export function parseRobots(robotsUrl: string, text: string): HostRobots {
  if (text === '') return ALLOW_ALL;
  const robot = robotsParser(robotsUrl, text.slice(0, MAX_ROBOTS_BYTES));
  const delay = Number(robot.getCrawlDelay(ROBOTS_AGENT_TOKEN) ?? 0);
  return {
    allows: (url) => robot.isAllowed(url, ROBOTS_AGENT_TOKEN) !== false,
    // A delay past a minute is a site asking not to be crawled at that pace at all: one a minute.
    crawlDelaySec: Number.isFinite(delay) && delay > 0 ? Math.min(delay, 60) : 0,
    sitemaps: robot.getSitemaps(),
  };
}

export class RobotsCache {
  private readonly cache = new Map<string, { robots: HostRobots; untilMs: number }>();

  constructor(private readonly store: CrawlStore) {}

  /** The host's rules for the crawl; null while its robots.txt is not stored yet (or never asked). */
  async get(crawlId: string, host: string): Promise<HostRobots | null> {
    const key = `${crawlId} ${host}`;
    const hit = this.cache.get(key);
    const now = Date.now();
    if (hit && hit.untilMs > now) return hit.robots;
    const row = await this.store.getHost(crawlId, host);
    if (row?.state !== 'ready') return null;
    const robots = row.disallowAll ? DISALLOW_ALL : parseRobots(`${host}/robots.txt`, row.robotsTxt ?? '');
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, { robots, untilMs: now + TTL_MS });
    return robots;
  }

  /**
   * A page row's standing under its host's robots.txt: `unknown` while the file is not stored yet.
   * The one check every path that adds, lists or fetches a crawl's URLs asks.
   */
  async verdict(crawlId: string, host: string, url: string): Promise<'allowed' | 'disallowed' | 'unknown'> {
    const robots = await this.get(crawlId, host);
    if (!robots) return 'unknown';
    return robots.allows(url) ? 'allowed' : 'disallowed';
  }

  forget(crawlId: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${crawlId} `)) this.cache.delete(key);
  }
}
