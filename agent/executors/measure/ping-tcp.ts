// TCP ping: `packets` TCP handshakes, one after the other, through the agent's connector (the
// address the policy pinned, the bound local address). The RTT is the time to the handshake's end;
// a refused or timed-out connection counts as lost.
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';
import { dialPinned } from '../../policy/index.js';
import { ms, Truncation } from './bounds.js';
import { statsOf } from './parse-ping.js';
import { pinTarget } from './pin.js';
import type { Measured, MeasureRun } from './types.js';

/** Longest wait for one handshake. */
export const TCP_PING_CONNECT_TIMEOUT_MS = 3_000;

export async function pingTcp({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  const pinned = await pinTarget(deps.policy, job.target, job.port, job.ipVersion);
  const label = pinned.family === 6 ? `[${pinned.address}]:${job.port}` : `${pinned.address}:${job.port}`;
  const endMs = Date.now() + timeoutMs;
  const lines = [`TCP PING ${job.target} (${label}): ${job.packets} handshakes`];
  const rtts: number[] = [];
  let sent = 0;
  let timedOut = false;
  for (let seq = 1; seq <= job.packets; seq++) {
    if (signal.aborted) throw signal.reason;
    const leftMs = endMs - Date.now();
    if (leftMs <= 0) {
      timedOut = true;
      break;
    }
    sent++;
    const outcome = await handshake(
      {
        secure: false,
        hostname: pinned.address,
        port: job.port,
        address: pinned.address,
        family: pinned.family,
      },
      deps.localAddress,
      Math.min(TCP_PING_CONNECT_TIMEOUT_MS, leftMs),
      signal,
    );
    if (typeof outcome === 'number') {
      rtts.push(outcome);
      lines.push(`connected to ${label}: seq=${seq} time=${outcome} ms`);
    } else {
      lines.push(`no connection to ${label}: seq=${seq} ${outcome}`);
    }
  }
  const stats = statsOf(rtts);
  const lossPercent = sent > 0 ? ms(((sent - rtts.length) / sent) * 100) : 0;
  lines.push('', `--- ${job.target} tcp ping statistics ---`);
  lines.push(`${sent} packets transmitted, ${rtts.length} received, ${lossPercent}% packet loss`);
  if (rtts.length > 0)
    lines.push(`rtt min/avg/max/mdev = ${stats.min}/${stats.avg}/${stats.max}/${stats.mdev} ms`);
  const cut = new Truncation();
  return {
    address: pinned.address,
    decision: pinned.decision,
    raw: `${lines.join('\n')}\n`,
    truncated: false,
    timedOut,
    tool: 'tcp connect',
    ping: {
      sent,
      received: rtts.length,
      lossPercent,
      minMs: stats.min,
      avgMs: stats.avg,
      maxMs: stats.max,
      mdevMs: stats.mdev,
      rttsMs: cut.list(rtts, MEASURE_RESULT_LIMITS.maxRtts),
    },
  };
}

/** The handshake's time in ms, or why it failed. Settles on abort too (the socket is then dropped). */
function handshake(
  target: Parameters<typeof dialPinned>[0],
  localAddress: string,
  connectTimeoutMs: number,
  signal: AbortSignal,
): Promise<number | string> {
  return new Promise((resolve, reject) => {
    const startNs = process.hrtime.bigint();
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    dialPinned(target, { connectTimeoutMs, ...(localAddress ? { localAddress } : {}) }, (err, socket) => {
      signal.removeEventListener('abort', onAbort);
      const elapsed = ms(Number(process.hrtime.bigint() - startNs) / 1e6);
      socket?.destroy();
      if (err) resolve(err.code ?? err.message);
      else resolve(elapsed);
    });
  });
}
