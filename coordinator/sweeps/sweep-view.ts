// The Sweep object of interface.md 2.9, built from the sweep record and its jobs. Pure: no I/O.
//
// Statuses (docs/sweeps.md):
// - a try is its job's status, except that a job that completed with `result.success: false` is a
//   `failed` try, with the device's error_type and error_message;
// - a region, and the sweep, are `running` until every try is terminal, then `completed` when every
//   try completed, `failed` when none did and `partial` otherwise.
import type { JobRecord, ResultRecord, SweepRecord } from '../store/records.js';
import { type Divergence, type DivergenceTry, divergenceOf } from './divergence.js';
import { median } from './html.js';
import type { BlockVerdict, TrySummary } from './try-summary.js';

export type TryStatus = 'pending' | 'running' | 'completed' | 'failed';
export type GroupStatus = 'running' | 'completed' | 'partial' | 'failed';

export interface SweepMetrics {
  cls: number;
  dom_content_loaded: number;
  fcp: number;
  lcp: number;
  total_load_time: number;
  transfer_size: number;
  ttfb: number;
  protocol: string;
}

export interface SweepJobEntry {
  job_id: string;
  country: string;
  status: TryStatus;
  error_type: string;
  error_message: string;
  data_error: string;
  screenshot: string;
  metrics: SweepMetrics;
  /** Extra: the device that ran (or runs) the try; '' while pending. */
  device_id: string;
  /** Extra: metadata.network of the try's result (docs/api.md); absent until it has one. */
  network?: Record<string, unknown>;
  /** Extra (divergence, docs/sweeps.md): the URL the page ended at; '' until the try has a result. */
  final_url: string;
  /** Extra: the main response's HTTP status; 0 until the try has one. */
  status_code: number;
  /** Extra: the page's title; '' when none (or not read). */
  title: string;
  /** Extra: the result's size in bytes. */
  size_bytes: number;
  /** Extra: 64-bit simhash of the page's main text (16 hex digits), or null. */
  text_fingerprint: string | null;
  /** Extra: the block page rule the page matched, or null. */
  block: BlockVerdict | null;
  /** Extra: Lighthouse category scores (0–1) when the sweep asked for audits and the try has them. */
  lighthouse?: Record<string, number | null>;
}

export interface SweepRegionView {
  region: string;
  status: GroupStatus;
  jobs: SweepJobEntry[];
  /** Extra: the median Lighthouse score per category over the region's audited tries. */
  lighthouse?: Record<string, number | null>;
}

export interface SweepView {
  sweep_id: string;
  url: string;
  status: GroupStatus;
  created_at: string;
  total_jobs: number;
  completed_jobs: number;
  failed_jobs: number;
  results: Record<string, SweepRegionView>;
  regions: string[];
  tries_per_region: number;
  timeout_sec: number;
  device_type: string;
  report_url: string;
  /** Extra: which regions or networks got a different answer, and how (divergence.ts). */
  divergence: Divergence;
}

export interface SweepViewContext {
  /** Base of the screenshot and report links. */
  edgeUrl: string;
  /** Country of a device connected here, for tries still running (their result is not in yet). */
  deviceCountry?: (deviceId: string) => string | undefined;
}

const EMPTY_METRICS: Readonly<SweepMetrics> = Object.freeze({
  cls: 0,
  dom_content_loaded: 0,
  fcp: 0,
  lcp: 0,
  total_load_time: 0,
  transfer_size: 0,
  ttfb: 0,
  protocol: '',
});

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function metricsOf(r: ResultRecord | null): SweepMetrics {
  const p = r?.performance;
  if (!p) return { ...EMPTY_METRICS };
  return {
    cls: num(p.cumulativeLayoutShift),
    dom_content_loaded: num(p.domContentLoaded),
    fcp: num(p.firstContentfulPaint),
    lcp: num(p.largestContentfulPaint),
    total_load_time: num(p.totalLoadTime),
    transfer_size: num(p.transferSize),
    ttfb: num(p.timeToFirstByte),
    protocol: typeof p.protocol === 'string' ? p.protocol : '',
  };
}

