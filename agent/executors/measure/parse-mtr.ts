// Parses `mtr --json` (mtr 0.87+) and `mtr --report` (every version) output. Neither gives
// per-probe RTTs: a hop carries mtr's own statistics (loss, sent, avg, best, worst, stdev).
// Unanswered hops are "???" in both forms and are reported with an empty address.
import type { MeasureHop } from '../../../proto/index.js';
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';
import { ms, type Truncation } from './bounds.js';

/** mtr's JSON; older versions print `count` as a string. */
interface MtrJson {
  report?: { hubs?: Array<Record<string, unknown>> };
}

export class MtrParseError extends Error {
  readonly code = 'MTR_OUTPUT';
}

export function parseMtrJson(output: string, cut: Truncation): MeasureHop[] {
  let doc: MtrJson;
  try {
    doc = JSON.parse(output) as MtrJson;
  } catch (err) {
    throw new MtrParseError('mtr printed no JSON', { cause: err });
  }
  const hubs = doc.report?.hubs;
  if (!Array.isArray(hubs)) throw new MtrParseError('mtr JSON has no report.hubs');
  const hops = hubs.map((h, i) =>
    hop(
      Number(h.count ?? i + 1),
      cut.text(String(h.host ?? '???')),
      num(h['Loss%']),
      num(h.Snt),
      num(h.Avg),
      num(h.Best),
      num(h.Wrst),
      num(h.StDev),
    ),
  );
  return cut.list(hops, MEASURE_RESULT_LIMITS.maxHops);
}

// "  3.|-- 10.20.0.1                 10.0%    10    8.1   8.4   8.0   9.9   0.5"
// "  2.|-- ???                       100.0    10    0.0   0.0   0.0   0.0   0.0"
const REPORT_LINE =
  /^\s*(\d+)\.\s*(?:\|--|\|`--|`\|--)?\s*(\S+)\s+([\d.]+)%?\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$/;

export function parseMtrReport(output: string, cut: Truncation): MeasureHop[] {
  const hops: MeasureHop[] = [];
  for (const line of output.split('\n')) {
    const m = REPORT_LINE.exec(line);
    if (!m) continue;
    // Columns: Loss% Snt Last Avg Best Wrst StDev.
    hops.push(
      hop(
        Number(m[1]),
        cut.text(m[2] ?? '???'),
        Number(m[3]),
        Number(m[4]),
        Number(m[6]),
        Number(m[7]),
        Number(m[8]),
        Number(m[9]),
      ),
    );
  }
  return cut.list(hops, MEASURE_RESULT_LIMITS.maxHops);
}

function hop(
  ttl: number,
  host: string,
  lossPercent: number,
  sent: number,
  avg: number,
  best: number,
  worst: number,
  stdev: number,
): MeasureHop {
  const answered = host !== '???';
  return {
    ttl,
    address: answered ? host : '',
    hostName: '',
    rttsMs: [],
    sent,
    received: Math.round(sent * (1 - lossPercent / 100)),
    lossPercent,
    minMs: answered ? ms(best) : 0,
    avgMs: answered ? ms(avg) : 0,
    maxMs: answered ? ms(worst) : 0,
    stdevMs: answered ? ms(stdev) : 0,
  };
}

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}
