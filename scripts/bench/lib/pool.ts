// Runs `n` calls of `one`, `concurrency` at a time, and times each: the loop every bench phase uses.

export interface PoolPhase {
  /** Calls per second over the phase. */
  rate: number;
  /** Latency of each call (ms), sorted. */
  lat: number[];
}

export async function runPool(
  n: number,
  concurrency: number,
  one: (i: number) => Promise<unknown>,
): Promise<PoolPhase> {
  let next = 0;
  const lat: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await one(i);
        lat.push(performance.now() - t);
      }
    }),
  );
  const ms = performance.now() - start;
  lat.sort((a, b) => a - b);
  return { rate: (n / ms) * 1000, lat };
}
