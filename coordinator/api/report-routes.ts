// The shareable sweep report: the unguessable token in the URL is the only credential, so the page
// and its thumbnails open without an API key. A wrong token is the same 404 as a missing sweep.
import type { FastifyInstance } from 'fastify';
import { nonJson, Png, ReportParams, ReportShotParams, stringErrors } from '../../contract/index.js';
import { jobNotFound } from '../errors.js';
import { scheduledRunSection } from '../schedules/schedule-service.js';
import type { Services } from '../services.js';
import type { SweepRecord } from '../store/records.js';
import { REPORT_CSP, renderReport } from '../sweeps/report-page.js';
import { reportTokenMatches } from '../sweeps/report-token.js';
import { screenshotStream, sendPng } from '../sweeps/screenshot.js';
import { loadSweepNetwork, renderNetwork } from '../sweeps/sweep-network.js';
import { loadSweepView } from '../sweeps/sweep-service.js';
import { parsedBy } from './schema-validator.js';
import type { ContractTypes } from './type-provider.js';
import { isUuid } from './validate.js';

/** Longer tokens are never issued: such a URL names no report. */
const MAX_TOKEN_CHARS = 128;

interface ReportInput {
  /** The sweep id, lower case. */
  id: string;
  token: string;
  /** The screenshot's job id, lower case (thumbnail route only). */
  jobId: string;
}

/** The report's path: a sweep id that is a UUID and a token of a length ever issued; else the 404. */
function parseReportParams(raw: unknown): ReportInput {
  const p = (raw ?? {}) as { id?: unknown; token?: unknown; jobId?: unknown };
  if (!isUuid(p.id) || typeof p.token !== 'string' || p.token.length > MAX_TOKEN_CHARS) throw jobNotFound();
  return {
    id: p.id.toLowerCase(),
    token: p.token,
    jobId: typeof p.jobId === 'string' ? p.jobId.toLowerCase() : '',
  };
}

const tags = ['sweeps'];
const pageSchema = {
  tags,
  summary: 'The shareable sweep report page (HTML); the token is the credential',
  params: parsedBy(ReportParams, parseReportParams),
  security: [],
  response: { 200: nonJson('text/html', 'the report page'), ...stringErrors(400, 404, 500) },
};
const shotSchema = {
  tags,
  summary: "A report's screenshot thumbnail (PNG)",
  params: parsedBy(ReportShotParams, parseReportParams),
  security: [],
  response: { 200: Png, ...stringErrors(400, 404, 500) },
};

async function sweepByToken(services: Services, id: string, token: string): Promise<SweepRecord> {
  const sweep = await services.store.getSweep(id);
  if (!sweep || !reportTokenMatches(sweep.reportToken, token)) throw jobNotFound();
  return sweep;
}

export function registerReportRoutes(base: FastifyInstance, services: Services): void {
  // Request types follow from the route schemas (contract/).
  const app = base.withTypeProvider<ContractTypes>();
  app.get('/crawl/v1/sweep/:id/report/:token', { schema: pageSchema }, async (req, reply) => {
    const sweep = await sweepByToken(services, req.params.id, req.params.token);
    const view = await loadSweepView(services, sweep);
    // Thumbnails are relative to the page, so they work whichever host name the page was opened by.
    const base = `/crawl/v1/sweep/${sweep.id}/report/${encodeURIComponent(req.params.token)}/screenshot`;
    const html = renderReport(
      view,
      { thumbnail: (jobId) => `${base}/${jobId}` },
      await scheduledRunSection(services, sweep),
      renderNetwork(await loadSweepNetwork(services, sweep), sweep.regions),
    );
    return reply
      .header('content-security-policy', REPORT_CSP)
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get(
    '/crawl/v1/sweep/:id/report/:token/screenshot/:jobId',
    { schema: shotSchema },
    async (req, reply) => {
      const sweep = await sweepByToken(services, req.params.id, req.params.token);
      const jobId = req.params.jobId;
      // The token opens this sweep's screenshots, never another job's.
      if (!sweep.jobs.some((j) => j.jobId === jobId)) throw jobNotFound();
      const job = await services.store.getJob(jobId);
      if (!job) throw jobNotFound();
      return sendPng(reply.header('referrer-policy', 'no-referrer'), await screenshotStream(services, job));
    },
  );
}
