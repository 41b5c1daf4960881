// The rule that keeps the device out of a measurement's text (agent/executors/measure/scrub.ts):
// its names and addresses as whole tokens become the placeholder; what the measurement was about
// stays, even when it is one of them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type DeviceIdentity, scrubDevice } from '../../agent/executors/measure/scrub.js';

const device: DeviceIdentity = {
  names: ['vm.lan.example', 'vm'],
  addresses: ['127.0.0.2', '192.168.1.20', '::1', 'fe80::a00:27ff:fe4e:66a1'],
};

describe('scrubbing the device out of a measurement', () => {
  it("mtr's JSON source and report header", () => {
    assert.equal(scrubDevice('"src": "vm",', device, []), '"src": "[device]",');
    assert.equal(scrubDevice('HOST: vm.lan.example   Loss%', device, []), 'HOST: [device]   Loss%');
    assert.equal(scrubDevice('HOST: VM   Loss%', device, []), 'HOST: [device]   Loss%');
  });

  it("a bound ping's source, but not an address that merely starts the same", () => {
    assert.equal(
      scrubDevice('PING 127.0.0.23 (127.0.0.23) from 127.0.0.2 : 56(84) bytes', device, ['127.0.0.23']),
      'PING 127.0.0.23 (127.0.0.23) from [device] : 56(84) bytes',
    );
    assert.equal(
      scrubDevice('via 192.168.1.200 and 10.192.168.1.20', device, []),
      'via 192.168.1.200 and 10.192.168.1.20',
    );
    assert.equal(scrubDevice('from 192.168.1.20.', device, []), 'from [device].');
  });

  it('IPv6: whole addresses, a trailing colon of a ping line included', () => {
    assert.equal(
      scrubDevice('64 bytes from ::1: icmp_seq=1', device, []),
      '64 bytes from [device]: icmp_seq=1',
    );
    assert.equal(scrubDevice('hop fe80::1 and ::1:5', device, []), 'hop fe80::1 and ::1:5');
    assert.equal(scrubDevice('src FE80::A00:27FF:FE4E:66A1%eth0', device, []), 'src [device]%eth0');
  });

  it('a name inside a longer name is not the device', () => {
    assert.equal(
      scrubDevice('vmhost a.vm vm.other.example vm-2', device, []),
      'vmhost a.vm vm.other.example vm-2',
    );
  });

  it('what the measurement was about is kept', () => {
    assert.equal(
      scrubDevice('traceroute to 127.0.0.2 (127.0.0.2)\n 1  127.0.0.2  0.05 ms', device, ['127.0.0.2']),
      'traceroute to 127.0.0.2 (127.0.0.2)\n 1  127.0.0.2  0.05 ms',
    );
    assert.equal(
      scrubDevice('vm.lan.example. 60 IN A 192.168.1.20', device, ['vm.lan.example', '192.168.1.20']),
      'vm.lan.example. 60 IN A 192.168.1.20',
    );
  });
});
