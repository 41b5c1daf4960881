// `crawl site URL`: a whole site crawled over the fleet (docs/crawl.md), with a live progress line
// and one file per page (markdown by default) written into -o DIR as pages finish, with an index
// (DIR/index.jsonl) of every page and its outcome class (cli/outcome.ts, as `crawl get` classes a
// job); the exit code is the worst class's; and
// `crawl map URL`: the site's URLs, one a line. (`crawl cancel ID` stops a crawl: cancel.ts.)
import type { Command } from 'commander';
import type {
  CrawlClient,
  DownloadFormat,
  NewCrawlRequest,
  SiteCrawl,
  SiteCrawlPage,
} from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT, UsageError } from '../io.js';
import { countsText, OUTCOME_EXIT, type Outcome, type OutcomeClass, outcomeOf, worstOf } from '../outcome.js';
import { ProgressLine } from '../progress.js';
import { parseIntFlag } from '../request-flags.js';
import { ResultIndex } from '../result-index.js';

interface SiteOptions {
  maxPages?: string;
  maxDepth?: string;
  include?: string;
  exclude?: string;
  scope?: string;
  sitemap?: string;
  ignoreQuery?: boolean;
  method?: string;
  output?: string;
  format: string;
  wait: boolean;
  webhook?: string;
}

const FORMATS: Record<string, { format: DownloadFormat; ext: string }> = {
  markdown: { format: 'markdown', ext: 'md' },
  html: { format: 'html', ext: 'html' },
  text: { format: 'text', ext: 'txt' },
  raw: { format: 'raw', ext: 'bin' },
  json: { format: 'json', ext: 'json' },
};

const list = (v: string | undefined) =>
  v
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A file name for a page: its order in the crawl and its path, safe on every file system. */
export function pageFileName(page: SiteCrawlPage, ext: string): string {
  const u = new URL(page.url);
  const slug = `${u.hostname}${u.pathname}${u.search}`.replace(/[^A-Za-z0-9.-]+/g, '_').slice(0, 120);
  return `${String(page.seq).padStart(6, '0')}_${slug}.${ext}`;
}

/**
 * A page's class: a done page answered (2xx); a failed one as its job ended (a 4xx is an answer, as
 * for `crawl get`), read from the job when it has one; a page robots.txt ruled out is skipped.
 */
async function pageOutcome(client: CrawlClient, page: SiteCrawlPage, signal: AbortSignal): Promise<Outcome> {
  if (page.status === 'done') return outcomeOf({ status: 'completed' }, null);
  if (page.status === 'skipped_robots') return { outcome: 'skipped', error_type: null, error_message: null };
  if (page.job_id) {
    const detail = await client.getJobDetail(page.job_id, { signal });
    const job = detail.job;
    if (job.status === 'completed' || job.status === 'failed') return outcomeOf(job, detail.result);
  }
  // No job, or one still running when the crawl gave up on the page (a cancel).
  return { outcome: 'failed', error_type: null, error_message: page.error ?? null };
}

const progressText = (c: SiteCrawl, written: number) =>
  `crawl ${c.crawl_id}: ${c.status}, ${c.counts.done} done, ${c.counts.failed} failed, ` +
  `${c.counts.running} running, ${c.counts.queued} queued, ${c.counts.skipped_robots} skipped by robots.txt` +
  (written > 0 ? `, ${written} files` : '');

