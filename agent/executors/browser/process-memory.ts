// Memory of a process and all its descendants (Chromium's browser, zygotes, renderers, utilities),
// read from Linux /proc. Proportional set size (Pss) splits shared pages between the processes that
// map them, so the sum approximates what the browser really costs; RSS is the fallback.
import { readdir, readFile } from 'node:fs/promises';

/** Bytes used by `pid` and its descendants, or null where /proc is not available. */
export async function processTreeBytes(pid: number): Promise<number | null> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
        // The command name (field 2) may contain spaces and parentheses: fields start after the last ')'.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ppid = Number(fields[1]);
        if (!Number.isInteger(ppid)) return;
        const list = children.get(ppid) ?? [];
        list.push(Number(name));
        children.set(ppid, list);
      }),
  );
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.pop() as number;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  const sizes = await Promise.all(tree.map(processBytes));
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

async function processBytes(pid: number): Promise<number> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
  if (pss) return Number(pss[1]) * 1024;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return rss ? Number(rss[1]) * 1024 : 0;
}
