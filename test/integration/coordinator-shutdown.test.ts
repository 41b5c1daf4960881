// The coordinator's shutdown: a part whose close() fails does not keep the others open (the store
// is closed last whatever happened before it), the failure is reported, a second shutdown retries
// what failed and is otherwise a no-op; destroy() cuts agent links instead of draining them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PartsCloseError } from '../../coordinator/part-list.js';
import type { ContentStorage } from '../../coordinator/storage/types.js';
import { CloseCode } from '../../proto/index.js';
import { startTestCoordinator } from '../helpers/cluster.js';
import { RawAgent } from '../helpers/raw-agent.js';

test('a storage whose close fails: the store and the HTTP server still close; a second shutdown retries it', async () => {
  let closeCalls = 0;
  const c = await startTestCoordinator({
    overrides: {
      wrapStorage: (inner: ContentStorage): ContentStorage => {
        const wrapped = Object.create(inner) as ContentStorage;
        wrapped.close = async () => {
          closeCalls++;
          if (closeCalls === 1) throw new Error('disk went away');
          await inner.close();
        };
        return wrapped;
      },
    },
  });
  const { store } = c.coordinator;
  assert.equal(await store.getJob('00000000-0000-4000-8000-000000000000'), null, 'the store is open');
  await assert.rejects(c.stop(), (err: unknown) => {
    assert.ok(err instanceof PartsCloseError, String(err));
    assert.deepEqual(
      err.errors.map((e: Error) => e.message),
      ['local storage: disk went away'],
    );
    return true;
  });
  await assert.rejects(
    store.getJob('00000000-0000-4000-8000-000000000000'),
    /not open/,
    'the store is closed',
  );
  await assert.rejects(fetch(`${c.url}/healthz`), 'the HTTP server is closed');
  // Again: only the storage is tried, and it closes now; a third call has nothing left to do.
  await c.stop();
  assert.equal(closeCalls, 2);
  await c.stop();
  assert.equal(closeCalls, 2);
});

test('shutdown twice at once: both resolve, the parts close once', async () => {
  const c = await startTestCoordinator();
  await Promise.all([c.stop(), c.stop()]);
  await c.stop();
  await assert.rejects(c.coordinator.store.getJob('00000000-0000-4000-8000-000000000000'), /not open/);
});

test('close drains agent links with a going-away; destroy cuts them at once', async () => {
  const graceful = await startTestCoordinator();
  const a = await RawAgent.connect(graceful.url, 'drained', await graceful.newDevice('drained'));
  await graceful.stop();
  assert.equal(await a.closed, CloseCode.GoingAway);

  const abrupt = await startTestCoordinator();
  const b = await RawAgent.connect(abrupt.url, 'cut', await abrupt.newDevice('cut'));
  await abrupt.coordinator.destroy();
  // No close frame: the socket just ends (1006, abnormal closure).
  assert.equal(await b.closed, 1006);
  await assert.rejects(abrupt.coordinator.store.getJob('00000000-0000-4000-8000-000000000000'), /not open/);
});
