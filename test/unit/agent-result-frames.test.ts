// How the agent frames a result depends on what the coordinator's Welcome says it takes: small parts
// inline in the final frame for a coordinator that announces inline_parts, chunks otherwise (an
// older coordinator would refuse an inline part and the result would stay in the spool).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyOutcome } from '../../agent/executors/types.js';
import { linkParamsFromWelcome, resultFrames } from '../../agent/link/wire.js';
import {
  decodeAgentFrame,
  decodeCoordinatorFrame,
  encodeCoordinatorFrame,
  type Welcome,
} from '../../proto/index.js';

const MAX = 4 * 1024 * 1024;

/** The Welcome as the agent reads it off the wire. */
function params(welcome: Welcome) {
  const frame = decodeCoordinatorFrame(encodeCoordinatorFrame({ welcome }), MAX);
  assert.ok(frame.welcome);
  return linkParamsFromWelcome(frame.welcome, Date.now());
}

function frames(inline: boolean, body: Buffer) {
  const outcome = { ...emptyOutcome(Date.now(), 'http://t/'), success: true, content: { body } };
  return resultFrames('job-1', 1, outcome, 256 * 1024, inline).map((f) => decodeAgentFrame(f, MAX));
}

test('a Welcome with inline_parts lets small parts ride inline; one without sends chunks', () => {
  const base = { coordinatorId: 'c', maxFrameBytes: MAX, maxChunkBytes: 256 * 1024 };
  assert.equal(params({ ...base, inlineParts: true }).inlineParts, true);
  assert.equal(params(base).inlineParts, false, 'an older coordinator says nothing');

  const body = Buffer.from('small body');
  const inline = frames(true, body);
  assert.deepEqual(
    inline.map((f) => f.body),
    ['result'],
  );
  const part = inline[0]?.result?.parts?.[0];
  assert.equal(part?.chunks, 0);
  assert.deepEqual(Buffer.from(part?.inlineData ?? []), body);

  const chunked = frames(false, body);
  assert.deepEqual(
    chunked.map((f) => f.body),
    ['chunk', 'result'],
  );
  assert.deepEqual(Buffer.from(chunked[0]?.chunk?.data ?? []), body);
  const summary = chunked[1]?.result?.parts?.[0];
  assert.equal(summary?.chunks, 1);
  assert.equal(Number(summary?.bytes), body.byteLength);
  assert.equal(summary?.inlineData?.length ?? 0, 0, 'nothing inline for an older coordinator');

  // An empty part goes as one empty chunk without inline support (the form older coordinators know).
  const empty = frames(false, Buffer.alloc(0));
  assert.deepEqual(
    empty.map((f) => f.body),
    ['chunk', 'result'],
  );
});
