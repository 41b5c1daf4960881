// Parses the output of `ping` as iputils (Linux) and busybox print it: the reply lines' RTTs and the
// statistics block. The statistics are taken from the summary lines when present (they count
// replies the per-line output may not show), else computed from the replies seen.
import type { MeasurePing } from '../../../proto/index.js';
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';
import { ms, type Truncation } from './bounds.js';

export type PingFlavour = 'iputils' | 'busybox';

// iputils: "64 bytes from 1.2.3.4: icmp_seq=1 ttl=56 time=11.6 ms"; busybox: "seq=0 ttl=56 time=11.632 ms".
const REPLY = /^\d+ bytes from .*?(?:icmp_)?seq=\d+.*?time[=<]([\d.]+) ms/;
// iputils: "3 packets transmitted, 2 received, +1 errors, 33.3333% packet loss, time 2003ms";
// busybox: "3 packets transmitted, 3 packets received, 0% packet loss".
const COUNTS = /^(\d+) packets transmitted, (\d+) (?:packets )?received.*?, ([\d.]+)% packet loss/;
// iputils: "rtt min/avg/max/mdev = 0.019/0.024/0.031/0.005 ms"; busybox: "round-trip min/avg/max = a/b/c ms".
const RTT =
  /^(?:rtt|round-trip) min\/avg\/max(?:\/(?:mdev|stddev))? = ([\d.]+)\/([\d.]+)\/([\d.]+)(?:\/([\d.]+))? ms/;

export function parsePing(output: string, cut: Truncation): MeasurePing {
  const rtts: number[] = [];
  let counts: { sent: number; received: number; loss: number } | null = null;
  let summary: { min: number; avg: number; max: number; mdev: number } | null = null;
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    const reply = REPLY.exec(line);
    if (reply) {
      rtts.push(Number(reply[1]));
      continue;
    }
    const c = COUNTS.exec(line);
    if (c) {
      counts = { sent: Number(c[1]), received: Number(c[2]), loss: Number(c[3]) };
      continue;
    }
    const r = RTT.exec(line);
    if (r) summary = { min: Number(r[1]), avg: Number(r[2]), max: Number(r[3]), mdev: Number(r[4] ?? 0) };
  }
  const sent = counts?.sent ?? rtts.length;
  const received = counts?.received ?? rtts.length;
  const stats = summary ?? statsOf(rtts);
  return {
    sent,
    received,
    lossPercent: counts ? counts.loss : sent > 0 ? ms(((sent - received) / sent) * 100) : 0,
    minMs: stats.min,
    avgMs: stats.avg,
    maxMs: stats.max,
    mdevMs: stats.mdev,
    rttsMs: cut.list(rtts, MEASURE_RESULT_LIMITS.maxRtts),
  };
}

/** min/avg/max and mean deviation as iputils computes it (population standard deviation). */
export function statsOf(rtts: readonly number[]): { min: number; avg: number; max: number; mdev: number } {
  if (rtts.length === 0) return { min: 0, avg: 0, max: 0, mdev: 0 };
  const avg = rtts.reduce((a, b) => a + b, 0) / rtts.length;
  const variance = rtts.reduce((a, b) => a + (b - avg) ** 2, 0) / rtts.length;
  return {
    min: ms(Math.min(...rtts)),
    avg: ms(avg),
    max: ms(Math.max(...rtts)),
    mdev: ms(Math.sqrt(variance)),
  };
}
