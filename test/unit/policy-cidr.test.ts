import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cidrContains,
  formatIPv4,
  formatIPv6,
  parseCidr,
  parseIPv4,
  parseIPv6,
  parseIp,
} from '../../agent/policy/cidr.js';
import { HOST_INVALID, HOST_NAME, parseHostLiteral } from '../../agent/policy/host-literal.js';

function ip(text: string) {
  const a = parseIp(text);
  assert.ok(a, `parses ${text}`);
  return a;
}

describe('policy cidr: strict parsing', () => {
  it('parses dotted quads and refuses anything looser', () => {
    assert.equal(parseIPv4('127.0.0.1'), 0x7f000001n);
    assert.equal(parseIPv4('255.255.255.255'), 0xffffffffn);
    for (const bad of [
      '127.1',
      '0177.0.0.1',
      '256.0.0.1',
      '1.2.3',
      '1.2.3.4.5',
      '',
      '0x7f.0.0.1',
      '1.2.3.-4',
    ]) {
      assert.equal(parseIPv4(bad), null, bad);
    }
  });

  it('parses IPv6 text forms', () => {
    assert.equal(parseIPv6('::'), 0n);
    assert.equal(parseIPv6('::1'), 1n);
    assert.equal(parseIPv6('1::'), 1n << 112n);
    assert.equal(parseIPv6('::ffff:127.0.0.1'), 0xffff7f000001n);
    assert.equal(parseIPv6('::ffff:7f00:1'), 0xffff7f000001n);
    assert.equal(parseIPv6('1:2:3:4:5:6:7:8'), 0x00010002000300040005000600070008n);
    assert.equal(parseIPv6('FE80::ABCD'), parseIPv6('fe80::abcd'));
    for (const bad of [
      '1:2:3:4:5:6:7',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '::1:2:3:4:5:6:7:8',
      'g::1',
      '12345::',
    ]) {
      assert.equal(parseIPv6(bad), null, bad);
    }
    assert.equal(parseIPv6('1.2.3.4::'), null, 'a dotted quad only ends an address');
  });

  it('formats both families canonically', () => {
    assert.equal(formatIPv4(0xc0a80001n), '192.168.0.1');
    assert.equal(formatIPv6(0n), '::');
    assert.equal(formatIPv6(1n), '::1');
    assert.equal(formatIPv6(ip('2001:db8:0:0:1:0:0:1').value), '2001:db8::1:0:0:1');
    assert.equal(formatIPv6(ip('2001:db8:0:1:1:1:1:1').value), '2001:db8:0:1:1:1:1:1');
    assert.equal(formatIPv6(ip('::ffff:127.0.0.1').value), '::ffff:7f00:1');
  });
});

describe('policy cidr: ranges', () => {
  it('contains by prefix, per family', () => {
    const net = parseCidr('172.16.0.0/12');
    assert.ok(cidrContains(net, ip('172.16.0.0')));
    assert.ok(cidrContains(net, ip('172.31.255.255')));
    assert.ok(!cidrContains(net, ip('172.32.0.0')));
    assert.ok(!cidrContains(net, ip('::ffff:172.16.0.1')), 'families never mix');
    assert.ok(cidrContains(parseCidr('0.0.0.0/0'), ip('8.8.8.8')));
    assert.ok(cidrContains(parseCidr('fe80::/10'), ip('febf::1')));
    assert.ok(!cidrContains(parseCidr('fe80::/10'), ip('fec0::1')));
    assert.ok(cidrContains(parseCidr('::1'), ip('::1')), 'a bare address is a single host');
  });

  it('clears host bits and refuses malformed CIDRs', () => {
    assert.deepEqual(parseCidr('10.1.2.3/8'), { family: 4, base: 0x0a000000n, prefix: 8 });
    for (const bad of ['10.0.0.0/33', '::/129', 'nope/8', '10.0.0.0/', '10.0.0.0/-1']) {
      assert.throws(() => parseCidr(bad), /invalid CIDR/, bad);
    }
  });
});

describe('policy host literals', () => {
  const v4 = (host: string) => {
    const r = parseHostLiteral(host);
    assert.ok(typeof r === 'object', `${host} is an address`);
    assert.equal(r.family, 4);
    return formatIPv4(r.value);
  };

  it('sees through disguised IPv4 forms', () => {
    assert.equal(v4('2130706433'), '127.0.0.1');
    assert.equal(v4('0177.0.0.1'), '127.0.0.1');
    assert.equal(v4('0x7f.0.0.1'), '127.0.0.1');
    assert.equal(v4('0X7F.0.0.1'), '127.0.0.1');
    assert.equal(v4('0x7f000001'), '127.0.0.1');
    assert.equal(v4('127.1'), '127.0.0.1');
    assert.equal(v4('127.0.1'), '127.0.0.1');
    assert.equal(v4('10.0x10000'), '10.1.0.0');
    assert.equal(v4('0'), '0.0.0.0');
    assert.equal(v4('127.0.0.1.'), '127.0.0.1');
    assert.equal(v4('017700000001'), '127.0.0.1');
    assert.equal(v4('169.254.43518'), '169.254.169.254');
  });

  it('reads bracketed and zoned IPv6', () => {
    const r = parseHostLiteral('[fe80::1%eth0]');
    assert.ok(typeof r === 'object');
    assert.equal(formatIPv6(r.value), 'fe80::1');
  });

  it('tells names from malformed addresses', () => {
    assert.equal(parseHostLiteral('example.com'), HOST_NAME);
    assert.equal(parseHostLiteral('localhost'), HOST_NAME);
    assert.equal(parseHostLiteral('1.2.3.4.example'), HOST_NAME);
    assert.equal(parseHostLiteral('0x7f.example'), HOST_NAME);
    for (const bad of ['256.0.0.1', '1.2.3.4.5', '08.0.0.1', '4294967296', 'a.b.1', '::g', '1.2.65536']) {
      assert.equal(parseHostLiteral(bad), HOST_INVALID, bad);
    }
  });
});
