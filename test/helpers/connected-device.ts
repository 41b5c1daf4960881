// A device as the scheduler holds it once linked, for tests that drive JobLifecycle without a real
// link: a German desktop on wifi taking GET jobs, its Assigns handed to `assign`.
import type { ConnectedDevice, DeviceLink } from '../../coordinator/scheduler/device.js';

export function connectedDevice(
  deviceId: string,
  assign: DeviceLink['assign'],
  maxConcurrent = 100,
): ConnectedDevice {
  return {
    profile: {
      deviceId,
      methods: new Set(['GET']),
      maxConcurrent,
      country: 'DE',
      region: 'europe',
      city: '',
      deviceType: 'desktop',
      networkType: 'wifi',
      asn: null,
    },
    link: { assign, cancel: () => undefined, endSession: () => undefined },
    running: new Map(),
    draining: false,
    connectedAt: new Date().toISOString(),
    info: {},
    assignedTotal: 0,
  };
}
