// The egress lookup against the real @ip-location-db/asn data (addresses whose networks are known),
// operator files (IP literals and numbers, both families, mapping loopback to made-up networks),
// the classification list, and the agent's untrusted report of its connection.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pino from 'pino';
import { parseIp } from '../../common/net-policy/cidr.js';
import { addRow } from '../../coordinator/network/asn-csv.js';
import { AsnTableBuilder } from '../../coordinator/network/asn-table.js';
import { NetworkKinds, NetworkKindsError } from '../../coordinator/network/network-kinds.js';
import { egressAddress, NetworkLookup } from '../../coordinator/network/network-lookup.js';
import { ipLiteral, resultNetwork } from '../../coordinator/network/result-network.js';

const log = pino({ level: 'silent' });
const dir = mkdtempSync(path.join(tmpdir(), 'asn-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('ASN lookup against the package data', async () => {
  const kinds = await NetworkKinds.load();
  const lookup = new NetworkLookup({ kinds, log });

  test('loopback and private addresses never load the package', async () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.0.7',
      '::ffff:127.0.0.1',
      'fe80::1%eth0',
      '100.64.0.1',
    ]) {
      const e = await lookup.egressOf(a);
      assert.equal(e.asn, null, a);
      assert.equal(e.networkName, null, a);
      assert.equal(e.networkKind, null, a);
    }
    assert.equal((await lookup.egressOf('::1')).addressFamily, 'ipv6');
    assert.equal((await lookup.egressOf('::ffff:10.0.0.1')).addressFamily, 'ipv4');
    assert.deepEqual(lookup.loads, [], 'no file was read');
    assert.equal((await lookup.egressOf(undefined)).addressFamily, null);
    assert.equal((await lookup.egressOf('not an address')).asn, null);
  });

  test('known IPv4 networks', async () => {
    const google = await lookup.egressOf('8.8.8.8');
    assert.deepEqual(
      { ...google, networkName: google.networkName?.startsWith('Google') },
      { addressFamily: 'ipv4', asn: 15169, networkName: true, networkKind: 'datacenter' },
    );
    const cf = await lookup.egressOf('1.1.1.1');
    assert.equal(cf.asn, 13335);
    assert.match(cf.networkName ?? '', /^Cloudflare/);
    assert.equal(cf.networkKind, 'datacenter');
    assert.equal(lookup.loads.length, 1, 'the IPv4 file only');
    assert.match(lookup.loads[0]?.source ?? '', /asn-ipv4-num\.csv$/);
    assert.ok((lookup.loads[0]?.rows ?? 0) > 100_000);
    assert.equal(lookup.loads[0]?.skipped, 0);
  });

  test('an IPv4-mapped IPv6 address counts as IPv4', async () => {
    const e = await lookup.egressOf('::ffff:8.8.4.4');
    assert.equal(e.addressFamily, 'ipv4');
    assert.equal(e.asn, 15169);
  });

  test('known IPv6 networks', async () => {
    const google = await lookup.egressOf('2001:4860:4860::8888');
    assert.equal(google.addressFamily, 'ipv6');
    assert.equal(google.asn, 15169);
    const cf = await lookup.egressOf('2606:4700:4700::1111');
    assert.equal(cf.asn, 13335);
    assert.equal(lookup.loads.length, 2);
  });

  test('an unrouted public-looking address has no network', async () => {
    // 2001:db8::/32 is documentation space: refused as reserved, never looked up.
    assert.equal((await lookup.egressOf('2001:db8::1')).asn, null);
  });
});

