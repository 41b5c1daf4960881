// The crawl tools an MCP client (a desktop AI assistant, an agent framework) can call, defined
// once and served both by `crawl mcp` (stdio) and by the coordinator's /mcp endpoint. Each tool
// waits for its job within a deadline and answers text sized for a model's context. They live in
// contract/ because they are public surface that both the coordinator and the CLI serve.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { DEVICE_TYPES, REGIONS } from '../common.js';
import { type ApiCall, ApiCallError, callJson } from './api-call.js';
import { registerSiteTools } from './site-tools.js';
import { truncateForModel } from './truncate.js';

export interface CrawlToolsOptions {
  /** Gap between status polls while a job runs. Default 250 ms. */
  pollMs?: number;
}

type Obj = Record<string, unknown>;

const placement = {
  country: z
    .string()
    .length(2)
    .optional()
    .describe('ISO 3166-1 alpha-2 country the device must be in, e.g. "DE"'),
  region: z.enum(REGIONS).optional().describe('world region of the device'),
  device_type: z.enum(DEVICE_TYPES).optional().describe('kind of device'),
  session_id: z.string().uuid().optional().describe('run on the device of a session (see the session tool)'),
};

const MAX_SCREENSHOT_BYTES = 4 * 1024 * 1024;

/** What the page's actions and extraction gave, for the model (absent when none was asked). */
function pageResults(download: Obj): Obj {
  const out: Obj = {};
  const metadata = (download.metadata ?? {}) as Obj;
  if (metadata.actions !== undefined) out.actions = metadata.actions;
  if ('extracted' in download) out.extracted = download.extracted;
  if (Array.isArray(download.extractErrors) && download.extractErrors.length > 0) {
    out.extract_errors = download.extractErrors;
  }
  return out;
}

