// The owner's controls on a real agent linked to a coordinator written in the test: denied domains
// never reach the target (redirect hops included), pause (persisted) takes nothing and rejects what
// arrives, per-minute and concurrency caps, allowed hours, bytes per day.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RejectReason } from '../../proto/index.js';
import { type CountingTarget, startCountingTarget, startLinkedAgent } from '../helpers/agent-harness.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';

const OWNER = RejectReason.REJECT_REASON_OWNER_POLICY;

describe('owner controls', () => {
  let target: CountingTarget;
  const cleanups: Array<() => Promise<void>> = [];
  before(async () => {
    target = await startCountingTarget();
  });
  after(async () => {
    for (const c of cleanups.reverse()) await c();
    await target.close();
  });

  async function linked(flags: string[], stateDir?: string) {
    const fake = await FakeCoordinator.start();
    const { agent, stateDir: dir } = await startLinkedAgent(fake, flags, stateDir);
    cleanups.push(async () => {
      await agent.close();
      await fake.close();
    });
    return { fake, agent, stateDir: dir };
  }

  it('a denied domain never reaches the target, directly or through a redirect', async () => {
    const { fake } = await linked(['--deny-domains', 'localhost']);
    const direct = fake.assign({ method: 'GET', url: `http://localhost:${target.port}/denied-direct` });
    const answer = await fake.answer(direct);
    assert.equal(answer.reject?.reason, OWNER);
    assert.match(answer.reject?.message ?? '', /localhost is on the device owner's deny list/);

    const to = encodeURIComponent(`http://localhost:${target.port}/denied-hop`);
    const hop = fake.assign({ method: 'GET', url: `${target.url}/redirect?to=${to}` });
    assert.ok((await fake.answer(hop)).accept, 'the first hop is allowed');
    const result = (await fake.result(hop)).result;
    assert.equal(result?.success, false);
    assert.equal(result?.errorType, 'blocked');
    assert.match(result?.errorMessage ?? '', /refused: localhost is on the device owner's deny list/);
    assert.equal(target.hits.get('/redirect'), 1);
    assert.equal(target.hits.get('/denied-direct'), undefined);
    assert.equal(target.hits.get('/denied-hop'), undefined);
  });

  it('an allow list refuses every other domain', async () => {
    const { fake } = await linked(['--allow-domains', 'example.org']);
    const id = fake.assign({ method: 'GET', url: `${target.url}/not-allowed` });
    assert.equal((await fake.answer(id)).reject?.reason, OWNER);
    assert.equal(target.hits.get('/not-allowed'), undefined);
  });

  it('paused takes nothing, rejects what arrives, survives a restart, and resumes', async () => {
    const first = await linked([]);
    const mark = first.fake.frames.length;
    await first.agent.setPaused(true);
    const off = await first.fake.waitFrame((f) => f.availability?.accepting === false, mark);
    assert.equal(off.availability?.reason, 'paused by the device owner');
    assert.equal(off.availability?.ownerControls?.paused, true);
    const id = first.fake.assign({ method: 'GET', url: `${target.url}/while-paused` });
    assert.equal((await first.fake.answer(id)).reject?.reason, OWNER);
    assert.equal(target.hits.get('/while-paused'), undefined);
    const saved = JSON.parse(await readFile(path.join(first.stateDir, 'owner.json'), 'utf8'));
    assert.equal(saved.paused, true);
    await first.agent.close();

    const second = await linked([], first.stateDir);
    const hello = await second.fake.waitFrame((f) => f.body === 'hello');
    assert.equal(hello.hello?.ownerControls?.paused, true, 'the pause is kept across a restart');
    await second.fake.waitFrame((f) => f.availability?.accepting === false);
    const mark2 = second.fake.frames.length;
    await second.agent.setPaused(false);
    await second.fake.waitFrame((f) => f.availability?.accepting === true, mark2);
    const after = second.fake.assign({ method: 'GET', url: `${target.url}/after-resume` });
    assert.ok((await second.fake.answer(after)).accept);
    assert.equal((await second.fake.result(after)).result?.success, true);
    assert.equal(target.hits.get('/after-resume'), 1);
  });

  it('the per-minute cap holds: the third job in a minute is refused, availability says so', async () => {
    const { fake } = await linked(['--max-jobs-per-minute', '2']);
    for (const n of [1, 2]) {
      const id = fake.assign({ method: 'GET', url: `${target.url}/per-minute` });
      assert.ok((await fake.answer(id)).accept, `job ${n} accepted`);
      await fake.result(id);
    }
    const full = await fake.waitFrame((f) => f.availability?.accepting === false);
    assert.equal(full.availability?.reason, "at the device owner's jobs-per-minute limit");
    assert.equal(full.availability?.ownerControls?.maxJobsPerMinute, 2);
    const third = fake.assign({ method: 'GET', url: `${target.url}/per-minute` });
    assert.equal((await fake.answer(third)).reject?.reason, OWNER);
    assert.equal(target.hits.get('/per-minute'), 2);
  });

  it('the concurrency cap holds: a job beyond it is rejected busy', async () => {
    const { fake } = await linked(['--max-concurrent', '1']);
    const arrived = target.slowArrived();
    const slow = fake.assign({ method: 'GET', url: `${target.url}/slow` });
    assert.ok((await fake.answer(slow)).accept);
    await arrived;
    const second = fake.assign({ method: 'GET', url: `${target.url}/concurrent` });
    assert.equal((await fake.answer(second)).reject?.reason, RejectReason.REJECT_REASON_BUSY);
    target.releaseSlow();
    await fake.result(slow);
    assert.equal(target.hits.get('/concurrent'), undefined);
  });

  it('outside the allowed hours the device takes nothing; inside it does', async () => {
    const now = new Date();
    const minute = now.getHours() * 60 + now.getMinutes();
    const at = (m: number) => {
      const x = ((m % 1440) + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const closed = await linked(['--allowed-hours', `${at(minute + 120)}-${at(minute + 180)}`]);
    const off = await closed.fake.waitFrame((f) => f.availability?.accepting === false);
    assert.equal(off.availability?.reason, "outside the device owner's allowed hours");
    assert.equal(off.availability?.ownerControls?.allowedHours?.length, 1);
    const refused = closed.fake.assign({ method: 'GET', url: `${target.url}/off-hours` });
    assert.equal((await closed.fake.answer(refused)).reject?.reason, OWNER);
    assert.equal(target.hits.get('/off-hours'), undefined);

    const open = await linked(['--allowed-hours', `${at(minute - 60)}-${at(minute + 60)}`]);
    const id = open.fake.assign({ method: 'GET', url: `${target.url}/in-hours` });
    assert.ok((await open.fake.answer(id)).accept);
  });

  it('bytes per day: a used-up budget refuses further jobs, also after a restart', async () => {
    const first = await linked(['--max-bytes-per-day', '1000']);
    const big = first.fake.assign({ method: 'GET', url: `${target.url}/budget?bytes=1500` });
    assert.equal((await first.fake.result(big)).result?.success, true);
    const spent = await first.fake.waitFrame((f) => f.availability?.accepting === false);
    assert.equal(spent.availability?.reason, "the device owner's daily byte budget is used up");
    assert.equal(Number(spent.availability?.ownerControls?.bytesToday), 1500);
    const next = first.fake.assign({ method: 'GET', url: `${target.url}/budget?bytes=1` });
    assert.equal((await first.fake.answer(next)).reject?.reason, OWNER);
    assert.equal(target.hits.get('/budget'), 1);
    await first.agent.close();

    const second = await linked(['--max-bytes-per-day', '1000'], first.stateDir);
    const hello = await second.fake.waitFrame((f) => f.body === 'hello');
    assert.equal(Number(hello.hello?.ownerControls?.bytesToday), 1500);
    const again = second.fake.assign({ method: 'GET', url: `${target.url}/budget?bytes=1` });
    assert.equal((await second.fake.answer(again)).reject?.reason, OWNER);
  });
});
