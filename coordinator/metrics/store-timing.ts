// Store and content storage wrapped for metrics: the latency of every store operation, and the
// errors of every storage put and get. Callers keep the same interfaces.
import type { Readable } from 'node:stream';
import type { Counter, Histogram } from 'prom-client';
import type { ContentStorage } from '../storage/types.js';
import type { Store } from '../store/types.js';

/** Operations left unmeasured: long-lived or not a round trip. */
const UNTIMED = new Set(['subscribe', 'close']);

export function timedStore(store: Store, seconds: Histogram): Store {
  const cache = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string' || UNTIMED.has(prop)) {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      let wrapped = cache.get(prop);
      if (!wrapped) {
        const fn = value as (...args: unknown[]) => unknown;
        wrapped = (...args: unknown[]) => {
          const end = seconds.startTimer({ op: prop });
          const out = fn.apply(target, args);
          if (out instanceof Promise) {
            return out.then(
              (v: unknown) => {
                end({ outcome: 'ok' });
                return v;
              },
              (err: unknown) => {
                end({ outcome: 'error' });
                throw err;
              },
            );
          }
          end({ outcome: 'ok' });
          return out;
        };
        cache.set(prop, wrapped);
      }
      return wrapped;
    },
  });
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
