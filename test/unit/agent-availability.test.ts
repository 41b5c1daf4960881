// The agent's availability reporter: an Availability frame only when the answer changes, and the
// periodic re-check (allowed hours, a new day) keeps running however many jobs start and end.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, mock, test } from 'node:test';
import pino from 'pino';
import { AvailabilityReporter } from '../../agent/link/availability.js';
import { NO_OWNER_LIMITS } from '../../agent/owner/controls.js';
import { OwnerState } from '../../agent/owner/owner-state.js';
import type { AgentFrameInit } from '../../proto/index.js';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('availability: re-checked every 15 s while jobs come and go, sent only when it changes', () => {
  // Allowed until 12:00 local time; the clock starts at 11:59:20.
  let now = new Date(2026, 5, 1, 11, 59, 20).getTime();
  const owner = new OwnerState({
    file: path.join(mkdtempSync(path.join(tmpdir(), 'avail-')), 'owner.json'),
    controls: { ...NO_OWNER_LIMITS, allowedHours: [{ startMinute: 0, endMinute: 12 * 60 }] },
    nowMs: () => now,
  });
  const sent: AgentFrameInit[] = [];
  const reporter = new AvailabilityReporter({
    owner,
    spoolFull: () => false,
    send: (f) => sent.push(f),
    log: pino({ level: 'silent' }),
  });
  reporter.linked(true);
  for (let i = 0; i < 100; i++) reporter.update(); // job starts and ends: nothing changes
  assert.equal(sent.length, 0);
  now += 15_000;
  mock.timers.tick(15_000); // 11:59:35, still inside
  assert.equal(sent.length, 0);
  for (let i = 0; i < 10; i++) reporter.update();
  now += 15_000;
  mock.timers.tick(15_000); // 11:59:50
  assert.equal(sent.length, 0);
  now += 15_000;
  mock.timers.tick(15_000); // 12:00:05: outside the allowed hours, found by the timer alone
  assert.equal(sent.length, 1);
  assert.equal(sent[0]?.availability?.accepting, false);
  assert.equal(sent[0]?.availability?.reason, "outside the device owner's allowed hours");
  reporter.close();
});
