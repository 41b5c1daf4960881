// Which regions of a sweep no connected device can serve (coordinator/sweeps/sweep-coverage.ts):
// method, region and device type must all match; quarantined devices do not count, busy, paused
// and draining ones do. No sockets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ConnectedDevice } from '../../coordinator/scheduler/device.js';
import { noDeviceMessage, regionsWithoutDevices } from '../../coordinator/sweeps/sweep-coverage.js';

let n = 0;
function device(
  region: string,
  o: {
    deviceType?: string;
    methods?: string[];
    quarantined?: boolean;
    draining?: boolean;
    busy?: boolean;
  } = {},
): ConnectedDevice {
  const deviceId = `dev-${++n}`;
  return {
    profile: {
      deviceId,
      methods: new Set(o.methods ?? ['GET', 'CRAWL_FULL_PAGE']),
      maxConcurrent: 1,
      country: '',
      region,
      city: '',
      deviceType: o.deviceType ?? 'mobile',
      networkType: 'wifi',
    },
    link: { assign: () => undefined, cancel: () => undefined, endSession: () => undefined },
    quarantined: o.quarantined ?? false,
    running: new Map(o.busy ? [['job-1', 1]] : []),
    draining: o.draining ?? false,
    connectedAt: new Date().toISOString(),
    info: {},
    assignedTotal: 0,
  };
}

describe('regions without devices', () => {
  test('a region is served by a device of its region, type and method', () => {
    const fleet = [
      device('EU'),
      device('NA', { deviceType: 'desktop' }),
      device('APAC', { methods: ['GET'] }),
      device('LATAM', { busy: true }),
    ];
    const all = ['NA', 'EU', 'APAC', 'LATAM', 'MEA'];
    assert.deepEqual(regionsWithoutDevices(fleet, all, 'mobile'), ['NA', 'APAC', 'MEA']);
    assert.deepEqual(regionsWithoutDevices(fleet, all, 'desktop'), ['EU', 'APAC', 'LATAM', 'MEA']);
    assert.deepEqual(regionsWithoutDevices(fleet, ['eu'], 'mobile'), [], 'regions compare in any case');
  });

  test('quarantined devices serve nothing; paused or draining ones still count', () => {
    const fleet = [device('EU', { quarantined: true }), device('NA', { draining: true })];
    assert.deepEqual(regionsWithoutDevices(fleet, ['EU', 'NA'], 'mobile'), ['EU']);
  });

  test('an empty fleet serves no region, in the order asked', () => {
    assert.deepEqual(regionsWithoutDevices([], ['APAC', 'NA'], 'mobile'), ['APAC', 'NA']);
  });

  test('the walk stops once every region has a device', () => {
    let seen = 0;
    function* fleet(): Generator<ConnectedDevice> {
      for (const region of ['EU', 'NA', 'APAC', 'APAC', 'APAC']) {
        seen++;
        yield device(region);
      }
    }
    assert.deepEqual(regionsWithoutDevices(fleet(), ['NA', 'EU'], 'mobile'), []);
    assert.equal(seen, 2);
  });

  test('the failure message names the region, the method and the device type', () => {
    assert.equal(
      noDeviceMessage('EU', 'desktop'),
      'no connected device in region EU runs CRAWL_FULL_PAGE as a desktop device',
    );
  });
});
