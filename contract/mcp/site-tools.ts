// The site tools of the MCP surface (docs/crawl.md): crawl_site (a whole site, politely, its pages
// as markdown within a size) and map_site (a site's URLs). Registered with the other crawl tools.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { type ApiCall, ApiCallError, callJson } from './api-call.js';
import { truncateForModel } from './truncate.js';

type Obj = Record<string, unknown>;

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  isError,
});

async function guard(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiCallError)
      return text(`The crawl API refused: ${err.message} (HTTP ${err.status})`, true);
    throw err;
  }
}

export function registerSiteTools(server: McpServer, call: ApiCall, pollMs: number): void {
  server.registerTool(
    'crawl_site',
    {
      title: 'Crawl a whole website',
      description:
        "Crawl a website from a start URL over the crawl network's devices, following its links and sitemap within max_pages and max_depth, honouring robots.txt and per-site rate limits. Waits up to wait_sec, then answers the crawl's status and counts and the pages fetched so far as markdown, truncated to max_chars in all. The crawl goes on after the answer; call again with crawl_id to read more.",
      inputSchema: {
        url: z
          .string()
          .url()
          .optional()
          .describe('start URL (absolute http or https); not needed with crawl_id'),
        crawl_id: z
          .string()
          .uuid()
          .optional()
          .describe('an earlier crawl to read on instead of starting one'),
        max_pages: z.number().int().min(1).max(10_000).default(50).describe('pages found at most'),
        max_depth: z.number().int().min(0).max(20).default(3).describe('links followed from the start page'),
        include_paths: z.array(z.string()).optional().describe('path patterns to keep, `*` any characters'),
        exclude_paths: z.array(z.string()).optional().describe('path patterns to leave out'),
        wait_sec: z.number().int().min(0).max(600).default(120).describe('how long to wait for pages'),
        max_chars: z.number().int().min(1000).max(500_000).default(50_000).describe('longest answer'),
      },
    },
    async (args) =>
      guard(async () => {
        let id = args.crawl_id;
        if (!id) {
          if (!args.url) return text('url is needed to start a crawl.', true);
          const created = await callJson<Obj>(call, 'POST', '/crawl/v1/crawl/new', {
            url: args.url,
            max_pages: args.max_pages,
            max_depth: args.max_depth,
            include_paths: args.include_paths,
            exclude_paths: args.exclude_paths,
          });
          id = String(created.crawl_id);
        }
        const deadline = Date.now() + args.wait_sec * 1000;
        let crawl: Obj;
        for (;;) {
          crawl = await callJson<Obj>(call, 'GET', `/crawl/v1/crawl/${id}?limit=1000&status=done`);
          if (crawl.status !== 'running' || Date.now() >= deadline) break;
          await new Promise((r) => setTimeout(r, pollMs));
        }
        const head = `Crawl ${id}: ${String(crawl.status)}; counts ${JSON.stringify(crawl.counts)}\n\n`;
        const parts: string[] = [];
        let room = args.max_chars - head.length;
        for (const page of (crawl.pages as Obj[]) ?? []) {
          if (room <= 200) {
            parts.push('(more pages: call crawl_site again with crawl_id, or read them with fetch_url)');
            break;
          }
          const res = await call('GET', `/crawl/v1/jobs/${String(page.job_id)}/download?format=markdown`);
          const body = res.status === 200 ? res.body.toString('utf8') : `(no markdown: HTTP ${res.status})`;
          const part = `## ${String(page.url)}\n\n${truncateForModel(body, Math.min(room, 10_000))}\n`;
          parts.push(part);
          room -= part.length;
        }
        return text(head + parts.join('\n'));
      }),
  );

  server.registerTool(
    'map_site',
    {
      title: "List a website's URLs",
      description:
        'List the URLs of a website without fetching every page: its sitemaps (index, gzip, robots.txt Sitemap: lines) and a shallow walk of its links, up to limit URLs. Good for choosing which pages to fetch.',
      inputSchema: {
        url: z.string().url().describe('the site (absolute http or https URL)'),
        limit: z.number().int().min(1).max(100_000).default(1000).describe('URLs at most'),
        max_chars: z.number().int().min(1000).max(500_000).default(50_000).describe('longest answer'),
      },
    },
    async (args) =>
      guard(async () => {
        let map = await callJson<Obj>(call, 'POST', '/crawl/v1/map', { url: args.url, limit: args.limit });
        const links = [...((map.links as string[]) ?? [])];
        let next = map.next_cursor;
        while (typeof next === 'number' && links.length < args.limit) {
          map = await callJson<Obj>(
            call,
            'GET',
            `/crawl/v1/map/${String(map.map_id)}?after=${next}&limit=1000`,
          );
          links.push(...((map.links as string[]) ?? []));
          next = map.next_cursor;
        }
        const head = `Map ${String(map.map_id)} of ${args.url}: ${String(map.status)}, ${links.length} URLs\n`;
        return text(truncateForModel(head + links.join('\n'), args.max_chars));
      }),
  );
}