const NO_ANSWER = Object.freeze({
  final_url: '',
  status_code: 0,
  title: '',
  size_bytes: 0,
  text_fingerprint: null,
  block: null,
});

/** The try's summary; for a result stored before summaries existed, what its record says. */
export function summaryOf(r: ResultRecord | null): TrySummary | null {
  if (!r) return null;
  if (r.summary) return r.summary;
  return {
    finalUrl: r.finalUrl,
    statusCode: r.statusCode,
    title: '',
    sizeBytes: r.sizeBytes,
    textFingerprint: null,
    block: null,
  };
}

function answerFields(s: TrySummary | null): Pick<SweepJobEntry, keyof typeof NO_ANSWER> {
  if (!s) return { ...NO_ANSWER };
  return {
    final_url: s.finalUrl,
    status_code: s.statusCode,
    title: s.title,
    size_bytes: s.sizeBytes,
    text_fingerprint: s.textFingerprint,
    block: s.block,
  };
}

/** The network a try ran on, from the result's `metadata.network` when the coordinator knows it. */
function networkOf(r: ResultRecord | null): DivergenceTry['network'] {
  const n = r?.metadata.network;
  if (!n || typeof n !== 'object') return null;
  const fields = n as Record<string, unknown>;
  const kind = fields.network_kind ?? fields.kind;
  if (typeof kind !== 'string' || kind === '') return null;
  return { kind, asn: typeof fields.asn === 'number' ? fields.asn : null };
}

export function tryStatus(job: JobRecord): TryStatus {
  if (job.status === 'completed') return job.result?.success ? 'completed' : 'failed';
  return job.status;
}

/** Why a try's metrics are missing or partial; '' when they are whole (or not expected yet). */
export function dataError(job: JobRecord): string {
  const status = tryStatus(job);
  if (status === 'pending' || status === 'running') return '';
  if (status === 'failed') return 'no metrics: the try failed (see error_type)';
  const r = job.result as ResultRecord;
  const problems: string[] = [];
  if (!r.performance) problems.push('the device reported no performance metrics');
  else if (r.performance.crashOrTimeoutFlag === true) {
    problems.push('metrics are partial: the page crashed or did not finish loading in time');
  }
  if (r.parts.screenshot === undefined) problems.push('no screenshot was taken');
  return problems.join('; ');
}

function locationCountry(r: ResultRecord | null): string {
  const loc = r?.metadata.device_location;
  if (loc && typeof loc === 'object' && 'country' in loc && typeof loc.country === 'string') {
    return loc.country;
  }
  return '';
}

function networkEntry(r: ResultRecord | null): { network?: Record<string, unknown> } {
  const n = r?.metadata.network;
  return n && typeof n === 'object' ? { network: n as Record<string, unknown> } : {};
}

export function jobEntry(job: JobRecord | undefined, jobId: string, ctx: SweepViewContext): SweepJobEntry {
  if (!job) {
    // Only if the jobs table lost a row the sweep names; shown rather than hidden.
    return {
      job_id: jobId,
      country: '',
      status: 'failed',
      error_type: 'internal',
      error_message: 'the job record is missing',
      data_error: 'no metrics: the try failed (see error_type)',
      screenshot: '',
      metrics: { ...EMPTY_METRICS },
      device_id: '',
      ...NO_ANSWER,
    };
  }
  const status = tryStatus(job);
  const r = job.result;
  let errorType = '';
  let errorMessage = '';
  if (job.status === 'failed') {
    errorType = job.failureType ?? '';
    errorMessage = job.errorMessage ?? '';
  } else if (r && !r.success) {
    errorType = r.errorType;
    errorMessage = r.errorMessage;
  }
  let country = locationCountry(r);
  if (!country && status === 'running' && job.deviceId) country = ctx.deviceCountry?.(job.deviceId) ?? '';
  const hasShot = job.status === 'completed' && r?.parts.screenshot !== undefined && !job.archivedAt;
  return {
    job_id: job.id,
    country,
    status,
    error_type: errorType,
    error_message: errorMessage,
    data_error: dataError(job),
    screenshot: hasShot ? `${ctx.edgeUrl}/crawl/v1/jobs/${job.id}/screenshot` : '',
    metrics: metricsOf(r),
    device_id: r?.deviceId ?? (status === 'pending' ? '' : (job.deviceId ?? '')),
    ...networkEntry(r),
    ...answerFields(summaryOf(r)),
    ...lighthouseEntry(r),
  };
}

