// The coalesced heartbeat: one wheel for every link drops a silent peer and keeps a live one, pings
// each member once per interval with bytes encoded once per tick, and stops when empty.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type HeartbeatMember, HeartbeatWheel } from '../../coordinator/link/heartbeat-wheel.js';

/** A member whose peer answers every ping (or never does), on the test's clock. */
function member(clock: { ms: number }, answers: boolean) {
  const m = {
    seenMs: clock.ms,
    pings: [] as Uint8Array[],
    dropped: 0,
    lastSeenMs: () => m.seenMs,
    ping(frame: Uint8Array) {
      m.pings.push(frame);
      if (answers) m.seenMs = clock.ms;
    },
    silent() {
      m.dropped++;
    },
  };
  return m satisfies HeartbeatMember;
}

describe('heartbeat wheel', () => {
  test('a silent peer is dropped after three intervals; a live one is kept and pinged each interval', () => {
    const clock = { ms: 1_000_000 };
    let encoded = 0;
    const wheel = new HeartbeatWheel({
      intervalMs: 1_000,
      slots: 10,
      now: () => clock.ms,
      encodePing: (nowMs) => {
        encoded++;
        return Uint8Array.of(nowMs % 256);
      },
    });
    const live = member(clock, true);
    const silent = member(clock, false);
    wheel.add(live);
    wheel.add(silent);
    try {
      // Drive the wheel by hand: 100 ms per tick, 10 ticks an interval.
      let droppedAtMs = 0;
      for (let tick = 1; tick <= 60; tick++) {
        clock.ms += 100;
        wheel.tick();
        if (silent.dropped && !droppedAtMs) droppedAtMs = tick * 100;
      }
      assert.equal(silent.dropped, 1, 'dropped once');
      assert.ok(droppedAtMs > 3_000 && droppedAtMs <= 4_000, `dropped at ${droppedAtMs} ms`);
      assert.equal(silent.pings.length, 3, 'pinged at 1, 2 and 3 s, dropped at the 4th check');
      assert.equal(live.dropped, 0);
      assert.equal(live.pings.length, 6, 'one ping per interval over 6 s');
      assert.equal(wheel.size, 1);
      // Both members sit in the same slot: each tick that pinged both encoded one frame.
      assert.equal(live.pings[0], silent.pings[0], 'the same bytes for every member of a tick');
      assert.equal(encoded, 6);
    } finally {
      wheel.close();
    }
  });

  test('members spread over the slots: one tick visits only its share', () => {
    const clock = { ms: 0 };
    const wheel = new HeartbeatWheel({
      intervalMs: 1_000,
      slots: 4,
      now: () => clock.ms,
      encodePing: () => new Uint8Array(),
    });
    const members = Array.from({ length: 8 }, () => member(clock, true));
    try {
      for (const [i, m] of members.entries()) {
        wheel.add(m);
        if (i % 2 === 1) wheel.tick(); // links arrive while the wheel turns
      }
      const before = members.map((m) => m.pings.length);
      wheel.tick();
      const pinged = members.filter((m, i) => m.pings.length > (before[i] as number)).length;
      assert.equal(pinged, 2, 'a quarter of the members per tick');
    } finally {
      wheel.close();
    }
  });

  test('by default a tick comes every 50 ms, so one visits 1/300 of the links of a 15 s heartbeat', () => {
    const clock = { ms: 0 };
    const wheel = new HeartbeatWheel({
      intervalMs: 15_000,
      now: () => clock.ms,
      encodePing: () => new Uint8Array(),
    });
    const members = Array.from({ length: 600 }, () => member(clock, true));
    try {
      for (const m of members) {
        wheel.add(m);
        wheel.tick(); // links arrive while the wheel turns: each joins its own slot, twice round
      }
      const before = members.map((m) => m.pings.length);
      wheel.tick();
      const pinged = members.filter((m, i) => m.pings.length > (before[i] as number)).length;
      assert.equal(pinged, 2, 'two of 600 links per tick (16 slots would visit 37)');
    } finally {
      wheel.close();
    }
  });

  test('the real timer drops a silent peer and keeps a live one; leaving the wheel stops it', async () => {
    const clock = { ms: Date.now() };
    const wheel = new HeartbeatWheel({ intervalMs: 40, slots: 4, encodePing: () => new Uint8Array() });
    const live = {
      ...member(clock, true),
      lastSeenMs: () => Date.now(),
    };
    const dropped = new Promise<number>((resolve) => {
      const started = Date.now();
      wheel.add(live);
      wheel.add({
        lastSeenMs: () => started,
        ping: () => undefined,
        silent: () => resolve(Date.now() - started),
      });
    });
    // The wheel's timer is unref'd (it must not hold a coordinator open): keep the test alive.
    const keepAlive = setInterval(() => undefined, 1_000);
    const afterMs = await dropped.finally(() => clearInterval(keepAlive));
    assert.ok(afterMs >= 120, `dropped after ${afterMs} ms, not before three intervals`);
    // How many pings fit depends on how late a busy machine runs the timer; at least one always does.
    assert.ok(live.pings.length >= 1, 'the live member was pinged meanwhile');
    assert.equal(live.dropped, 0);
    wheel.remove(live);
    wheel.remove(live);
    assert.equal(wheel.size, 0);
  });
});
