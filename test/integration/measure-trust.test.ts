// A device lying about a measurement is judged as one that fabricates a page: DNS canaries ask a
// fresh name under a canary name on a DNS server the coordinator's operator controls (here the lab
// DNS server, answering every name under it), whose answer the coordinator knows. The honest
// device passes; the one that reports another address fails its canary and is quarantined.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { JobEvent } from '../../coordinator/jobs/events.js';
import { SYSTEM_OWNER_ID } from '../../coordinator/store/records.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { type LabDnsServer, type LabRecord, startLabDns } from '../helpers/dns-server.js';
import { LyingMeasureExecutor } from '../helpers/lying-executor.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';

const CANARY_NAME = 'canary.lab.test';
const CANARY_ANSWER = '192.0.2.53';

describe('trust: DNS canaries judge devices that measure', () => {
  let c: TestCoordinator;
  let dns: LabDnsServer;
  const stops: Array<() => Promise<void>> = [];
  const events: JobEvent[] = [];
  const waiters: Array<() => void> = [];

  before(async () => {
    // Every name under the canary name has the canary's address (a wildcard record).
    const record: LabRecord[] = [{ type: 'A', ttl: 30, address: CANARY_ANSWER }];
    const zone = new Proxy({} as Record<string, LabRecord[]>, {
      get: (_t, name) => (typeof name === 'string' && name.endsWith(`.${CANARY_NAME}`) ? record : undefined),
    });
    dns = await startLabDns(zone);
    c = await startTestCoordinator({
      flags: [
        '--canary-interval',
        '1s',
        '--canary-dns-server',
        `127.0.0.1:${dns.port}`,
        '--canary-dns-name',
        CANARY_NAME,
        '--canary-dns-answer',
        CANARY_ANSWER,
      ],
    });
    c.coordinator.services.jobs.addListener({
      onJobEvent: (e) => {
        events.push(e);
        for (const w of waiters.splice(0)) w();
      },
    });
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
  });

  /** Resolves once `check` holds over the job events seen (checked on every event). */
  function whenEvents(check: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const look = () => (check() ? resolve() : waiters.push(look));
      look();
    });
  }
  const dnsCanaries = (deviceId: string, transition: JobEvent['transition']) =>
    events.filter(
      (e) =>
        e.transition === transition &&
        e.job.ownerId === SYSTEM_OWNER_ID &&
        e.job.method === 'MEASURE_DNS_UDP' &&
        e.job.placement.device_id === deviceId,
    );

  test('the honest device passes; the lying one fails and is quarantined', async () => {
    const quarantined = new Promise<string>((resolve) => {
      c.coordinator.services.trust.addStandingListener((deviceId, isQuarantined, reason) => {
        if (deviceId === 'dns-liar' && isQuarantined) resolve(reason);
      });
    });
    stops.push(await startMeasureAgent(c, { deviceId: 'dns-honest', country: 'DE' }));
    stops.push(
      await startMeasureAgent(c, {
        deviceId: 'dns-liar',
        country: 'DE',
        wrap: (inner) => new LyingMeasureExecutor(inner),
      }),
    );
    const reason = await quarantined;
    assert.match(reason, /DNS canary answer fabricated or altered \(203\.0\.113\.66\)/);
    const liar = await c.coordinator.store.trust.getDeviceTrust('dns-liar');
    assert.ok((liar?.canaryFailures ?? 0) >= 1);
    assert.equal(c.coordinator.services.jobs.device('dns-liar')?.quarantined, true);

    // The honest device's next canary is sent only once its first was judged.
    await whenEvents(() => dnsCanaries('dns-honest', 'submit').length >= 2);
    const honest = await c.coordinator.store.trust.getDeviceTrust('dns-honest');
    assert.ok((honest?.canaryPasses ?? 0) >= 1, JSON.stringify(honest));
    assert.equal(honest?.canaryFailures ?? 0, 0);
    assert.equal(honest?.quarantined ?? false, false);
    // The canaries really asked the operator's server, names under the canary name.
    assert.ok(dns.queries.some((q) => q.name.endsWith(`.${CANARY_NAME}`) && q.source === '127.0.0.1'));
  });
});
