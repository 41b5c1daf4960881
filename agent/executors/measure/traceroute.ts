// traceroute through the system's `traceroute` (Linux or busybox), given the pinned address, with
// no reverse lookups (-n): hop names would be a second, unpinned use of DNS.
import { JobError } from '../../errors.js';
import { Truncation } from './bounds.js';
import { parseTraceroute } from './parse-traceroute.js';
import { pinProbeTarget } from './pin.js';
import { tracerouteFlags } from './probe.js';
import { runTool, toolFailed } from './tool.js';
import type { Measured, MeasureRun } from './types.js';

/** Seconds traceroute waits for each probe's answer. */
const PROBE_WAIT_S = 2;

export async function traceroute({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  const tool = deps.tools.traceroute;
  if (!tool || !deps.tools.methods.has(job.method))
    throw new JobError('blocked', `traceroute over ${job.protocol} is not available on this device`);
  const pinned = await pinProbeTarget(deps.policy, job);
  const args = [
    ...tracerouteFlags(job.protocol),
    '-n',
    '-q',
    String(job.packets),
    '-w',
    String(PROBE_WAIT_S),
    '-m',
    String(job.maxHops),
    ...(job.protocol === 'icmp' ? [] : ['-p', String(job.port)]),
    ...(deps.localAddress ? ['-s', deps.localAddress] : []),
    pinned.address,
  ];
  const run = await runTool(tool.path, args, { timeoutMs, signal });
  const cut = new Truncation();
  const hops = parseTraceroute(run.stdout, cut);
  if (!run.timedOut && hops.length === 0) throw toolFailed('traceroute', run);
  return {
    address: pinned.address,
    decision: pinned.decision,
    raw: run.stdout + run.stderr,
    truncated: cut.cut || run.truncated,
    timedOut: run.timedOut,
    tool: 'traceroute',
    hops,
  };
}