async function runSite(ctx: CommandContext, url: string, o: SiteOptions, cmd: Command): Promise<void> {
  const { io } = ctx;
  const json = Boolean(ctx.globals(cmd).json);
  const form = FORMATS[o.format];
  if (!form) throw new UsageError(`--format must be one of ${Object.keys(FORMATS).join(', ')}`);
  const request: NewCrawlRequest = { url, formats: [form.format] };
  const maxPages = parseIntFlag('--max-pages', o.maxPages, 1, 100_000);
  if (maxPages !== undefined) request.max_pages = maxPages;
  const maxDepth = parseIntFlag('--max-depth', o.maxDepth, 0, 100);
  if (maxDepth !== undefined) request.max_depth = maxDepth;
  if (o.include) request.include_paths = list(o.include);
  if (o.exclude) request.exclude_paths = list(o.exclude);
  if (o.scope) request.scope = o.scope as NewCrawlRequest['scope'];
  if (o.sitemap) request.sitemap = o.sitemap as NewCrawlRequest['sitemap'];
  if (o.ignoreQuery) request.ignore_query = true;
  if (o.method) request.method = o.method.toUpperCase() as NewCrawlRequest['method'];
  if (o.webhook) request.webhook = { url: o.webhook };
  const client = await ctx.client(cmd);
  if (o.output) await io.makeDir?.(o.output);
  const created = await client.createCrawl(request, { signal: io.interrupt });
  if (!o.wait) {
    if (json) ctx.printJson(created, true);
    else ctx.out(created.crawl_id);
    return;
  }
  const index = o.output ? await ResultIndex.open(io, o.output, false) : null;
  const line = new ProgressLine(io.stderr, Boolean(io.stderr.isTTY) && !json);
  // Pages end out of their order: the list is read again from the first page not yet ended.
  let from = -1;
  let written = 0;
  const counts: Partial<Record<OutcomeClass, number>> = {};
  const seen = new Set<number>();
  let crawl = created;
  try {
    for (;;) {
      crawl = await client.getCrawl(created.crawl_id, { after: from, limit: 1000, signal: io.interrupt });
      let settledPrefix = true;
      for (const page of crawl.pages) {
        const ended = page.status !== 'queued' && page.status !== 'running';
        if (ended && !seen.has(page.seq)) {
          seen.add(page.seq);
          let file: string | null = null;
          if (page.status === 'done' && page.job_id && o.output) {
            const content = await client.downloadAs(page.job_id, form.format, { signal: io.interrupt });
            file = pageFileName(page, form.ext);
            await io.writeFile(`${o.output}/${file}`, content.bytes);
            written++;
          }
          const outcome = await pageOutcome(client, page, io.interrupt);
          counts[outcome.outcome] = (counts[outcome.outcome] ?? 0) + 1;
          await index?.add({
            seq: page.seq,
            url: page.url,
            job_id: page.job_id ?? null,
            file,
            status: page.status,
            status_code: page.status_code ?? null,
            ...outcome,
          });
        }
        if (settledPrefix && ended) {
          from = page.seq;
          seen.delete(page.seq);
        } else settledPrefix = false;
      }
      line.update(progressText(crawl, written));
      // The list was read to its end and the crawl is over: every page has had its turn.
      if (crawl.status !== 'running' && (crawl.next_cursor === null || crawl.next_cursor === undefined))
        break;
      if (crawl.next_cursor === null || crawl.next_cursor === undefined || !settledPrefix) {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } catch (err) {
    if (!io.interrupt.aborted) throw err;
    line.clear();
    ctx.note(
      `crawl: interrupted; crawl ${created.crawl_id} keeps running (stop it with: crawl cancel ${created.crawl_id})`,
    );
    ctx.exitCode = EXIT.interrupted;
    return;
  }
  line.done(progressText(crawl, written));
  // The worst page's class; a crawl that ended short (failed, cancelled) with no page to say why
  // (every page answered or skipped) is `failed` itself.
  let worst = worstOf(counts);
  if (crawl.status !== 'completed' && OUTCOME_EXIT[worst] === EXIT.ok) worst = 'failed';
  if (json) {
    ctx.printJson(
      { ...crawl, pages: undefined, files_written: written, outcomes: counts, index: index?.file ?? null },
      true,
    );
  } else
    ctx.out(
      `crawl ${crawl.crawl_id}: ${crawl.status}, ${crawl.counts.done} pages done${o.output ? `, ${written} files in ${o.output}` : ''}` +
        `; pages: ${countsText(counts)}${index ? ` (each in ${index.file})` : ''}`,
    );
  ctx.exitCode = OUTCOME_EXIT[worst];
}

async function runMap(ctx: CommandContext, url: string, o: { limit?: string }, cmd: Command): Promise<void> {
  const json = Boolean(ctx.globals(cmd).json);
  const client = await ctx.client(cmd);
  const limit = parseIntFlag('--limit', o.limit, 1, 100_000);
  let map = await client.createMap(
    { url, ...(limit !== undefined ? { limit } : {}) },
    { signal: ctx.io.interrupt },
  );
  // Still running after the coordinator's wait: read it until it ends, then page through it.
  while (map.status === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    map = await client.getMap(map.map_id, { limit: 1, signal: ctx.io.interrupt });
  }
  const links: string[] = [];
  let after = -1;
  for (;;) {
    const page = await client.getMap(map.map_id, { after, limit: 1000, signal: ctx.io.interrupt });
    links.push(...page.links);
    if (page.next_cursor === null || page.next_cursor === undefined) break;
    after = page.next_cursor;
  }
  if (json) ctx.printJson({ map_id: map.map_id, status: map.status, total: links.length, links }, true);
  else for (const l of links) ctx.out(l);
}

export function registerCrawlSite(program: Command, ctx: CommandContext): void {
  program
    .command('site')
    .description('crawl a whole site over the fleet, politely (robots.txt, per-host limits)')
    .argument('<url>', 'the start page')
    .option('--max-pages <n>', 'pages found at most, 1..100000 (default 100)')
    .option('--max-depth <n>', 'links followed from the start page, 0..100 (default 5)')
    .option('--include <patterns>', 'comma-separated path patterns to keep (`*` any characters)')
    .option('--exclude <patterns>', 'comma-separated path patterns to leave out')
    .option('--scope <scope>', 'same-host, same-site or subdomains (default same-host)')
    .option('--sitemap <mode>', 'include, only or skip (default include)')
    .option('--ignore-query', 'treat URLs differing only in their query as one')
    .option('--method <method>', 'GET or CRAWL_FULL_PAGE (default GET)')
    .option('-o, --output <dir>', 'write one file per page into this folder as pages finish, and index.jsonl')
    .option('--format <format>', 'markdown, html, text, raw or json (default markdown)', 'markdown')
    .option('--no-wait', 'print the crawl id and exit')
    .option('--webhook <url>', 'send crawl.completed there when the crawl ends (signed with the key secret)')
    .action((url: string, o: SiteOptions, c: Command) => runSite(ctx, url, o, c));
  program
    .command('map')
    .description("list a site's URLs: its sitemaps and a shallow link walk")
    .argument('<url>', 'the site')
    .option('--limit <n>', 'URLs at most, 1..100000 (default 5000)')
    .action((url: string, o: { limit?: string }, c: Command) => runMap(ctx, url, o, c));
}
