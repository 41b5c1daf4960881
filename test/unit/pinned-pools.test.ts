// The pool map's keys and bounds (no connection is opened: a pool dials only when used).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PinnedPools } from '../../agent/policy/index.js';

const allowed = (address: string) => ({ allowed: true as const, address, family: 4 as const });

describe('pinned pools', () => {
  it('keys pools by origin and approved address', async () => {
    const pools = new PinnedPools();
    const a = pools.get(new URL('http://a.test/x'), allowed('93.184.215.14'));
    assert.equal(
      pools.get(new URL('http://A.test:80/y?z'), allowed('93.184.215.14')),
      a,
      'same origin, same address',
    );
    assert.notEqual(pools.get(new URL('http://a.test/'), allowed('93.184.215.15')), a, 'another address');
    assert.notEqual(pools.get(new URL('https://a.test/'), allowed('93.184.215.14')), a, 'another scheme');
    assert.notEqual(pools.get(new URL('http://a.test:8080/'), allowed('93.184.215.14')), a, 'another port');
    assert.notEqual(pools.get(new URL('http://b.test/'), allowed('93.184.215.14')), a, 'another host');
    assert.equal(pools.size, 5);
    await pools.destroy();
    assert.equal(pools.size, 0);
    assert.throws(() => pools.get(new URL('http://a.test/'), allowed('93.184.215.14')), /closed/);
  });

  it('keeps at most maxPools, closing the least recently used', async () => {
    const pools = new PinnedPools({ maxPools: 2 });
    const one = pools.get(new URL('http://one.test/'), allowed('93.184.215.1'));
    const two = pools.get(new URL('http://two.test/'), allowed('93.184.215.2'));
    assert.equal(
      pools.get(new URL('http://one.test/'), allowed('93.184.215.1')),
      one,
      'one is now the newest',
    );
    pools.get(new URL('http://three.test/'), allowed('93.184.215.3'));
    assert.equal(pools.size, 2);
    assert.equal(pools.get(new URL('http://one.test/'), allowed('93.184.215.1')), one, 'kept');
    assert.notEqual(
      pools.get(new URL('http://two.test/'), allowed('93.184.215.2')),
      two,
      'evicted, made anew',
    );
    assert.equal(
      (two.dispatcher as unknown as { closed: boolean }).closed,
      true,
      'the evicted pool was closed',
    );
    await pools.destroy();
  });
});
