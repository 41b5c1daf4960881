// The wake loop shared by the webhook delivery worker and the schedule loop: one pass at a time,
// wakes during a pass folded into one more pass, the timer armed for the delay a pass asks for,
// a failed pass reported without stopping the loop, and close() waiting for the pass in progress.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { WakeLoop } from '../../coordinator/wake-loop.js';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

/** A pass the test finishes by hand, so what the loop does meanwhile can be seen. */
function gatedPasses() {
  const started: Array<(delayMs?: number | Error) => void> = [];
  let onStart: (() => void) | null = null;
  return {
    started,
    pass: () =>
      new Promise<number | undefined>((resolve, reject) => {
        started.push((v) => (v instanceof Error ? reject(v) : resolve(v)));
        onStart?.();
      }),
    /** Resolves when pass number `n` (1-based) has started. */
    nth(n: number): Promise<void> {
      if (started.length >= n) return Promise.resolve();
      return new Promise((resolve) => {
        onStart = () => {
          if (started.length >= n) resolve();
        };
      });
    },
  };
}

/** A pass that was not meant to fail: rethrown, so the run reports it. */
const noError = (err: unknown): never => {
  throw err;
};
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

test('wakes during a pass make one more pass, not one each', async () => {
  const g = gatedPasses();
  const loop = new WakeLoop({ pass: g.pass, pollMs: 60_000, onError: noError });
  loop.start();
  await g.nth(1);
  loop.wake();
  loop.wake();
  loop.wake();
  assert.equal(g.started.length, 1, 'never two passes at once');
  g.started[0]?.();
  await g.nth(2);
  g.started[1]?.();
  await settle();
  assert.equal(g.started.length, 2);
  await loop.close();
});

test("the timer is armed for the pass's delay, else pollMs; a wake replaces it", async () => {
  const g = gatedPasses();
  const loop = new WakeLoop({ pass: g.pass, pollMs: 5_000, onError: noError });
  loop.start();
  await g.nth(1);
  g.started[0]?.(250);
  await settle();
  mock.timers.tick(249);
  assert.equal(g.started.length, 1);
  mock.timers.tick(1);
  await g.nth(2);
  g.started[1]?.(); // no delay asked: pollMs
  await settle();
  mock.timers.tick(4_999);
  assert.equal(g.started.length, 2);
  loop.wake(); // now, and the pending timer is dropped
  await g.nth(3);
  g.started[2]?.(100);
  await settle();
  mock.timers.tick(5_000);
  await g.nth(4);
  assert.equal(g.started.length, 4, 'one pass for the 100 ms timer; the 5 s one was cleared');
  g.started[3]?.();
  await loop.close();
});

test('a failed pass is reported and the loop goes on', async () => {
  const g = gatedPasses();
  const errors: unknown[] = [];
  const loop = new WakeLoop({ pass: g.pass, pollMs: 1_000, onError: (err) => errors.push(err) });
  loop.start();
  await g.nth(1);
  const boom = new Error('store down');
  g.started[0]?.(boom);
  await settle();
  assert.deepEqual(errors, [boom]);
  mock.timers.tick(1_000);
  await g.nth(2);
  g.started[1]?.();
  await loop.close();
});

test('close waits for the pass in progress; nothing runs after it', async () => {
  const g = gatedPasses();
  const loop = new WakeLoop({ pass: g.pass, pollMs: 1_000, onError: noError });
  loop.start();
  await g.nth(1);
  loop.wake(); // asked for another pass: close() must drop it
  let closed = false;
  const closing = loop.close().then(() => {
    closed = true;
  });
  assert.equal(loop.closed, true);
  await settle();
  assert.equal(closed, false, 'close() waits for the pass');
  g.started[0]?.();
  await closing;
  loop.wake();
  mock.timers.tick(10_000);
  await settle();
  assert.equal(g.started.length, 1);
  await loop.close(); // safe twice
});