export function registerCrawlTools(server: McpServer, call: ApiCall, opts: CrawlToolsOptions = {}): void {
  const pollMs = opts.pollMs ?? 250;

  /** Polls the job until it is final or the deadline passes. */
  const waitJob = async (id: string, deadlineMs: number): Promise<Obj> => {
    for (;;) {
      const job = await callJson<Obj>(call, 'GET', `/crawl/v1/status/${id}`);
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadlineMs) return job;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  };

  const submit = async (args: Obj, method: string): Promise<Obj> => {
    const place: Obj = {};
    for (const k of ['country', 'region', 'device_type']) if (args[k] !== undefined) place[k] = args[k];
    return callJson<Obj>(call, 'POST', '/crawl/v1/new', {
      url: args.url,
      method,
      timeout_sec: args.timeout_sec,
      placement: Object.keys(place).length > 0 ? place : undefined,
      session_id: args.session_id,
      // Page actions and extraction (crawl_page); the coordinator checks them (docs/actions.md).
      actions: args.actions,
      extract: args.extract,
    });
  };

  const unfinished = (job: Obj): CallToolResult | null => {
    if (job.status === 'completed') return null;
    if (job.status === 'failed') {
      return text(
        `The crawl failed (${String(job.error_type)}): ${String(job.error_message)}. Job ${String(job.job_id)}.`,
        true,
      );
    }
    return text(
      `The job ${String(job.job_id)} is still ${String(job.status)} after the deadline; no result yet.`,
      true,
    );
  };

  server.registerTool(
    'fetch_url',
    {
      title: 'Fetch a URL through a real device',
      description:
        'Fetch one web page or API URL from a real device of the crawl network (optionally in a given country, region or device type) and return its content as markdown (default: the main article text, good for reading), text, or html. Use this to read a page as people in that place see it. Slow pages may take up to timeout_sec. Long content is truncated to max_chars and the answer says so.',
      inputSchema: {
        url: z.string().url().describe('absolute http or https URL'),
        format: z
          .enum(['markdown', 'text', 'html'])
          .default('markdown')
          .describe('markdown (default), text, or raw html'),
        max_chars: z
          .number()
          .int()
          .min(500)
          .max(200_000)
          .default(20_000)
          .describe('longest answer; default 20000'),
        timeout_sec: z.number().int().min(1).max(300).default(60).describe('how long the device may take'),
        ...placement,
      },
    },
    async (args) =>
      guard(async () => {
        const job = await submit(args, 'GET');
        const done = await waitJob(String(job.job_id), Date.now() + (args.timeout_sec + 30) * 1000);
        const early = unfinished(done);
        if (early) return early;
        const res = await call('GET', `/crawl/v1/jobs/${String(job.job_id)}/download?format=${args.format}`);
        if (res.status !== 200)
          return text(
            `The page was fetched but its ${args.format} form is not available (HTTP ${res.status}).`,
            true,
          );
        const detail = await callJson<Obj>(call, 'GET', `/crawl/v1/jobs/${String(job.job_id)}/detail`);
        const result = (detail.result ?? {}) as Obj;
        const head = `URL: ${args.url}\nHTTP status: ${String(result.status_code ?? '?')}\nJob: ${String(job.job_id)}\n\n`;
        return text(head + truncateForModel(res.body.toString('utf8'), args.max_chars));
      }),
  );

  server.registerTool(
    'crawl_page',
    {
      title: 'Load a page in a real browser and screenshot it',
      description:
        'Load a page in Chromium on a real device (optionally in a given country, region or device type) and return a screenshot image plus page metrics (load timings, status). Optionally drive the page first with actions (click, type, scroll until a count, wait_for a selector...) and extract data with a schema of CSS/XPath fields into JSON. Use this to see how a page looks or performs; use fetch_url to read its text.',
      inputSchema: {
        url: z.string().url().describe('absolute http or https URL'),
        timeout_sec: z.number().int().min(1).max(300).default(90).describe('how long the device may take'),
        actions: z
          .array(z.record(z.string(), z.unknown()))
          .max(50)
          .optional()
          .describe(
            'actions run in order after the load, e.g. [{"type":"click","selector":"#more"},{"type":"wait_for","selector":".item"},{"type":"scroll","to":"bottom","until_selector":".item","until_count":100}]; types: wait, wait_for, click, type, press, scroll, select, hover, screenshot, evaluate',
          ),
        extract: z
          .record(z.string(), z.unknown())
          .optional()
          .describe(
            'extraction schema: {"fields":[{"name":"title","selector":"h1"},{"name":"items","selector":"li","type":"list","fields":[{"name":"price","selector":".price","transforms":["number"]}]}]}',
          ),
        ...placement,
      },
    },
    async (args) =>
      guard(async () => {
        const job = await submit(args, 'CRAWL_FULL_PAGE');
        const done = await waitJob(String(job.job_id), Date.now() + (args.timeout_sec + 30) * 1000);
        const early = unfinished(done);
        if (early) return early;
        const id = String(job.job_id);
        const download = await callJson<Obj>(call, 'GET', `/crawl/v1/jobs/${id}/download`);
        const response = (download.mainResult ?? {}) as Obj;
        const metrics = {
          job_id: id,
          status_code: response.statusCode,
          final_url: response.finalUrl,
          time_ms: typeof response.timeUs === 'number' ? Math.round(response.timeUs / 1000) : undefined,
          performance: download.performanceMetrics,
          ...pageResults(download),
        };
        const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(metrics, null, 1) }];
        const shot = await call('GET', `/crawl/v1/jobs/${id}/screenshot`);
        if (shot.status === 200 && shot.body.length <= MAX_SCREENSHOT_BYTES) {
          content.push({ type: 'image', data: shot.body.toString('base64'), mimeType: 'image/png' });
        } else {
          content.push({
            type: 'text',
            text:
              shot.status === 200
                ? `[screenshot omitted: ${shot.body.length} bytes is over ${MAX_SCREENSHOT_BYTES}]`
                : '[no screenshot for this page]',
          });
        }
        return { content, isError: false };
      }),
  );

  server.registerTool(
    'run_sweep',
    {
      title: 'Measure a page from several regions',
      description:
        'Load a page in real browsers in several world regions (several tries each) and return a per-region summary: how many tries succeeded, typical load time and largest contentful paint, and errors. Use this to compare how a site performs around the world. Takes up to timeout_sec plus queueing.',
      inputSchema: {
        url: z.string().url().describe('absolute http or https URL'),
        regions: z.array(z.enum(REGIONS)).min(1).max(REGIONS.length).default(['NA', 'EU', 'APAC']),
        tries_per_region: z.number().int().min(1).max(10).default(1),
        timeout_sec: z.number().int().min(1).max(120).default(60),
        device_type: z.enum(['mobile', 'desktop']).default('mobile'),
      },
    },
    async (args) =>
      guard(async () => {
        const created = await callJson<Obj>(call, 'POST', '/crawl/v1/sweep/new', args);
        const id = String(created.sweep_id);
        const deadline = Date.now() + (args.timeout_sec + 60) * 1000;
        let sweep: Obj;
        for (;;) {
          sweep = await callJson<Obj>(call, 'GET', `/crawl/v1/sweep/${id}`);
          if (sweep.status !== 'pending' && sweep.status !== 'running') break;
          if (Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, pollMs));
        }
        return text(truncateForModel(JSON.stringify(summarizeSweep(sweep), null, 1), 20_000));
      }),
  );

  // Many URLs in one call (POST /crawl/v1/batch/new), each answered with its status.
  server.registerTool(
    'crawl_batch',
    {
      title: 'Fetch many URLs through real devices',
      description:
        "Fetch up to 1000 URLs in one batch from real devices (optionally in a given country, region or device type) and answer, per URL, its job id, status, HTTP status and any error. Waits until every job ends or wait_sec passes; the batch keeps running after that and batch_id can be checked again with this tool (pass batch_id alone). Use fetch_url on one of the job ids' URLs to read its content.",
      inputSchema: {
        urls: z.array(z.string()).max(1000).optional().describe('absolute http or https URLs, at most 1000'),
        batch_id: z.string().uuid().optional().describe('an earlier batch to check again, instead of urls'),
        timeout_sec: z.number().int().min(1).max(300).default(60).describe('how long each device may take'),
        wait_sec: z.number().int().min(0).max(600).default(120).describe('how long to wait for the batch'),
        ...placement,
      },
    },
    async (args) =>
      guard(async () => {
        let batchId = args.batch_id;
        const refused: Obj[] = [];
        if (!batchId) {
          if (!args.urls || args.urls.length === 0) return text('Give urls (1 to 1000) or a batch_id.', true);
          const place: Obj = {};
          for (const k of ['country', 'region', 'device_type'] as const)
            if (args[k] !== undefined) place[k] = args[k];
          const created = await callJson<Obj>(call, 'POST', '/crawl/v1/batch/new', {
            jobs: args.urls.map((url) => ({ url })),
            timeout_sec: args.timeout_sec,
            placement: Object.keys(place).length > 0 ? place : undefined,
            session_id: args.session_id,
          });
          batchId = String(created.batch_id);
          (created.results as Obj[]).forEach((r, i) => {
            if (r.error) refused.push({ url: args.urls?.[i], error: (r.error as Obj).message });
          });
        }
        const deadline = Date.now() + args.wait_sec * 1000;
        let status = await callJson<Obj>(call, 'GET', `/crawl/v1/batch/${batchId}`);
        while (status.completed !== true && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, pollMs));
          status = await callJson<Obj>(call, 'GET', `/crawl/v1/batch/${batchId}`);
        }
        const ids = status.job_ids as string[];
        const views = await callJson<{ results: Record<string, { job?: Obj }> }>(
          call,
          'POST',
          '/crawl/v1/jobs/batch/status',
          { job_ids: ids },
        );
        const jobs = ids.map((id) => {
          const j = views.results[id]?.job ?? {};
          return {
            job_id: id,
            url: j.url,
            status: j.status,
            ...(j.error_message ? { error: `${String(j.error_type)}: ${String(j.error_message)}` } : {}),
          };
        });
        const summary = {
          batch_id: batchId,
          completed: status.completed,
          counts: status.counts,
          refused,
          jobs,
        };
        return text(truncateForModel(JSON.stringify(summary), 100_000));
      }),
  );

  server.registerTool(
    'measure',
    {
      title: 'Measure the network from devices',
      description:
        'Run a network measurement (dns lookup, ping, traceroute, mtr or a TLS handshake) against a host from real devices in chosen countries, regions or networks, one distinct device each, and return per device where it is (country, network) and what it measured: DNS answers with TTLs and the resolver, ping round trips and loss, the route with each hop and its network, the TLS certificate chain. Use this to see why a site is slow or blocked from somewhere (a resolver answering differently, a detour, packet loss).',
      inputSchema: {
        type: z.enum(['dns', 'ping', 'traceroute', 'mtr', 'tls']),
        target: z.string().min(1).max(253).describe('a host name or an IP address'),
        locations: z
          .array(
            z.object({
              country: placement.country,
              region: placement.region,
              asn: z.number().int().positive().optional().describe('autonomous system number of the network'),
              limit: z.number().int().min(1).max(10).default(1).describe('devices in this location'),
            }),
          )
          .max(10)
          .optional()
          .describe('where to measure from; default one device anywhere'),
        protocol: z.enum(['icmp', 'udp', 'tcp']).optional(),
        port: z.number().int().min(1).max(65535).optional().describe('tcp ping, traceroute, mtr, tls'),
        record_type: z
          .enum(['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT', 'SOA', 'CAA'])
          .optional()
          .describe('dns'),
        resolver: z.string().optional().describe("dns: 'system' or a resolver's IP address"),
        resolver_port: z.number().int().min(1).max(65535).optional().describe("dns: the resolver's port"),
        timeout_sec: z.number().int().min(1).max(120).default(30),
      },
    },
    async (args) =>
      guard(async () => {
        const created = await callJson<Obj>(call, 'POST', '/crawl/v1/measure/new', args);
        const id = String(created.id);
        const deadline = Date.now() + (args.timeout_sec + 30) * 1000;
        let m: Obj;
        for (;;) {
          m = await callJson<Obj>(call, 'GET', `/crawl/v1/measure/${id}`);
          if (m.status === 'finished' || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, pollMs));
        }
        return text(truncateForModel(JSON.stringify(summarizeMeasurement(m), null, 1), 20_000));
      }),
  );

  server.registerTool(
    'session',
    {
      title: 'Keep jobs on one device',
      description:
        'Open, inspect or close a session: jobs that name its session_id all run on the same device (same IP, same cookies jar on the device side), e.g. to log in and then fetch pages. open answers the session_id; pass it to fetch_url or crawl_page.',
      inputSchema: {
        action: z.enum(['open', 'status', 'close']),
        session_id: z.string().uuid().optional().describe('for status and close'),
        duration_seconds: z.number().int().min(1).max(3600).default(600).describe('for open'),
        country: placement.country,
        region: placement.region,
        device_type: placement.device_type,
      },
    },
    async (args) =>
      guard(async () => {
        if (args.action === 'open') {
          const place: Obj = {};
          for (const k of ['country', 'region', 'device_type'] as const)
            if (args[k] !== undefined) place[k] = args[k];
          const s = await callJson<Obj>(call, 'POST', '/crawl/v1/session/new', {
            duration_seconds: args.duration_seconds,
            placement: Object.keys(place).length > 0 ? place : undefined,
          });
          return text(JSON.stringify(s));
        }
        if (!args.session_id) return text('session_id is needed for status and close.', true);
        const path = `/crawl/v1/session/${args.session_id}`;
        // Close answers 204; the session as it is afterwards is the useful answer either way.
        if (args.action === 'close') await callJson<unknown>(call, 'POST', `${path}/close`);
        const s = await callJson<Obj>(call, 'GET', path);
        return text(truncateForModel(JSON.stringify(s), 20_000));
      }),
  );

  server.registerTool(
    'cancel',
    {
      title: 'Cancel a job, a batch or a site crawl',
      description:
        "Cancel work started with the other tools: a job (fetch_url's or crawl_page's job id), a batch (crawl_batch's batch_id) or a site crawl (crawl_site's crawl_id). Its unfinished jobs fail with error type cancelled and stop on their devices; what already finished stays readable. A job that already ended cannot be cancelled (the answer says so).",
      inputSchema: {
        kind: z.enum(['job', 'batch', 'crawl']).describe('what the id names'),
        id: z.string().uuid().describe('the job id, batch_id or crawl_id'),
      },
    },
    async (args) =>
      guard(async () => {
        if (args.kind === 'job') {
          const job = await callJson<Obj>(call, 'POST', `/crawl/v1/jobs/${args.id}/cancel`);
          return text(
            `Job ${String(job.job_id)} cancelled: ${String(job.status)} (${String(job.error_type)}: ${String(job.error_message)}).`,
          );
        }
        if (args.kind === 'batch') {
          const b = await callJson<Obj>(call, 'POST', `/crawl/v1/batch/${args.id}/cancel`);
          const summary = { batch_id: b.batch_id, cancelled_now: b.cancelled_count, counts: b.counts };
          return text(`Batch cancelled: ${JSON.stringify(summary)}`);
        }
        const c = await callJson<Obj>(call, 'POST', `/crawl/v1/crawl/${args.id}/cancel`);
        const summary = { crawl_id: c.crawl_id, status: c.status, counts: c.counts };
        return text(`Crawl cancelled: ${JSON.stringify(summary)}`);
      }),
  );

  registerSiteTools(server, call, pollMs);
}

