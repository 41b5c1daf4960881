// The owner's rules without sockets: hour windows (wrapping midnight), domain suffix matching, the
// rolling per-minute window and the daily byte budget on an injected clock, the persisted switch.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  domainMatches,
  domainRefusal,
  NO_OWNER_LIMITS,
  parseHourWindows,
  withinHours,
} from '../../agent/owner/controls.js';
import { OwnerState } from '../../agent/owner/owner-state.js';

const file = () => path.join(mkdtempSync(path.join(tmpdir(), 'owner-')), 'owner.json');

describe('owner controls: rules', () => {
  it('parses windows and rejects bad ones', () => {
    assert.deepEqual(parseHourWindows('08:00-18:30, 22:00-06:00'), [
      { startMinute: 480, endMinute: 1110 },
      { startMinute: 1320, endMinute: 360 },
    ]);
    assert.deepEqual(parseHourWindows(''), []);
    for (const bad of ['8-18', '08:00', '08:00-08:00', '25:00-26:00', '08:00-09:00-10:00'])
      assert.throws(() => parseHourWindows(bad), /expected HH:MM-HH:MM|not a window/, bad);
  });

  it('a window past midnight wraps', () => {
    const night = parseHourWindows('22:00-06:00');
    assert.equal(withinHours(night, 23 * 60), true);
    assert.equal(withinHours(night, 3 * 60), true);
    assert.equal(withinHours(night, 6 * 60), false, 'the end is exclusive');
    assert.equal(withinHours(night, 12 * 60), false);
    assert.equal(withinHours([], 12 * 60), true, 'no windows: any time');
  });

  it('matches domains by suffix on label boundaries', () => {
    assert.equal(domainMatches('example.com', ['example.com']), true);
    assert.equal(domainMatches('a.b.EXAMPLE.com.', ['example.com']), true);
    assert.equal(domainMatches('badexample.com', ['example.com']), false);
    assert.equal(
      domainRefusal('x.example.com', { allowDomains: [], denyDomains: ['example.com'] }) !== null,
      true,
    );
    assert.equal(domainRefusal('x.org', { allowDomains: ['example.com'], denyDomains: [] }) !== null, true);
    assert.equal(
      domainRefusal('a.example.com', { allowDomains: ['example.com'], denyDomains: ['a.example.com'] }),
      "a.example.com is on the device owner's deny list",
      'deny wins over allow',
    );
  });
});

describe('owner controls: state', () => {
  it('the per-minute window rolls with the clock', async () => {
    let now = Date.parse('2026-06-01T12:00:00');
    const owner = new OwnerState({
      file: file(),
      controls: { ...NO_OWNER_LIMITS, maxJobsPerMinute: 2 },
      nowMs: () => now,
    });
    await owner.open();
    owner.noteStart();
    now += 10_000;
    owner.noteStart();
    assert.equal(owner.refusal(), "at the device owner's jobs-per-minute limit");
    assert.equal(owner.msUntilSlot(), 50_000);
    now += 50_000;
    assert.equal(owner.refusal(), null);
  });

  it('the byte budget resets with the local day and is persisted', async () => {
    let now = new Date(2026, 5, 1, 23, 59).getTime();
    const f = file();
    const owner = new OwnerState({
      file: f,
      controls: { ...NO_OWNER_LIMITS, maxBytesPerDay: 100 },
      nowMs: () => now,
    });
    await owner.open();
    await owner.noteBytes(150);
    assert.equal(owner.refusal(), "the device owner's daily byte budget is used up");
    const reopened = new OwnerState({ file: f, controls: owner.controls, nowMs: () => now });
    await reopened.open();
    assert.equal(reopened.bytesToday, 150);
    now += 2 * 60_000; // past local midnight
    assert.equal(reopened.refusal(), null);
    assert.equal(reopened.bytesToday, 0);
  });

  it('an unreadable state file starts paused, with a warning', async () => {
    const f = file();
    writeFileSync(f, '{torn');
    const owner = new OwnerState({ file: f, controls: NO_OWNER_LIMITS });
    assert.match((await owner.open()) ?? '', /not valid JSON: starting paused/);
    assert.equal(owner.refusal(), 'paused by the device owner');
  });
});
