// What changed between two runs of one schedule, per region. Pure: a snapshot of each run's sweep
// (from its record and jobs), then a field-by-field comparison. A region's tries are summed up as
// the set of values they saw (HTTP statuses, final URLs, error types, block verdicts, titles, text
// fingerprints) and the median size, so a change of device between runs does not read as a change
// of the page. Titles, blocks and fingerprints come from each try's summary (try-summary.ts).
import type { JobRecord, SweepRecord } from '../store/records.js';
import { type GroupStatus, groupStatus, tryStatus } from '../sweeps/sweep-view.js';
import { contentSimilarity, SAME_CONTENT } from '../sweeps/try-summary.js';

/** A size change smaller than this share of the earlier size is noise (ads, timestamps, nonces). */
export const SIZE_CHANGE_RATIO = 0.1;

/** Per-try page facts beyond the result record (title, text fingerprint, block verdict). */
export type TryFacts = (
  job: JobRecord,
) => { title?: string; textFingerprint?: string | null; block?: string } | null;

export interface RegionSnapshot {
  status: GroupStatus;
  /** Distinct HTTP statuses of the tries that got an answer, ascending. */
  http_status: number[];
  /** Distinct final URLs (after redirects), sorted. */
  final_url: string[];
  /** Median body size of the tries that got an answer; null when none did. */
  size_bytes: number | null;
  /** Distinct error types of failed tries, sorted. */
  error_type: string[];
  /** Distinct block page verdicts (`kind: rule`), sorted. */
  block: string[];
  /** Distinct page titles, sorted (empty when unknown). */
  title: string[];
  /** Distinct text fingerprints, sorted (empty when unknown). */
  text_fingerprint: string[];
}

export interface RunSnapshot {
  sweepId: string;
  /** Every try is final. */
  done: boolean;
  regions: Record<string, RegionSnapshot>;
}

export interface FieldChange {
  field: keyof RegionSnapshot;
  before: unknown;
  after: unknown;
  /** text_fingerprint only: the closest two texts' similarity (0..1; the same text is 1). */
  similarity?: number;
}

export interface RegionDiff {
  changed: boolean;
  changes: FieldChange[];
}

export interface RunDiff {
  previous_sweep_id: string;
  /** Both runs had finished when compared; otherwise what is known so far. */
  complete: boolean;
  changed_regions: string[];
  regions: Record<string, RegionDiff>;
}

const distinct = <T>(values: T[], cmp?: (a: T, b: T) => number): T[] => [...new Set(values)].sort(cmp);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

function regionSnapshot(jobs: readonly JobRecord[], facts: TryFacts): RegionSnapshot {
  const answered = jobs.filter((j) => j.result && j.result.statusCode > 0);
  const seen = jobs.map((j) => (j.status === 'completed' ? facts(j) : null));
  const errors = jobs
    .filter((j) => tryStatus(j) === 'failed')
    .map((j) => (j.status === 'failed' ? (j.failureType ?? '') : (j.result?.errorType ?? '')));
  return {
    status: groupStatus(jobs.map(tryStatus)),
    http_status: distinct(
      answered.map((j) => j.result?.statusCode ?? 0),
      (a, b) => a - b,
    ),
    final_url: distinct(answered.map((j) => j.result?.finalUrl ?? '').filter((u) => u !== '')),
    size_bytes: median(answered.map((j) => j.result?.sizeBytes ?? 0)),
    error_type: distinct(errors.filter((e) => e !== '')),
    block: distinct(seen.map((f) => f?.block ?? '').filter((b) => b !== '')),
    title: distinct(seen.map((f) => f?.title ?? '').filter((t) => t !== '')),
    text_fingerprint: distinct(seen.map((f) => f?.textFingerprint ?? '').filter((t) => t !== '')),
  };
}

/** The try's summary, made when its result was stored (absent on results from before summaries). */
export const summaryFacts: TryFacts = (job) => {
  const s = job.result?.summary;
  if (!s) return null;
  return {
    title: s.title,
    textFingerprint: s.textFingerprint,
    block: s.block ? `${s.block.kind}: ${s.block.rule}` : '',
  };
};

/** The run's sweep summed up per region. `jobs` may hold more than the sweep's (they are matched by id). */
export function runSnapshot(
  sweep: SweepRecord,
  jobs: readonly JobRecord[],
  facts = summaryFacts,
): RunSnapshot {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const regions: Record<string, RegionSnapshot> = {};
  let done = true;
  for (const region of sweep.regions) {
    const tries = sweep.jobs
      .filter((r) => r.region === region)
      .map((r) => byId.get(r.jobId))
      .filter((j): j is JobRecord => j !== undefined);
    const snap = regionSnapshot(tries, facts);
    if (snap.status === 'running') done = false;
    regions[region] = snap;
  }
  return { sweepId: sweep.id, done, regions };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sizeChanged(before: number | null, after: number | null): boolean {
  if (before === null || after === null) return before !== after;
  return Math.abs(after - before) > SIZE_CHANGE_RATIO * Math.max(before, 1);
}

const COMPARED: ReadonlyArray<keyof RegionSnapshot> = [
  'status',
  'http_status',
  'final_url',
  'size_bytes',
  'error_type',
  'block',
  'title',
  'text_fingerprint',
];

/** The closest pair of texts across the two runs; null when either side has none. */
function closest(before: string[], after: string[]): number | null {
  let best: number | null = null;
  for (const a of before) {
    for (const b of after) {
      const s = contentSimilarity(a, b);
      if (s !== null && (best === null || s > best)) best = s;
    }
  }
  return best;
}

/** Per region of the current run, what differs from the previous run (a region new to it: every field). */
export function diffRuns(previous: RunSnapshot, current: RunSnapshot): RunDiff {
  const regions: Record<string, RegionDiff> = {};
  const changedRegions: string[] = [];
  for (const [region, now] of Object.entries(current.regions)) {
    const before = previous.regions[region];
    const changes: FieldChange[] = [];
    for (const field of COMPARED) {
      const a = before ? before[field] : null;
      const b = now[field];
      // A title or text only one side knows is not a change: one run was not summed up.
      if (field === 'title' || field === 'text_fingerprint') {
        if (!before || (a as string[]).length === 0 || (b as string[]).length === 0) continue;
      }
      if (field === 'text_fingerprint') {
        // Simhashes of the same text with a date or an ad changed differ in a few bits.
        const sim = closest(a as string[], b as string[]);
        if (sim !== null && sim < SAME_CONTENT) changes.push({ field, before: a, after: b, similarity: sim });
        continue;
      }
      const differs =
        field === 'size_bytes' ? sizeChanged(a as number | null, b as number | null) : !same(a, b);
      if (differs) changes.push({ field, before: a, after: b });
    }
    regions[region] = { changed: changes.length > 0, changes };
    if (changes.length > 0) changedRegions.push(region);
  }
  return {
    previous_sweep_id: previous.sweepId,
    complete: previous.done && current.done,
    changed_regions: changedRegions,
    regions,
  };
}
