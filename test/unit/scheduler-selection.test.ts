// Selection among matching devices over a simulated fleet: load spread, recent success rate and
// latency, the deciding factor in placement_reason, fairness between keys, the bounded queue.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { SimulatedFleet } from '../helpers/simulated-fleet.js';

let fleet: SimulatedFleet;
afterEach(() => fleet?.close());

const countBy = (ids: Array<string | undefined>): Map<string, number> => {
  const m = new Map<string, number>();
  for (const id of ids) if (id) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
};

describe('load spread', () => {
  test('jobs spread evenly: 200 jobs over 50 devices of 4 slots fill every slot once', async () => {
    fleet = new SimulatedFleet();
    for (let i = 0; i < 50; i++) fleet.addDevice({ id: `d${String(i).padStart(2, '0')}`, country: 'DE' });
    const jobs = await fleet.submitMany(200);
    const per = countBy(jobs.map((j) => fleet.reservedOn(j.id)));
    assert.equal(per.size, 50);
    for (const [id, n] of per) assert.equal(n, 4, id);
  });

  test('while every device has room, each new job goes to the least loaded by ratio', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'big', country: 'DE', maxConcurrent: 8 });
    fleet.addDevice({ id: 'small', country: 'DE', maxConcurrent: 2 });
    const jobs = await fleet.submitMany(10);
    const per = countBy(jobs.map((j) => fleet.reservedOn(j.id)));
    assert.equal(per.get('big'), 8);
    assert.equal(per.get('small'), 2);
    // Both now full: the next job waits and takes the first slot that frees.
    const waiting = await fleet.submit();
    assert.equal(fleet.reservedOn(waiting.id), undefined);
    const onSmall = jobs.find((j) => fleet.reservedOn(j.id) === 'small');
    await fleet.complete(onSmall?.id as string);
    assert.equal((await fleet.whenAssigned(waiting.id)).deviceId, 'small');
  });

  test('placement_reason names load as the deciding factor when it is', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'a', country: 'DE' });
    fleet.addDevice({ id: 'b', country: 'DE' });
    const first = await fleet.submit();
    const second = await fleet.submit();
    assert.match(
      (await fleet.placementReason(first.id)) ?? '',
      /deciding factor: tie on load, success rate and latency: fewer jobs given so far|full tie: lowest device id/,
    );
    assert.match(
      (await fleet.placementReason(second.id)) ?? '',
      /^matched method=GET; deciding factor: least loaded \(0\/4 running vs 1\/4\) among 2 available matching devices$/,
    );
  });
});

describe('recent success rate and latency', () => {
  test('a device that keeps failing is passed over for one that succeeds, and the reason says so', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'flaky', country: 'US' });
    fleet.addDevice({ id: 'steady', country: 'US' });
    for (let i = 0; i < 8; i++) {
      fleet.dispatcher.recordResult('flaky', 'GET', false, null);
      fleet.dispatcher.recordResult('steady', 'GET', true, 100);
    }
    const job = await fleet.submit();
    assert.equal(fleet.reservedOn(job.id), 'steady');
    assert.match(
      (await fleet.placementReason(job.id)) ?? '',
      /deciding factor: higher recent success rate \(100% vs 17%\)/,
    );
    // Load still counts: once `steady` is loaded enough, `flaky` gets work rather than jobs waiting.
    const more = await fleet.submitMany(7);
    const per = countBy([job, ...more].map((j) => fleet.reservedOn(j.id)));
    assert.equal(per.get('steady'), 4);
    assert.equal(per.get('flaky'), 4);
  });

  test('a slow device is passed over for a fast one at equal load, per method', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'slow', country: 'US' });
    fleet.addDevice({ id: 'fast', country: 'US' });
    for (let i = 0; i < 20; i++) {
      fleet.dispatcher.recordResult('slow', 'GET', true, 900);
      fleet.dispatcher.recordResult('fast', 'GET', true, 100);
    }
    const job = await fleet.submit();
    assert.equal(fleet.reservedOn(job.id), 'fast');
    assert.match(
      (await fleet.placementReason(job.id)) ?? '',
      /deciding factor: lower recent latency \(100 ms vs 900 ms\)/,
    );
    // Latency is compared per method: for browser jobs neither has history, so it is a tie.
    const browser = await fleet.submit({ method: 'CRAWL_FULL_PAGE' });
    assert.equal(fleet.reservedOn(browser.id), 'slow', 'fast is busier now; slow has no browser history');
  });

  test('results fed through the dispatcher move the score: a failing device recovers by succeeding', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'x', country: 'US', maxConcurrent: 1 });
    fleet.addDevice({ id: 'y', country: 'US', maxConcurrent: 1 });
    for (let i = 0; i < 4; i++) fleet.dispatcher.recordResult('x', 'GET', false, null);
    const j1 = await fleet.submit();
    assert.equal(fleet.reservedOn(j1.id), 'y');
    await fleet.complete(j1.id, { success: false });
    for (let i = 0; i < 12; i++) fleet.dispatcher.recordResult('x', 'GET', true, 100);
    const j2 = await fleet.submit();
    assert.equal(fleet.reservedOn(j2.id), 'x');
    assert.ok(fleet.dispatcher.deviceStats('x').successRate > fleet.dispatcher.deviceStats('y').successRate);
  });
});

