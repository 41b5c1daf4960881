// The bench side of lib/mem-probe.ts: signals a process that preloads it and reads what it wrote.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MemProbe } from './mem-probe.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the process for its `tag`-th probe (0, 1, … in order) and waits for the answer. */
export async function probeMemory(pid: number, dir: string, tag: number): Promise<MemProbe> {
  const file = path.join(dir, `${tag}.json`);
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + 300_000;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error('the memory probe did not answer in 5 min');
    await sleep(200);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as MemProbe;
}
