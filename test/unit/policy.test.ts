import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createNetworkPolicy,
  DnsLookupError,
  MAX_REPORTED_ADDRESSES,
  type Resolver,
} from '../../agent/policy/index.js';
import type { PolicyDecision } from '../../agent/policy/types.js';

/** A resolver from a fixed table, so no test ever queries real DNS. */
function tableResolver(table: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const noDns: Resolver = async (hostname) => {
  throw new Error(`unexpected DNS lookup of ${hostname}`);
};

function rule(decision: PolicyDecision): string {
  return decision.allowed ? 'allowed' : decision.rule;
}

const policy = createNetworkPolicy({ resolver: noDns });

const REFUSED: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['169.254.0.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['0.1.2.3', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['198.19.255.255', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['3fff::1', 'reserved'],
  ['100::1', 'reserved'],
  ['fec0::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['64:ff9b:1::a00:1', 'private'],
];

const ALLOWED: Array<[string, string]> = [
  ['8.8.8.8', '8.8.8.8'],
  ['1.1.1.1', '1.1.1.1'],
  ['172.32.0.1', '172.32.0.1'],
  ['100.128.0.1', '100.128.0.1'],
  ['169.255.0.1', '169.255.0.1'],
  ['198.20.0.1', '198.20.0.1'],
  ['2606:4700::1111', '2606:4700::1111'],
  ['[2606:4700::1111]', '2606:4700::1111'],
  ['::ffff:8.8.8.8', '8.8.8.8'],
  ['64:ff9b::808:808', '64:ff9b::808:808'],
  ['2002:808:808::1', '2002:808:808::1'],
];

describe('network policy: address ranges', () => {
  for (const [host, expected] of REFUSED) {
    it(`refuses ${host} (${expected})`, async () => {
      assert.equal(rule(await policy.check(host, 443)), expected);
    });
  }
  for (const [host, address] of ALLOWED) {
    it(`allows ${host}`, async () => {
      assert.deepEqual(await policy.check(host, 443), {
        allowed: true,
        address,
        family: address.includes(':') ? 6 : 4,
      });
    });
  }

  it('names the target and the rule in the message', async () => {
    const d = await policy.check('127.0.0.1', 80);
    assert.deepEqual(d, {
      allowed: false,
      rule: 'loopback',
      message: 'target 127.0.0.1 is refused by the network policy (loopback)',
    });
  });
});

describe('network policy: disguised and embedded forms', () => {
  const cases: Array<[string, string]> = [
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['0', 'unspecified'],
    ['169.254.43518', 'link-local'],
    ['012.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::', 'private'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo, client 127.0.0.1 inverted
    ['fe80::1%eth0', 'link-local'],
    ['256.1.1.1', 'invalid-address'],
    ['08.0.0.1', 'invalid-address'],
    ['::g', 'invalid-address'],
    ['', 'invalid-address'],
  ];
  for (const [host, expected] of cases) {
    it(`refuses ${JSON.stringify(host)} (${expected})`, async () => {
      assert.equal(rule(await policy.check(host, 443)), expected);
    });
  }

  it('shows the real address beside a disguised host', async () => {
    const d = await policy.check('0x7f.1', 80);
    assert.ok(!d.allowed);
    assert.equal(d.message, 'target 0x7f.1 (127.0.0.1) is refused by the network policy (loopback)');
  });
});

describe('network policy: ports', () => {
  it('refuses port 25 by default, naming the port rule', async () => {
    const d = await policy.check('8.8.8.8', 25);
    assert.deepEqual(d, {
      allowed: false,
      rule: 'port',
      message: 'target 8.8.8.8:25 is refused by the network policy (port)',
    });
  });

  it('refuses configured ports and impossible ones, before any lookup', async () => {
    const p = createNetworkPolicy({ deniedPorts: [22, 6379], resolver: noDns });
    assert.equal(rule(await p.check('example.test', 6379)), 'port');
    assert.equal(rule(await p.check('8.8.8.8', 22)), 'port');
    assert.equal(rule(await p.check('8.8.8.8', 25)), 'allowed', 'a configured list replaces the default');
    assert.equal(rule(await p.check('8.8.8.8', 0)), 'port');
    assert.equal(rule(await p.check('8.8.8.8', 70_000)), 'port');
  });
});

describe('network policy: lab allowance', () => {
  const lab = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8', '::1/128'], resolver: noDns });

  it('allows the listed ranges only', async () => {
    assert.deepEqual(await lab.check('127.0.0.1', 8080), { allowed: true, address: '127.0.0.1', family: 4 });
    assert.deepEqual(await lab.check('::1', 8080), { allowed: true, address: '::1', family: 6 });
    assert.equal(rule(await lab.check('127.1', 8080)), 'allowed');
    assert.equal(rule(await lab.check('10.0.0.1', 8080)), 'private');
    assert.equal(rule(await lab.check('169.254.169.254', 80)), 'link-local');
  });

  it('dials a mapped address as its IPv4', async () => {
    assert.deepEqual(await lab.check('::ffff:127.0.0.1', 80), {
      allowed: true,
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('still refuses denied ports inside an allowed range', async () => {
    assert.equal(rule(await lab.check('127.0.0.1', 25)), 'port');
  });

  it('fails fast on a malformed range', () => {
    assert.throws(() => createNetworkPolicy({ allowCidrs: ['127.0.0.0/40'] }), /invalid CIDR/);
    assert.throws(() => createNetworkPolicy({ deniedPorts: [-1] }), /invalid denied port/);
  });
});

describe('network policy: host names', () => {
  const p = createNetworkPolicy({
    resolver: tableResolver({
      'public.test': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'internal.test': ['10.1.2.3'],
      'mixed.test': ['93.184.215.14', '192.168.0.10'],
      'rebind.test': ['::ffff:127.0.0.1'],
      'empty.test': [],
      'garbage.test': ['not-an-address'],
    }),
  });

  it('returns the first allowed address so the caller dials exactly it', async () => {
    assert.deepEqual(await p.check('public.test', 443), {
      allowed: true,
      address: '93.184.215.14',
      family: 4,
      resolvedAddresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
  });

  it('refuses a name resolving to a private address, naming both', async () => {
    const d = await p.check('internal.test', 443);
    assert.deepEqual(d, {
      allowed: false,
      rule: 'private',
      message: 'target internal.test (10.1.2.3) is refused by the network policy (private)',
      resolvedAddresses: ['10.1.2.3'],
    });
  });

  it('reports at most MAX_REPORTED_ADDRESSES of a long answer, after checking every one', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `93.184.216.${i + 1}`);
    const long = createNetworkPolicy({ resolver: tableResolver({ 'many.test': many }) });
    const d = await long.check('many.test', 443);
    assert.equal(d.allowed, true);
    assert.deepEqual(d.resolvedAddresses, many.slice(0, MAX_REPORTED_ADDRESSES));
    const lastBad = createNetworkPolicy({
      resolver: tableResolver({ 'many.test': [...many, '10.0.0.1'] }),
    });
    assert.equal(rule(await lastBad.check('many.test', 443)), 'private');
  });

  it('refuses when any one of the addresses is refused', async () => {
    assert.equal(rule(await p.check('mixed.test', 443)), 'private');
    assert.equal(rule(await p.check('rebind.test', 443)), 'loopback');
    assert.equal(rule(await p.check('garbage.test', 443)), 'invalid-address');
  });

  it('rejects with the resolver code on DNS failure', async () => {
    await assert.rejects(p.check('missing.test', 443), (err: unknown) => {
      assert.ok(err instanceof DnsLookupError);
      assert.equal(err.code, 'ENOTFOUND');
      assert.equal(err.message, 'DNS lookup failed for missing.test: ENOTFOUND');
      assert.equal((err.cause as { code?: string }).code, 'ENOTFOUND');
      return true;
    });
    await assert.rejects(p.check('empty.test', 443), DnsLookupError);
  });
});