describe('fairness between API keys', () => {
  test("one key's burst of 10,000 jobs does not starve another key's single job", async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'only', country: 'DE', maxConcurrent: 1 });
    const burst = await fleet.submitMany(10_000, { owner: 'bulk' });
    assert.equal(fleet.reservedOn(burst[0]?.id as string), 'only');
    const single = await fleet.submit({ owner: 'single' });
    assert.equal(fleet.reservedOn(single.id), undefined);
    // The next free slot goes to the other key's job, not to the burst's next one.
    await fleet.complete(burst[0]?.id as string);
    assert.equal((await fleet.whenAssigned(single.id)).deviceId, 'only');
    await fleet.complete(single.id);
    assert.equal((await fleet.whenAssigned(burst[1]?.id as string)).deviceId, 'only');
  });

  test('three keys take turns slot by slot', async () => {
    fleet = new SimulatedFleet();
    fleet.addDevice({ id: 'only', country: 'DE', maxConcurrent: 1 });
    const a = await fleet.submitMany(5, { owner: 'a' });
    const b = await fleet.submitMany(5, { owner: 'b' });
    const c = await fleet.submitMany(5, { owner: 'c' });
    const owner = new Map<string, string>();
    for (const [name, jobs] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const)
      for (const j of jobs) owner.set(j.id, name);
    const order: string[] = [];
    let current = a[0]?.id as string;
    for (let i = 0; i < 9; i++) {
      order.push(owner.get(current) as string);
      await fleet.complete(current);
      current = fleet.assigned[fleet.assigned.length - 1]?.jobId as string;
      await fleet.whenAssigned(current);
    }
    assert.deepEqual(order, ['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
  });

  test('the queue is bounded, and one key cannot take the whole of it', async () => {
    fleet = new SimulatedFleet({ maxQueuedJobs: 100 });
    await fleet.submitMany(90, { owner: 'bulk' });
    assert.equal(fleet.dispatcher.queuedCount, 90);
    assert.equal(fleet.dispatcher.canAccept('bulk'), false, "bulk's share (90%) is used up");
    assert.equal(fleet.dispatcher.canAccept('other'), true, 'room is left for other keys');
    assert.equal(fleet.dispatcher.canAccept('other', 10), true);
    assert.equal(fleet.dispatcher.canAccept('other', 11), false, 'the total bound holds');
    await fleet.submitMany(10, { owner: 'other' });
    assert.equal(fleet.dispatcher.canAccept(), false);
    assert.equal(fleet.dispatcher.canAccept('third'), false);
  });
});