describe('operator ASN files', () => {
  test('IP literal and numeric rows, both families, ahead of the package', async () => {
    const lab = file(
      'lab.csv',
      [
        '# lab networks',
        'start,end,asn,name',
        '127.0.0.2,127.0.0.2,64501,Lab Net A',
        `${0x7f000003},${0x7f000003},AS64502,"Lab ""B"", Inc."`,
        '::1,::1,64503,Lab v6',
        '8.8.8.0,8.8.8.255,64504,Shadowed Google',
        '',
      ].join('\n'),
    );
    const kindsFile = file('kinds.csv', '64501,mobile\n64502,residential,Lab B\n15169,unknown\n');
    const kinds = await NetworkKinds.load([kindsFile]);
    const lookup = new NetworkLookup({ sources: [lab, 'package'], kinds, log });
    assert.deepEqual(await lookup.egressOf('127.0.0.2'), {
      addressFamily: 'ipv4',
      asn: 64501,
      networkName: 'Lab Net A',
      networkKind: 'mobile',
    });
    assert.deepEqual(await lookup.egressOf('::ffff:127.0.0.3'), {
      addressFamily: 'ipv4',
      asn: 64502,
      networkName: 'Lab "B", Inc.',
      networkKind: 'residential',
    });
    assert.equal((await lookup.egressOf('::1')).asn, 64503);
    assert.equal((await lookup.egressOf('127.0.0.4')).asn, null);
    assert.equal((await lookup.egressOf('8.8.8.8')).asn, 64504, 'the operator file wins');
    const google = await lookup.egressOf('8.8.4.4');
    assert.equal(google.asn, 15169, 'the package answers what the file does not hold');
    assert.equal(google.networkKind, null, 'an operator file can clear a kind');
    const labLoad = lookup.loads.find((l) => l.source === lab);
    assert.equal(labLoad?.rows, 4);
    assert.equal(labLoad?.skipped, 1, 'the header line');
  });

  test('without the package, only the operator data answers', async () => {
    const lab = file('only.csv', '127.0.0.0,127.0.0.255,64510,Loop\n');
    const lookup = new NetworkLookup({ sources: [lab], kinds: await NetworkKinds.load(), log });
    assert.equal((await lookup.egressOf('127.0.0.9')).asn, 64510);
    assert.equal((await lookup.egressOf('8.8.8.8')).asn, null);
    assert.equal(lookup.loads.length, 1);
  });

  test('a missing file leaves its networks unknown', async () => {
    const lookup = new NetworkLookup({
      sources: [path.join(dir, 'nope.csv')],
      kinds: await NetworkKinds.load(),
      log,
    });
    assert.equal((await lookup.egressOf('127.0.0.1')).asn, null);
  });

  test('rows in any order; bad rows refused', () => {
    const b = new AsnTableBuilder();
    assert.equal(addRow('20,29,2,b', b), true);
    assert.equal(addRow('10,19,1,a', b), true);
    assert.equal(addRow('5,1,3,backwards', b), false);
    assert.equal(addRow('1.2.3.4,::1,3,mixed', b), false);
    assert.equal(addRow('1,2,notanumber,x', b), false);
    assert.equal(addRow('1,2,3,"unterminated', b), false);
    assert.equal(addRow('1,2', b), false);
    assert.equal(addRow(`1,${(1n << 129n).toString()},3,too big`, b), false);
    const t = b.build();
    assert.equal(t.lookupV4(15)?.asn, 1);
    assert.equal(t.lookupV4(25)?.asn, 2);
    assert.equal(t.lookupV4(9), null);
    assert.equal(t.lookupV4(30), null);
  });

  test('a bad classification file is refused, naming the line', async () => {
    const bad = file('bad-kinds.csv', '# x\n64500,satellite\n');
    await assert.rejects(NetworkKinds.load([bad]), (err: unknown) => {
      assert.ok(err instanceof NetworkKindsError);
      assert.match(err.message, /bad-kinds\.csv:2: kind must be one of datacenter, residential, mobile/);
      return true;
    });
  });
});

describe('the agent’s report of its connection', () => {
  test('IP literals only, canonical, deduplicated, bounded', () => {
    const many = Array.from({ length: 100 }, (_, i) => `10.0.${i}.1`);
    const n = resultNetwork(
      { addressFamily: 'ipv6', asn: 64500, networkName: 'X', networkKind: null },
      {
        resolvers: [
          '1.1.1.1',
          '[2606:4700:4700::1111]:53',
          '8.8.8.8:53',
          'evil.example',
          '1.1.1.1',
          'x'.repeat(10_000),
        ],
        resolvedAddresses: many,
        connectedAddress: '2001:DB8:0:0::1',
      },
    );
    assert.deepEqual(n.resolvers, ['1.1.1.1', '2606:4700:4700::1111', '8.8.8.8']);
    assert.equal(n.resolved_addresses.length, 16);
    assert.equal(n.connected_address, '2001:db8::1');
    assert.equal(n.address_family, 'ipv6');
    assert.equal(n.asn, 64500);
  });

  test('nothing reported, nothing known', () => {
    assert.deepEqual(resultNetwork(null, undefined), {
      address_family: null,
      asn: null,
      network_name: null,
      network_kind: null,
      resolvers: [],
      resolved_addresses: [],
      connected_address: null,
    });
    assert.equal(ipLiteral('<script>'), null);
    assert.equal(ipLiteral(42), null);
    assert.equal(ipLiteral('01.2.3.4'), null, 'no octal-looking forms');
  });

  test('socket address forms', () => {
    assert.deepEqual(egressAddress('::ffff:1.2.3.4'), parseIp('1.2.3.4'));
    assert.equal(egressAddress('fe80::1%lo')?.family, 6);
    assert.equal(egressAddress(''), null);
  });
});
