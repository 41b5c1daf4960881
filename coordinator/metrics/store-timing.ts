// Store and content storage wrapped for metrics: the latency of every store operation, and the
// errors of every storage put and get. Callers keep the same interfaces.
import type { Readable } from 'node:stream';
import type { Counter } from 'prom-client';
import type { ContentStorage } from '../storage/types.js';
import type { Store } from '../store/types.js';
import type { OpHistogram } from './op-histogram.js';

/** Operations left unmeasured: long-lived or not a round trip. */
const UNTIMED = new Set(['subscribe', 'close']);

/**
 * The store with each of its methods timed. Built once: an object whose prototype is the store
 * (its fields and sub-stores read through), with a timed own copy of every method. (A Proxy did
 * the same per property access, on every call.)
 */
export function timedStore(store: Store, seconds: OpHistogram): Store {
  const timed = Object.create(store) as Store & Record<string, unknown>;
  for (const name of methodNames(store)) {
    const fn = (store as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
    if (typeof fn !== 'function') continue;
    if (UNTIMED.has(name)) {
      timed[name] = fn.bind(store);
      continue;
    }
    timed[name] = (...args: unknown[]) => {
      const start = performance.now();
      const out = fn.apply(store, args);
      if (out instanceof Promise) {
        return out.then(
          (v: unknown) => {
            seconds.observe(name, 'ok', (performance.now() - start) / 1000);
            return v;
          },
          (err: unknown) => {
            seconds.observe(name, 'error', (performance.now() - start) / 1000);
            throw err;
          },
        );
      }
      seconds.observe(name, 'ok', (performance.now() - start) / 1000);
      return out;
    };
  }
  return timed;
}

/** Methods along the store's prototype chain (its class and any base class), not Object's. */
function methodNames(store: Store): Set<string> {
  const names = new Set<string>();
  for (
    let p: object | null = Object.getPrototypeOf(store);
    p && p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(p, name);
      if (d && typeof d.value === 'function') names.add(name);
    }
  }
  return names;
}

export function countedStorage(storage: ContentStorage, errors: Counter): ContentStorage {
  const counted = async <T>(op: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      errors.inc({ storage: storage.type, op });
      throw err;
    }
  };
  return {
    get type() {
      return storage.type;
    },
    put: (key: string, body: Buffer | Readable, contentType: string) =>
      counted('put', () => storage.put(key, body, contentType)),
    get: (key: string) => counted('get', () => storage.get(key)),
    getStream: (key: string) => counted('get', () => storage.getStream(key)),
    deletePrefix: (key: string) => counted('delete', () => storage.deletePrefix(key)),
    openWrite: (key: string, contentType: string) => {
      const write = storage.openWrite(key, contentType);
      return {
        get bufferedBytes() {
          return write.bufferedBytes;
        },
        write: (data: Buffer) => counted('put', () => write.write(data)),
        commit: () => counted('put', () => write.commit()),
        abort: () => write.abort(),
      };
    },
    close: () => storage.close(),
  };
}
