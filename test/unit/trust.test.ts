// Reputation rules on a real (in-memory SQLite) store, the text fingerprint, and the comparison of
// two answers used by cross-verification.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pino from 'pino';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { canaryAnswer, isNonce, newNonce } from '../../coordinator/trust/canary-token.js';
import { simhash, similarity } from '../../coordinator/trust/fingerprint.js';
import { Reputation } from '../../coordinator/trust/reputation.js';
import { differences } from '../../coordinator/trust/settlement.js';

function book() {
  const store = new SqliteStore(':memory:');
  const standings: Array<[string, boolean]> = [];
  const reputation = new Reputation({
    store: store.trust,
    log: pino({ enabled: false }),
    quarantineBelow: 0.5,
    releaseAfterCanaries: 3,
    onStanding: (id, q) => standings.push([id, q]),
  });
  return { store, reputation, standings };
}

describe('reputation', () => {
  test('a fabricated canary quarantines a new device; three passes in a row release it', async () => {
    const { store, reputation, standings } = book();
    let t = await reputation.record('d1', 'canary_pass', 'ok');
    assert.equal(t.score, 1);
    t = await reputation.record('d1', 'canary_fail', 'made up');
    assert.equal(t.quarantined, true);
    assert.match(t.reason, /^canary fail: made up/);
    await reputation.record('d1', 'canary_pass', 'ok');
    await reputation.record('d1', 'canary_fail', 'again');
    await reputation.record('d1', 'canary_pass', 'ok');
    t = await reputation.record('d1', 'canary_pass', 'ok');
    assert.equal(t.quarantined, true, 'the streak restarted at the second failure');
    t = await reputation.record('d1', 'canary_pass', 'ok');
    assert.equal(t.quarantined, false);
    assert.ok(t.score >= 0.7);
    assert.deepEqual(standings, [
      ['d1', true],
      ['d1', false],
    ]);
    // Persisted: a fresh book on the same store sees the same standing.
    const again = new Reputation({
      store: store.trust,
      log: pino({ enabled: false }),
      quarantineBelow: 0.5,
      releaseAfterCanaries: 3,
      onStanding: () => undefined,
    });
    assert.deepEqual(await again.standing('d1'), t);
    await store.close();
  });

  test('small signals add up; concurrent records are applied one after another', async () => {
    const { store, reputation } = book();
    await Promise.all(Array.from({ length: 10 }, () => reputation.record('d2', 'strike', 'x')));
    const t = await reputation.standing('d2');
    assert.equal(t.strikes, 10);
    assert.equal(t.score, 0.5);
    assert.equal(t.quarantined, false);
    assert.equal((await reputation.record('d2', 'dispute', 'y')).quarantined, true);
    await store.close();
  });
});

describe('fingerprints and comparisons', () => {
  const page = (extra: string) =>
    `<html><head><script>var x=1</script></head><body><h1>Shipping rates</h1><p>${'Our rates for parcels to every country in the world are listed below with their delivery times. '.repeat(8)}</p><p>${extra}</p></body></html>`;

  test('the same page with a changed date stays similar; another page does not', () => {
    const a = simhash(page('Updated 2026-11-23 06:00'));
    const b = simhash(page('Updated 2026-11-24 07:30'));
    const other = simhash(
      '<p>Access denied. You do not have permission to access this resource on this server.</p>',
    );
    assert.ok(similarity(a, b) >= 0.85, `similar: ${similarity(a, b)}`);
    assert.ok(similarity(a, other) < 0.85, `different: ${similarity(a, other)}`);
    assert.equal(similarity(a, a), 1);
  });

  test('differences names status, final URL and text', () => {
    const base = { statusCode: 200, finalUrl: 'https://x/', fingerprint: simhash(page('a')) };
    assert.deepEqual(differences(base, { ...base }), []);
    const d = differences(base, {
      statusCode: 451,
      finalUrl: 'https://x/blocked',
      fingerprint: simhash('blocked'),
    });
    assert.equal(d.length, 3);
    assert.match(d[0] ?? '', /^status 200 vs 451$/);
  });

  test('canary answers depend on the secret and the nonce', () => {
    const n = newNonce();
    assert.ok(isNonce(n));
    assert.ok(!isNonce('../etc'));
    assert.notEqual(canaryAnswer('s1', n), canaryAnswer('s2', n));
    assert.notEqual(canaryAnswer('s1', n), canaryAnswer('s1', newNonce()));
  });
});
