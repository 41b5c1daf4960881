// Jobs with page options go only to devices that advertised the features (Capabilities.page_features):
// the hello's features become extra method keys, and a job's needs name the key of what it asks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { acceptHello } from '../../coordinator/link/handshake.js';
import type { DeviceLink } from '../../coordinator/scheduler/device.js';
import { mismatch, needsOf } from '../../coordinator/scheduler/matching.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { type Hello, type PageOptions, PROTOCOL_VERSION } from '../../proto/index.js';
import { jobInput } from '../helpers/records.js';

const link = {} as DeviceLink; // never called: only the profile is read

function device(id: string, methods: string[], pageFeatures?: string[]) {
  const hello: Hello = {
    protocolVersion: PROTOCOL_VERSION,
    deviceId: id,
    capabilities: { methods, maxConcurrent: 1, ...(pageFeatures ? { pageFeatures } : {}) },
    location: { country: 'DE' },
  };
  const out = acceptHello(hello, id, link, Date.now());
  assert.ok(out.ok);
  return out.device.profile;
}

const job = (method: string, page?: PageOptions) =>
  ({
    ...jobInput('owner', { method: method as JobRecord['method'] }),
    request: { headers: [], bodyBase64: '', cookies: [], ...(page ? { page } : {}) },
  }) as unknown as JobRecord;

describe('placing page jobs by the features devices advertise', () => {
  const old = device('old', ['GET', 'CRAWL_FULL_PAGE']);
  const paged = device('paged', ['GET', 'CRAWL_FULL_PAGE'], ['actions', 'extract', 'har', 'pdf']);
  const audits = device(
    'audits',
    ['GET', 'CRAWL_FULL_PAGE'],
    ['actions', 'extract', 'har', 'pdf', 'lighthouse'],
  );
  const noBrowser = device('http-only', ['GET', 'POST'], ['extract']);
  const fits = (j: JobRecord) =>
    [old, paged, audits, noBrowser]
      .filter((d) => mismatch(d, needsOf(j, null)) === null)
      .map((d) => d.deviceId);

  test('a plain job goes anywhere its method runs', () => {
    assert.deepEqual(fits(job('CRAWL_FULL_PAGE')), ['old', 'paged', 'audits']);
    assert.deepEqual(fits(job('GET')), ['old', 'paged', 'audits', 'http-only']);
  });

  test('actions, HAR or PDF need a device with the page features; an older agent never gets one', () => {
    const actions: PageOptions = { actions: [{ type: 'wait', ms: 1 }] };
    assert.deepEqual(fits(job('CRAWL_FULL_PAGE', actions)), ['paged', 'audits']);
    assert.deepEqual(fits(job('CRAWL_FULL_PAGE', { har: true })), ['paged', 'audits']);
    assert.deepEqual(fits(job('GET', { extract: { fields: [{ name: 'a', selector: 'a' }] } })), [
      'paged',
      'audits',
      'http-only',
    ]);
  });

  test('Lighthouse needs a device that advertises it', () => {
    assert.deepEqual(fits(job('CRAWL_FULL_PAGE', { audits: ['lighthouse'] })), ['audits']);
  });
});
