// Preloaded into a process under a memory bench (node --expose-gc --import tsx --import
// <this file>): on SIGUSR2 it collects garbage, writes process.memoryUsage() and the V8 heap
// statistics to <MEM_PROBE_DIR>/<n>.json and, with MEM_PROBE_SNAPSHOT=1, a heap snapshot
// <n>.heapsnapshot first. The JSON is written last, so its appearance says the probe is done.
// Bench tooling only: the coordinator itself reads no such variable.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const dir = process.env.MEM_PROBE_DIR;
const snapshots = process.env.MEM_PROBE_SNAPSHOT === '1';
let n = 0;

export interface MemProbe {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  mallocedMemory: number;
  snapshot: string | null;
}

if (dir) {
  process.on('SIGUSR2', () => {
    const tag = n++;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const mem = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const snapshot = snapshots ? v8.writeHeapSnapshot(path.join(dir, `${tag}.heapsnapshot`)) : null;
    const out: MemProbe = {
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      external: mem.external,
      arrayBuffers: mem.arrayBuffers,
      mallocedMemory: heap.malloced_memory,
      snapshot,
    };
    const file = path.join(dir, `${tag}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(out));
    renameSync(`${file}.tmp`, file);
  });
}
