// A local HTTP target for cancel tests: /hold/… requests wait until released, and the target sees
// when a client cuts one before its answer (a device stopping the job); any other path answers
// `ok` at once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A target whose /hold/… requests wait until released; it sees when a waiting request is cut. */
export interface HoldingTarget {
  url: string;
  /** Resolves when a request for `path` has arrived. */
  arrived(path: string): Promise<void>;
  /** Resolves when the request for `path` was closed by its client before it was answered. */
  cut(path: string): Promise<void>;
  /** Requests that arrived, by path. */
  readonly seen: string[];
  /** Answers every request still waiting. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingTarget(): Promise<HoldingTarget> {
  const seen: string[] = [];
  const waiting: http.ServerResponse[] = [];
  const arrivals = new Map<string, () => void>();
  const cuts = new Map<string, () => void>();
  const arrivedSet = new Set<string>();
  const cutSet = new Set<string>();
  const on = (set: Set<string>, map: Map<string, () => void>, path: string) =>
    new Promise<void>((resolve) => {
      if (set.has(path)) resolve();
      else map.set(path, resolve);
    });
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(path);
    arrivedSet.add(path);
    arrivals.get(path)?.();
    if (!path.startsWith('/hold/')) {
      res.end('ok');
      return;
    }
    waiting.push(res);
    res.once('close', () => {
      if (res.writableEnded) return;
      cutSet.add(path);
      cuts.get(path)?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    arrived: (path) => on(arrivedSet, arrivals, path),
    cut: (path) => on(cutSet, cuts, path),
    release() {
      for (const res of waiting.splice(0)) if (!res.destroyed) res.end('late answer');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Rejects when `work` has not settled within `ms`. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
