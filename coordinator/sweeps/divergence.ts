// Which regions (and networks) of a sweep got a different answer, and how: the `divergence` field of
// the Sweep (docs/sweeps.md). Pure and deterministic: tries in sweep order in, the same report out.
//
// 1. Each finished try has an answer: failed (with its error type), or its status, block rule and
//    final URL. The majority answer is the one most finished tries got, when no other answer is as
//    common; otherwise there is no majority and each group's answers are listed as they are.
// 2. Tries with the majority answer are compared by content: the reference text is the one most
//    of them are similar to (ties: the earlier try); a try less similar than SAME_CONTENT has
//    different content; a similar one with another title has a different title.
// 3. Tries are grouped by region, and by network kind when the result names one; each group's
//    differences are listed once per distinct difference, with how many of its tries showed it.
import { type BlockVerdict, contentSimilarity, SAME_CONTENT, type TrySummary } from './try-summary.js';

/** A try's status as the Sweep shows it (sweep-view.ts). */
export type DivergenceTryStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface DivergenceTry {
  jobId: string;
  region: string;
  /** The network the try ran on (`metadata.network`), when the coordinator knows it. */
  network: { kind: string; asn: number | null } | null;
  status: DivergenceTryStatus;
  /** The try's error type when it failed. */
  errorType: string;
  summary: TrySummary | null;
}

export type DivergenceState = 'pending' | 'agree' | 'differ' | 'no_majority';
export type DifferenceKind = 'failed' | 'status' | 'blocked' | 'redirect' | 'content' | 'title' | 'answer';

export interface MajorityAnswer {
  /** Finished tries that got it. */
  tries: number;
  failed: boolean;
  error_type: string;
  status_code: number;
  final_url: string;
  block: BlockVerdict | null;
}

export interface DivergenceEntry {
  /** `EU`, or `NA mobile` when tries are told apart by network kind. */
  group: string;
  region: string;
  network: { kind: string; asn: number | null } | null;
  kind: DifferenceKind;
  /** Tries of the group that showed this, of its finished tries. */
  tries: number;
  of: number;
  job_ids: string[];
  status_code: number | null;
  block: BlockVerdict | null;
  final_url: string | null;
  /** Lowest content similarity of these tries to the reference text (kind `content`). */
  similarity: number | null;
  title: string | null;
  error_type: string | null;
  /** The sentence for people, e.g. `EU: 451, blocked for legal reasons (http-451)`. */
  message: string;
}

export interface Divergence {
  state: DivergenceState;
  /** Finished tries compared. */
  compared: number;
  /** Tries still pending or running (not compared yet). */
  waiting: number;
  majority: MajorityAnswer | null;
  differences: DivergenceEntry[];
  /** One sentence for people. */
  summary: string;
}

interface Finished {
  index: number;
  t: DivergenceTry;
  failed: boolean;
  key: string;
  finalUrl: string;
}

const BLOCK_PHRASE: Record<BlockVerdict['kind'], string> = {
  legal: 'blocked for legal reasons',
  cdn_block: 'blocked by a CDN or firewall',
  captcha: 'captcha page',
};

function urlKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** Where `url` is, said against `base`: its path when the origins match, else its origin. */
export function whereTo(url: string, base: string): string {
  try {
    const u = new URL(url);
    try {
      if (new URL(base).origin === u.origin) return `${u.pathname}${u.search}`;
    } catch {
      // no base to compare with: the origin says enough
    }
    return u.origin;
  } catch {
    return url;
  }
}

function finish(t: DivergenceTry, index: number): Finished {
  const failed = t.status === 'failed' || !t.summary;
  const s = t.summary;
  const finalUrl = s?.finalUrl ?? '';
  const key = failed
    ? `failed:${t.errorType}`
    : `${s?.statusCode}|${s?.block?.rule ?? ''}|${urlKey(finalUrl)}`;
  return { index, t, failed, key, finalUrl };
}

function groupOf(t: DivergenceTry): string {
  return t.network?.kind ? `${t.region} ${t.network.kind}` : t.region;
}

function blockText(block: BlockVerdict | null): string {
  return block ? `, ${BLOCK_PHRASE[block.kind]} (${block.rule})` : '';
}

