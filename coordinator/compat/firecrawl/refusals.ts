// Firecrawl's endpoints this network does not offer, each refused in Firecrawl's error shape with
// why (501), never a bare 404: what needs a language model (extract, agent, research, prompts
// turned into options), what needs a search engine (search), and what has another form here
// (interactive browsers, usage, monitors, file parsing, reading a scrape again by id).
import type { HTTPMethods } from 'fastify';

const LLM = 'it needs a language model, which this network does not run';
const SEARCH =
  "searching the web needs a search engine; this network fetches the pages you name (map lists a site's URLs)";
const INTERACT =
  'no browser is kept open after a scrape here; give the page actions with the scrape (actions) instead';
const USAGE = "a key's limits and usage are read at GET /crawl/v1/usage";
const SCRAPE_AGAIN =
  'a scrape answers its document at once; its job stays readable at GET /crawl/v1/jobs/{id}/download';

export interface Refusal {
  method: HTTPMethods;
  /** The path under the version prefix. */
  path: string;
  /** What the caller asked, as the message names it. */
  what: string;
  why: string;
}

const both = (method: HTTPMethods, path: string, what: string, why: string): Refusal => ({
  method,
  path,
  what,
  why,
});

/** Refused on /v1 and on /v2 alike. */
const SHARED: Refusal[] = [
  both('POST', '/search', 'search', SEARCH),
  both('POST', '/extract', 'extract', LLM),
  both('GET', '/extract/:id', 'extract', LLM),
  both('GET', '/scrape/:id', 'reading a scrape by id', SCRAPE_AGAIN),
  both('GET', '/team/credit-usage', 'credit usage', USAGE),
  both('GET', '/team/credit-usage/historical', 'credit usage', USAGE),
  both('GET', '/team/token-usage', 'token usage', USAGE),
  both('GET', '/team/token-usage/historical', 'token usage', USAGE),
  both('GET', '/team/queue-status', 'queue status', USAGE),
  both('GET', '/concurrency-check', 'concurrency check', USAGE),
];

export const V1_REFUSALS: readonly Refusal[] = [
  ...SHARED,
  both('POST', '/deep-research', 'deep research', `${LLM}, and ${SEARCH}`),
  both('GET', '/deep-research/:id', 'deep research', `${LLM}, and ${SEARCH}`),
  both('POST', '/llmstxt', 'llms.txt generation', LLM),
  both('GET', '/llmstxt/:id', 'llms.txt generation', LLM),
  both('POST', '/x402/search', 'search', SEARCH),
];

export const V2_REFUSALS: readonly Refusal[] = [
  ...SHARED,
  both('POST', '/crawl/params-preview', 'crawl options from a prompt', LLM),
  both('POST', '/agent', 'agent', LLM),
  both('GET', '/agent', 'agent', LLM),
  both('GET', '/agent/:id', 'agent', LLM),
  both('DELETE', '/agent/:id', 'agent', LLM),
  both('POST', '/scrape/:id/interact', 'interact', INTERACT),
  both('DELETE', '/scrape/:id/interact', 'interact', INTERACT),
  both('POST', '/browser', 'browser sessions', INTERACT),
  both('GET', '/browser', 'browser sessions', INTERACT),
  both('POST', '/parse', 'parse', 'uploaded files are not parsed here; scrape a URL instead'),
  both('POST', '/deep-research', 'deep research', `${LLM}, and ${SEARCH}`),
  both('POST', '/monitor', 'monitors', 'recurring checks are schedules here (docs/sweeps.md, "Schedules")'),
  both('GET', '/monitor', 'monitors', 'recurring checks are schedules here (docs/sweeps.md, "Schedules")'),
];

/**
 * Why a path of /v2 that matches no route is refused, by its first segment (the families above
 * have more paths than are listed: /agent/{id}/trace, /browser/{id}/execute, /research/…).
 */
export function v2FamilyRefusal(path: string): { what: string; why: string } | null {
  const first = path.replace(/^\/v2\/?/, '').split(/[/?]/)[0] ?? '';
  switch (first) {
    case 'agent':
      return { what: 'agent', why: LLM };
    case 'extract':
      return { what: 'extract', why: LLM };
    case 'research':
    case 'deep-research':
      return { what: 'research', why: `${LLM}, and ${SEARCH}` };
    case 'search':
      return { what: 'search', why: SEARCH };
    case 'browser':
      return { what: 'browser sessions', why: INTERACT };
    case 'monitor':
      return { what: 'monitors', why: 'recurring checks are schedules here (docs/sweeps.md, "Schedules")' };
    case 'team':
      return { what: 'team usage', why: USAGE };
    default:
      return null;
  }
}