/** A measurement for a model: per device where it ran and what it found, raw output cut short. */
function summarizeMeasurement(m: Obj): Obj {
  const results = Array.isArray(m.results) ? (m.results as Obj[]) : [];
  return {
    id: m.id,
    type: m.type,
    target: m.target,
    status: m.status,
    devices: results.map((e) => {
      const r = (e.result ?? null) as Obj | null;
      const { raw_output, ...parsed } = r ?? {};
      return {
        status: e.status,
        device: e.device,
        result: r ? { ...parsed, raw_output: String(raw_output ?? '').slice(0, 1500) } : null,
      };
    }),
  };
}

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], isError };
}

/** A refused call becomes a tool error the model can read; anything else propagates. */
async function guard(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiCallError)
      return text(`The crawl API refused: ${err.message} (HTTP ${err.status})`, true);
    throw err;
  }
}

function summarizeSweep(sweep: Obj): Obj {
  const results = (sweep.results ?? {}) as Record<string, { status: string; jobs: Obj[] }>;
  const regions: Obj = {};
  for (const [region, r] of Object.entries(results)) {
    const ok = r.jobs.filter((j) => j.status === 'completed' || j.status === 'success');
    const metric = (name: string) => {
      const values = ok.map((j) => Number((j.metrics as Obj | undefined)?.[name] ?? 0)).filter((v) => v > 0);
      values.sort((a, b) => a - b);
      return values.length ? values[Math.floor(values.length / 2)] : null;
    };
    regions[region] = {
      status: r.status,
      tries: r.jobs.length,
      succeeded: ok.length,
      median_total_load_time: metric('total_load_time'),
      median_lcp: metric('lcp'),
      errors: r.jobs
        .filter((j) => j.error_message)
        .map((j) => `${String(j.error_type)}: ${String(j.error_message)}`),
    };
  }
  return {
    sweep_id: sweep.sweep_id,
    url: sweep.url,
    status: sweep.status,
    completed_jobs: sweep.completed_jobs,
    failed_jobs: sweep.failed_jobs,
    report_url: sweep.report_url,
    regions,
  };
}
