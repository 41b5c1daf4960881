// Parses `traceroute` output, Linux (traceroute.sourceforge.net, the Debian package) and busybox:
//   " 3  10.20.0.1  8.123 ms  10.20.0.5  8.456 ms  8.321 ms"   (a second router answered a probe)
//   " 4  gw.example.net (62.115.44.17)  12.001 ms *  12.345 ms" (names, when not run with -n)
//   " 5  93.184.216.34  11.632 ms !X  11.500 ms !X"             (ICMP unreachable annotations)
//   " 2  * * *"
// A hop is reported with the address that answered most of its probes (the first on a tie) and
// every probe's RTT; the probes that got no answer count as lost.
import type { MeasureHop } from '../../../proto/index.js';
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';
import { ms, type Truncation } from './bounds.js';
import { statsOf } from './parse-ping.js';

const HOP_LINE = /^\s*(\d+)\s+(.*)$/;
const TOKEN = /\*|(\S+)\s+\(([^)]+)\)|([\d.]+)\s+ms|(!\S*)|(\S+)/g;

export function parseTraceroute(output: string, cut: Truncation): MeasureHop[] {
  const hops: MeasureHop[] = [];
  for (const line of output.split('\n')) {
    if (line.startsWith('traceroute')) continue;
    const m = HOP_LINE.exec(line);
    if (!m) continue;
    hops.push(parseHop(Number(m[1]), m[2] ?? '', cut));
  }
  return cut.list(hops, MEASURE_RESULT_LIMITS.maxHops);
}

function parseHop(ttl: number, rest: string, cut: Truncation): MeasureHop {
  const rtts: number[] = [];
  const answers = new Map<string, { hostName: string; count: number }>();
  let sent = 0;
  let current: string | null = null;
  for (const t of rest.matchAll(TOKEN)) {
    if (t[0] === '*') {
      sent++;
    } else if (t[1] !== undefined && t[2] !== undefined) {
      current = t[2];
      if (!answers.has(current)) answers.set(current, { hostName: t[1], count: 0 });
    } else if (t[3] !== undefined) {
      sent++;
      rtts.push(Number(t[3]));
      const a = current === null ? undefined : answers.get(current);
      if (a) a.count++;
    } else if (t[5] !== undefined) {
      current = t[5];
      if (!answers.has(current)) answers.set(current, { hostName: '', count: 0 });
    }
    // t[4]: an annotation (!H, !N, !X...) belongs to the RTT before it; nothing to count.
  }
  let address = '';
  let hostName = '';
  let best = -1;
  for (const [addr, a] of answers) {
    if (a.count > best) {
      best = a.count;
      address = cut.text(addr);
      hostName = a.hostName === addr ? '' : cut.text(a.hostName);
    }
  }
  const stats = statsOf(rtts);
  return {
    ttl,
    address,
    hostName,
    rttsMs: cut.list(rtts, MEASURE_RESULT_LIMITS.maxRttsPerHop),
    sent,
    received: rtts.length,
    lossPercent: sent > 0 ? ms(((sent - rtts.length) / sent) * 100) : 0,
    minMs: stats.min,
    avgMs: stats.avg,
    maxMs: stats.max,
    stdevMs: stats.mdev,
  };
}
