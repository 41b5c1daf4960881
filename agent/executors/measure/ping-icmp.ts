// ICMP ping through the system's `ping` (iputils or busybox), given the pinned address.
import { JobError } from '../../errors.js';
import { Truncation } from './bounds.js';
import { parsePing } from './parse-ping.js';
import { pinProbeTarget } from './pin.js';
import { pingArgs } from './probe.js';
import { runTool, toolFailed } from './tool.js';
import type { Measured, MeasureRun } from './types.js';

export async function pingIcmp({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  const tool = deps.tools.ping;
  if (!tool) throw new JobError('blocked', 'ICMP ping is not available on this device');
  const pinned = await pinProbeTarget(deps.policy, job);
  const run = await runTool(
    tool.path,
    pingArgs(tool.flavour, pinned.address, job.packets, deps.localAddress),
    {
      timeoutMs,
      signal,
    },
  );
  const cut = new Truncation();
  const ping = parsePing(run.stdout, cut);
  // iputils exits 1 when no reply came (still a measurement: 100% loss); anything printing no
  // statistics at all did not run.
  if (!run.timedOut && ping.sent === 0) throw toolFailed('ping', run);
  return {
    address: pinned.address,
    decision: pinned.decision,
    raw: run.stdout + run.stderr,
    truncated: cut.cut || run.truncated,
    timedOut: run.timedOut,
    tool: `${tool.flavour} ping`,
    ping,
  };
}
