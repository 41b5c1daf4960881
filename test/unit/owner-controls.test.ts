// The scheduler's view of a device owner's controls: the same refusals the agent would answer with.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DeviceOwnerView,
  deviceLocalMinute,
  deviceRefuses,
  rejectHandling,
} from '../../coordinator/scheduler/owner-controls.js';
import { type OwnerControls, RejectReason } from '../../proto/index.js';

const noon = new Date('2026-06-01T12:00:00Z');
const job = { url: 'https://news.example.com/a' };
const controls = (over: Partial<OwnerControls> = {}): OwnerControls => ({
  maxJobsPerMinute: 0,
  maxBytesPerDay: 0,
  allowedHours: [],
  utcOffsetMinutes: 0,
  allowDomains: [],
  denyDomains: [],
  paused: false,
  bytesToday: 0,
  ...over,
});

describe('deviceRefuses', () => {
  it('refuses nothing without controls or limits', () => {
    assert.equal(deviceRefuses(undefined, job, noon), null);
    assert.equal(deviceRefuses(controls(), job, noon), null);
  });

  it('a paused device takes nothing', () => {
    assert.equal(deviceRefuses(controls({ paused: true }), job, noon), 'paused by the device owner');
  });

  it("evaluates allowed hours in the device's local time", () => {
    const office = controls({ allowedHours: [{ startMinute: 9 * 60, endMinute: 17 * 60 }] });
    assert.equal(deviceRefuses(office, job, noon), null);
    // 12:00 UTC is 21:00 in UTC+9: outside 09:00-17:00 there.
    assert.equal(
      deviceRefuses({ ...office, utcOffsetMinutes: 540 }, job, noon),
      "outside the device owner's allowed hours",
    );
    assert.equal(deviceLocalMinute({ utcOffsetMinutes: -300 }, new Date('2026-06-01T02:00:00Z')), 21 * 60);
    const night = controls({
      allowedHours: [{ startMinute: 22 * 60, endMinute: 6 * 60 }],
      utcOffsetMinutes: 660,
    });
    assert.equal(deviceRefuses(night, job, noon), null, '23:00 local falls in 22:00-06:00');
  });

  it('respects the day budget and the per-minute cap', () => {
    assert.equal(
      deviceRefuses(controls({ maxBytesPerDay: 1000, bytesToday: 1000 }), job, noon),
      "the device owner's daily byte budget is used up",
    );
    assert.equal(deviceRefuses(controls({ maxBytesPerDay: 1000, bytesToday: 999 }), job, noon), null);
    const capped = controls({ maxJobsPerMinute: 5 });
    assert.equal(deviceRefuses(capped, job, noon, { assignedLastMinute: 4 }), null);
    assert.equal(
      deviceRefuses(capped, job, noon, { assignedLastMinute: 5 }),
      "at the device owner's jobs-per-minute limit",
    );
  });

  it('matches domain lists by suffix, deny over allow', () => {
    assert.equal(
      deviceRefuses(controls({ denyDomains: ['example.com'] }), job, noon),
      "news.example.com is on the device owner's deny list",
    );
    assert.equal(deviceRefuses(controls({ denyDomains: ['ample.com'] }), job, noon), null);
    assert.equal(
      deviceRefuses(controls({ allowDomains: ['example.org'] }), job, noon),
      "news.example.com is not on the device owner's allow list",
    );
    assert.equal(deviceRefuses(controls({ allowDomains: ['example.com'] }), job, noon), null);
  });
});

describe('DeviceOwnerView', () => {
  it('counts its own assignments over a rolling minute and keeps the latest controls', () => {
    const view = new DeviceOwnerView();
    assert.equal(view.refuses(job, noon), null, 'no controls yet');
    view.update(controls({ maxJobsPerMinute: 2 }));
    view.assigned(noon.getTime() - 30_000);
    view.assigned(noon.getTime() - 10_000);
    assert.equal(view.refuses(job, noon), "at the device owner's jobs-per-minute limit");
    assert.equal(view.refuses(job, new Date(noon.getTime() + 30_001)), null, 'the oldest left the minute');
    view.update(undefined);
    view.update(controls({ paused: true }));
    assert.equal(view.refuses(job, noon), 'paused by the device owner');
  });
  it('marks controls that restrict nothing as open, so the picker need not ask', () => {
    const view = new DeviceOwnerView();
    assert.equal(view.restricts, false, 'no controls yet');
    view.update(controls({}));
    assert.equal(view.restricts, false, 'controls sent, all empty');
    view.update(controls({ maxJobsPerMinute: 1 }));
    assert.equal(view.restricts, true, 'a cap restricts');
    view.update(controls({ denyDomains: ['example.org'] }));
    assert.equal(view.restricts, true, 'a domain list restricts');
    assert.equal(view.refuses(job, noon), null, 'the cap is gone');
  });
});

describe('DeviceOwnerView without controls', () => {
  it('restricts nothing, and assignments it saw then still count once controls arrive, within the minute', () => {
    const view = new DeviceOwnerView();
    assert.equal(view.restricts, false);
    view.assigned(noon.getTime() - 90_000);
    view.assigned(noon.getTime() - 70_000);
    view.assigned(noon.getTime() - 20_000);
    view.update(controls({ maxJobsPerMinute: 2 }));
    assert.equal(view.restricts, true);
    assert.equal(view.refuses(job, noon), null, 'one assignment in the last minute');
    view.assigned(noon.getTime() - 5_000);
    assert.equal(view.refuses(job, noon), "at the device owner's jobs-per-minute limit");
  });
});

describe('rejectHandling', () => {
  it('sends an owner refusal elsewhere, like an unsupported method', () => {
    assert.deepEqual(rejectHandling(RejectReason.REJECT_REASON_OWNER_POLICY), {
      retryElsewhere: true,
      deviceFull: false,
      busy: false,
    });
    assert.deepEqual(rejectHandling(RejectReason.REJECT_REASON_UNSUPPORTED).retryElsewhere, true);
    assert.deepEqual(rejectHandling(RejectReason.REJECT_REASON_SPOOL_FULL), {
      retryElsewhere: false,
      deviceFull: true,
      busy: false,
    });
    // Busy: the device is held full for a moment (device-slots.ts holdBusy), the job waits.
    assert.deepEqual(rejectHandling(RejectReason.REJECT_REASON_BUSY), {
      retryElsewhere: false,
      deviceFull: false,
      busy: true,
    });
  });
});