/** The try's Lighthouse scores (metadata.lighthouse.scores), only when it has them. */
function lighthouseEntry(r: JobRecord['result']): { lighthouse?: Record<string, number | null> } {
  const lh = r?.metadata.lighthouse as { scores?: Record<string, unknown> } | undefined;
  if (!lh?.scores || typeof lh.scores !== 'object') return {};
  const scores: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(lh.scores)) scores[k] = typeof v === 'number' ? v : null;
  return { lighthouse: scores };
}

/** Per category, the median score of the tries that have one; undefined when none was audited. */
export function medianScores(entries: readonly SweepJobEntry[]): Record<string, number | null> | undefined {
  const audited = entries.filter((e) => e.lighthouse);
  if (audited.length === 0) return undefined;
  const out: Record<string, number | null> = {};
  const categories = new Set(audited.flatMap((e) => Object.keys(e.lighthouse ?? {})));
  for (const c of [...categories].sort()) {
    const values = audited.map((e) => e.lighthouse?.[c]).filter((v): v is number => typeof v === 'number');
    out[c] = median(values);
  }
  return out;
}

export function groupStatus(statuses: readonly TryStatus[]): GroupStatus {
  if (statuses.some((s) => s === 'pending' || s === 'running')) return 'running';
  const ok = statuses.filter((s) => s === 'completed').length;
  if (ok === statuses.length) return 'completed';
  return ok === 0 ? 'failed' : 'partial';
}

export function reportUrl(edgeUrl: string, sweep: SweepRecord): string {
  return `${edgeUrl}/crawl/v1/sweep/${sweep.id}/report/${sweep.reportToken}`;
}

export function sweepView(sweep: SweepRecord, jobs: readonly JobRecord[], ctx: SweepViewContext): SweepView {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const results: Record<string, SweepRegionView> = {};
  for (const region of sweep.regions) results[region] = { region, status: 'running', jobs: [] };
  const all: SweepJobEntry[] = [];
  const tries: DivergenceTry[] = [];
  for (const ref of sweep.jobs) {
    const job = byId.get(ref.jobId);
    const entry = jobEntry(job, ref.jobId, ctx);
    all.push(entry);
    const r = job?.result ?? null;
    tries.push({
      jobId: ref.jobId,
      region: ref.region,
      network: networkOf(r),
      status: entry.status,
      errorType: entry.error_type,
      summary: entry.status === 'completed' ? summaryOf(r) : null,
    });
    let group = results[ref.region];
    if (!group) {
      group = { region: ref.region, status: 'running', jobs: [] };
      results[ref.region] = group;
    }
    group.jobs.push(entry);
  }
  for (const group of Object.values(results)) {
    group.status = groupStatus(group.jobs.map((e) => e.status));
    const scores = medianScores(group.jobs);
    if (scores) group.lighthouse = scores;
  }
  return {
    sweep_id: sweep.id,
    url: sweep.url,
    status: groupStatus(all.map((e) => e.status)),
    created_at: sweep.createdAt,
    total_jobs: all.length,
    completed_jobs: all.filter((e) => e.status === 'completed').length,
    failed_jobs: all.filter((e) => e.status === 'failed').length,
    results,
    regions: sweep.regions,
    tries_per_region: sweep.triesPerRegion,
    timeout_sec: sweep.timeoutSec,
    device_type: sweep.deviceType,
    report_url: reportUrl(ctx.edgeUrl, sweep),
    divergence: divergenceOf(tries, sweep.url, sweep.regions),
  };
}
