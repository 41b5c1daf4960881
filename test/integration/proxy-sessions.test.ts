// Sticky sessions when their device leaves: with fallback (the default) the session moves to another
// device that fits; with fallback-no the connection is refused (503) rather than moved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CrawlAgent } from '../../agent/runtime.js';
import { CA_FILE, curl, type ProxyFleet, startProxyFleet, until } from '../helpers/proxy-fleet.js';

describe('egress proxy: a session whose device leaves', () => {
  let fleet: ProxyFleet;
  let agents: CrawlAgent[];
  before(async () => {
    fleet = await startProxyFleet();
    agents = [await fleet.addAgent({ deviceId: 'sess-1' }), await fleet.addAgent({ deviceId: 'sess-2' })];
  });
  after(async () => {
    await fleet.stop();
  });

  const via = (targeting: string) =>
    curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${fleet.user(targeting)}:${fleet.key}`,
      '--cacert',
      CA_FILE,
      '--write-out',
      '%{http_connect}',
      '--output',
      '/dev/null',
      `https://127.0.0.1:${fleet.httpsPort}/echo`,
    ]);

  /** Which agent carried the connections so far (by its URL log). */
  const carriers = async () =>
    Promise.all(agents.map(async (a) => (await a.urlLog(100)).filter((l) => l.method === 'CONNECT').length));

  /** The index of the agent whose URL log grew past `before`, once one has (bounded wait). */
  async function grew(before: number[]): Promise<number> {
    for (let i = 0; i < 250; i++) {
      const now = await carriers();
      const at = now.findIndex((n, j) => n > (before[j] ?? 0));
      if (at >= 0) return at;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no device logged the connection');
  }

  it('moves with fallback, refuses with fallback-no', async () => {
    // Both sessions pinned, on whichever devices they land; the strict one's device then leaves.
    let before = await carriers();
    assert.equal((await via('session-strict-ttl-600-fallback-no')).stdout, '200');
    const strictAt = await grew(before);
    before = await carriers();
    assert.equal((await via('session-moving-ttl-600')).stdout, '200');
    const movingAt = await grew(before);
    // The moving session's own device must be the one that leaves too, for it to have to move: pin a
    // session on the strict device with fallback (a new name, retried until it lands there).
    let sharedName = movingAt === strictAt ? 'moving' : '';
    for (let i = 0; sharedName === '' && i < 40; i++) {
      before = await carriers();
      assert.equal((await via(`session-try${i}-ttl-600`)).stdout, '200');
      if ((await grew(before)) === strictAt) sharedName = `try${i}`;
    }
    assert.notEqual(sharedName, '', 'a fallback session landed on the strict session’s device');
    const leaving = agents[strictAt];
    assert.ok(leaving);
    const connected = () => fleet.coord.coordinator.link.connectionCount;
    const count = connected();
    await leaving.close();
    await until(() => connected() === count - 1, 'the device to leave');
    assert.equal((await via('session-strict-ttl-600-fallback-no')).stdout, '503');
    before = await carriers();
    assert.equal((await via(`session-${sharedName}-ttl-600`)).stdout, '200');
    assert.equal(await grew(before), 1 - strictAt, 'the session moved to the other device');
  });
});
