// A process's parts and their shutdown: closed last-made first, every one even when another
// fails, the failures thrown together; a second close joins or retries only what failed; destroy
// takes each part's abrupt path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PartList, PartsCloseError } from '../../coordinator/part-list.js';

function recorder() {
  const calls: string[] = [];
  const part = (name: string, fail = 0) => {
    let failures = fail;
    return {
      name,
      close: async () => {
        calls.push(`close ${name}`);
        if (failures-- > 0) throw new Error(`${name} would not close`);
      },
      destroy: () => {
        calls.push(`destroy ${name}`);
      },
    };
  };
  return { calls, part };
}

test('every part is closed, last made first, even when one in the middle fails', async () => {
  const { calls, part } = recorder();
  const parts = new PartList();
  for (const p of [part('store'), part('storage', 1), part('link')]) parts.add(p, p.name, (x) => x.close());
  await assert.rejects(parts.close(), (err: unknown) => {
    assert.ok(err instanceof PartsCloseError);
    assert.ok(err instanceof AggregateError);
    assert.equal(err.code, 'PARTS_CLOSE_FAILED');
    assert.deepEqual(
      err.errors.map((e: Error) => e.message),
      ['storage: storage would not close'],
    );
    return true;
  });
  assert.deepEqual(calls, ['close link', 'close storage', 'close store']);
  // A second close tries the part that failed, and only it; once all closed, it is a no-op.
  await parts.close();
  assert.deepEqual(calls.slice(3), ['close storage']);
  await parts.close();
  assert.equal(calls.length, 4);
});

test('two closes at once share one run', async () => {
  const { calls, part } = recorder();
  const parts = new PartList();
  const p = part('store');
  parts.add(p, 'store', (x) => x.close());
  await Promise.all([parts.close(), parts.close()]);
  assert.deepEqual(calls, ['close store']);
});

test('destroy takes each part’s abrupt path (close where it has none)', async () => {
  const { calls, part } = recorder();
  const parts = new PartList();
  const a = part('store');
  const b = part('link');
  parts.add(a, 'store', (x) => x.close());
  parts.add(
    b,
    'link',
    (x) => x.close(),
    (x) => x.destroy(),
  );
  parts.step('listener', () => {
    calls.push('off listener');
  });
  await parts.destroy();
  assert.deepEqual(calls, ['off listener', 'destroy link', 'close store']);
  await parts.close();
  assert.equal(calls.length, 3, 'nothing is closed twice');
});