/** The answer of a try in words, with its final URL said against `base`. */
function answerText(f: Finished, base: string): string {
  if (f.failed) return `failed (${f.t.errorType || 'unknown error'})`;
  const s = f.t.summary as TrySummary;
  const moved = urlKey(f.finalUrl) !== urlKey(base) && f.finalUrl !== '';
  return `${s.statusCode}${blockText(s.block)}${moved ? `, at ${whereTo(f.finalUrl, base)}` : ''}`;
}

/** The index into `items` most others are similar to (ties: the earliest); -1 for none. */
function medoid(items: readonly Finished[]): number {
  let best = -1;
  let bestCount = 0;
  for (let i = 0; i < items.length; i++) {
    const a = items[i]?.t.summary?.textFingerprint ?? null;
    if (!a) continue;
    let count = 0;
    for (const other of items) {
      const sim = contentSimilarity(a, other.t.summary?.textFingerprint ?? null);
      if (sim !== null && sim >= SAME_CONTENT) count++;
    }
    if (count > bestCount) {
      best = i;
      bestCount = count;
    }
  }
  return best;
}

/** The most common value (ties: the first seen). */
function mode(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

interface Difference {
  kind: DifferenceKind;
  /** Tries with equal `bucket` (in one group) are reported as one entry. */
  bucket: string;
  detail: string;
  similarity: number | null;
}

/** How a finished try differs from the majority, or null. */
function differenceOf(
  f: Finished,
  major: Finished,
  refText: string | null,
  refTitle: string,
  url: string,
): Difference | null {
  // Final URLs are said against the majority's, or the swept URL when the majority failed.
  const base = major.failed || !major.finalUrl ? url : major.finalUrl;
  if (f.key !== major.key) {
    if (f.failed) return { kind: 'failed', bucket: f.key, detail: answerText(f, base), similarity: null };
    const s = f.t.summary as TrySummary;
    const m = major.failed ? null : (major.t.summary as TrySummary);
    if (!m || s.statusCode !== m.statusCode) {
      return { kind: 'status', bucket: f.key, detail: answerText(f, base), similarity: null };
    }
    if ((s.block?.rule ?? '') !== (m.block?.rule ?? '')) {
      const detail = s.block
        ? `${BLOCK_PHRASE[s.block.kind]} (${s.block.rule})`
        : `not a block page (the majority: ${m.block ? m.block.rule : 'none'})`;
      return { kind: 'blocked', bucket: f.key, detail, similarity: null };
    }
    return {
      kind: 'redirect',
      bucket: f.key,
      detail: `redirected to ${whereTo(f.finalUrl, base)}`,
      similarity: null,
    };
  }
  const s = f.t.summary;
  if (!s) return null;
  const sim = contentSimilarity(refText, s.textFingerprint);
  if (sim !== null && sim < SAME_CONTENT) {
    return { kind: 'content', bucket: 'content', detail: 'different content', similarity: sim };
  }
  if (s.title !== refTitle) {
    const detail = s.title ? `different title "${s.title}"` : 'no title';
    return { kind: 'title', bucket: `title:${s.title}`, detail, similarity: null };
  }
  return null;
}

interface Bucket {
  group: string;
  first: Finished;
  diff: Difference;
  items: Finished[];
}

function entryOf(b: Bucket, of: number): DivergenceEntry {
  const s = b.first.t.summary;
  const failed = b.first.failed;
  const sim = b.diff.similarity;
  const part = b.items.length < of ? ` (${b.items.length} of ${of} tries)` : '';
  const simText = sim === null ? '' : `, similarity ${sim.toFixed(2)}`;
  return {
    group: b.group,
    region: b.first.t.region,
    network: b.first.t.network,
    kind: b.diff.kind,
    tries: b.items.length,
    of,
    job_ids: b.items.map((f) => f.t.jobId),
    status_code: failed || !s ? null : s.statusCode,
    block: failed || !s ? null : s.block,
    final_url: failed || !s ? null : s.finalUrl,
    similarity: sim === null ? null : Math.round(sim * 100) / 100,
    title: failed || !s ? null : s.title,
    error_type: failed ? b.first.t.errorType : null,
    message: `${b.group}: ${b.diff.detail}${simText}${part}`,
  };
}

/** The divergence report of a sweep's tries, given in sweep order; `url` is the swept URL. */
export function divergenceOf(
  tries: readonly DivergenceTry[],
  url: string,
  regionOrder: readonly string[],
): Divergence {
  const finished: Finished[] = [];
  tries.forEach((t, i) => {
    if (t.status === 'completed' || t.status === 'failed') finished.push(finish(t, i));
  });
  const waiting = tries.length - finished.length;
  const still = waiting > 0 ? ` (${waiting} still running)` : '';
  if (finished.length === 0) {
    return {
      state: 'pending',
      compared: 0,
      waiting,
      majority: null,
      differences: [],
      summary: 'No try has finished yet.',
    };
  }

  const counts = new Map<string, number>();
  for (const f of finished) counts.set(f.key, (counts.get(f.key) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const leaders = [...counts.entries()].filter(([, n]) => n === top);
  const majorKey = leaders.length === 1 ? (leaders[0] as [string, number])[0] : null;

  // Groups in sweep order: region as requested, then network kind (none first, then by name).
  const groupNames: string[] = [];
  const byGroup = new Map<string, Finished[]>();
  for (const f of finished) {
    const g = groupOf(f.t);
    if (!byGroup.has(g)) {
      byGroup.set(g, []);
      groupNames.push(g);
    }
    byGroup.get(g)?.push(f);
  }
  const rank = (region: string) => {
    const i = regionOrder.indexOf(region);
    return i < 0 ? regionOrder.length : i;
  };
  groupNames.sort((a, b) => {
    const fa = byGroup.get(a)?.[0]?.t as DivergenceTry;
    const fb = byGroup.get(b)?.[0]?.t as DivergenceTry;
    return (
      rank(fa.region) - rank(fb.region) ||
      fa.region.localeCompare(fb.region) ||
      (fa.network?.kind ?? '').localeCompare(fb.network?.kind ?? '')
    );
  });

  let major: Finished | null = null;
  let refText: string | null = null;
  let refTitle = '';
  if (majorKey !== null) {
    const same = finished.filter((f) => f.key === majorKey);
    major = same[0] as Finished;
    const ref = medoid(same);
    refText = ref >= 0 ? (same[ref]?.t.summary?.textFingerprint ?? null) : null;
    refTitle = mode(same.map((f) => f.t.summary?.title ?? '')) ?? '';
  }

  const differences: DivergenceEntry[] = [];
  for (const g of groupNames) {
    const members = byGroup.get(g) as Finished[];
    const buckets: Bucket[] = [];
    for (const f of members) {
      const diff = major
        ? differenceOf(f, major, refText, refTitle, url)
        : { kind: 'answer' as const, bucket: f.key, detail: answerText(f, url), similarity: null };
      if (!diff) continue;
      const found = buckets.find((b) => b.diff.bucket === diff.bucket);
      if (found) {
        found.items.push(f);
        if (
          diff.similarity !== null &&
          (found.diff.similarity === null || diff.similarity < found.diff.similarity)
        ) {
          found.diff.similarity = diff.similarity;
        }
      } else buckets.push({ group: g, first: f, diff: { ...diff }, items: [f] });
    }
    for (const b of buckets) differences.push(entryOf(b, members.length));
  }

  const listed = differences.map((d) => d.message).join('; ');
  if (!major) {
    return {
      state: 'no_majority',
      compared: finished.length,
      waiting,
      majority: null,
      differences,
      summary: `No majority among ${finished.length} finished tries${still}: ${listed}.`,
    };
  }
  const m = major.t.summary;
  const majority: MajorityAnswer = {
    tries: top,
    failed: major.failed,
    error_type: major.failed ? major.t.errorType : '',
    status_code: major.failed || !m ? 0 : m.statusCode,
    final_url: major.failed || !m ? '' : m.finalUrl,
    block: major.failed || !m ? null : m.block,
  };
  const answer = answerText(major, url);
  if (differences.length === 0) {
    return {
      state: 'agree',
      compared: finished.length,
      waiting,
      majority,
      differences,
      summary: `All ${finished.length} finished tries agree: ${answer}${still}.`,
    };
  }
  const differing = new Set(differences.flatMap((d) => d.job_ids)).size;
  return {
    state: 'differ',
    compared: finished.length,
    waiting,
    majority,
    differences,
    summary: `${differing} of ${finished.length} finished tries differ from the majority (${answer})${still}: ${listed}.`,
  };
}
