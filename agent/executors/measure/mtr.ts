// mtr through the system's `mtr` (JSON when it has it, else its report), given the pinned address,
// with no reverse lookups (-n). One cycle a second (the least mtr allows a user without root).
import { JobError } from '../../errors.js';
import { Truncation } from './bounds.js';
import { parseMtrJson, parseMtrReport } from './parse-mtr.js';
import { pinProbeTarget } from './pin.js';
import { mtrFlags } from './probe.js';
import { runTool, toolFailed } from './tool.js';
import type { Measured, MeasureRun } from './types.js';

export async function mtr({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  const tool = deps.tools.mtr;
  if (!tool || !deps.tools.methods.has(job.method))
    throw new JobError('blocked', `mtr over ${job.protocol} is not available on this device`);
  const pinned = await pinProbeTarget(deps.policy, job);
  const args = [
    tool.json ? '--json' : '--report',
    '-n',
    '-c',
    String(job.packets),
    // Wait at most 1 s for the last replies (mtr's default is 5 s) and 2 s for a TCP probe.
    '-G',
    '1',
    '-Z',
    '2',
    '-m',
    String(job.maxHops),
    ...mtrFlags(job.protocol),
    ...(job.protocol === 'icmp' ? [] : ['--port', String(job.port)]),
    ...(deps.localAddress ? ['--address', deps.localAddress] : []),
    pinned.address,
  ];
  const run = await runTool(tool.path, args, { timeoutMs, signal });
  if (run.timedOut) throw new JobError('timeout', `mtr did not finish within ${timeoutMs} ms`);
  const cut = new Truncation();
  let hops: ReturnType<typeof parseMtrJson>;
  try {
    hops = tool.json ? parseMtrJson(run.stdout, cut) : parseMtrReport(run.stdout, cut);
  } catch (err) {
    throw toolFailed('mtr', run, err);
  }
  if (hops.length === 0) throw toolFailed('mtr', run);
  return {
    address: pinned.address,
    decision: pinned.decision,
    raw: run.stdout + run.stderr,
    truncated: cut.cut || run.truncated,
    tool: 'mtr',
    hops,
  };
}
