import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isUuid } from '../../coordinator/api/validate.js';
import { newResourceId } from '../../coordinator/resource-id.js';

test('ids are UUIDv7 with the RFC 9562 variant, valid for the contract', () => {
  const nowMs = Date.parse('2026-11-26T04:00:00.000Z');
  const id = newResourceId(nowMs);
  assert.ok(isUuid(id), id);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // The first 48 bits are the Unix milliseconds.
  assert.equal(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16), nowMs);
});

test('ids sort in the order they were made, within a millisecond and across them', () => {
  const base = Date.now() + 10_000; // ahead of any id made before in this process
  const ids: string[] = [];
  for (let i = 0; i < 5_000; i++) ids.push(newResourceId(base + Math.floor(i / 1_000)));
  // The clock stepping back does not break the order either.
  for (let i = 0; i < 100; i++) ids.push(newResourceId(base - 5));
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
});

test('more than 4,095 ids in one millisecond stay ordered and unique', () => {
  const ms = Date.now() + 20_000;
  const ids = Array.from({ length: 10_000 }, () => newResourceId(ms));
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
});

test('the random part differs between ids (no repeated pool bytes)', () => {
  const tails = new Set<string>();
  for (let i = 0; i < 2_000; i++) tails.add(newResourceId().slice(19));
  assert.equal(tails.size, 2_000);
});
