// A device that refuses a job as busy while the coordinator counts a free slot on it (it still runs
// something the coordinator ended) is held full: the job does not bounce between the freed slot
// and the refusal hundreds of times a second, and goes back to the device once the hold ends (at
// its next result, or after coordinator/scheduler/device-slots.ts BUSY_HOLD_MS). A raw agent on a
// real link plays the device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BUSY_HOLD_MS } from '../../coordinator/scheduler/device-slots.js';
import { RejectReason } from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { RawAgent, resultFrames } from '../helpers/raw-agent.js';

describe('a busy refusal', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
  });
  after(async () => {
    await c?.stop();
    if (c) removeDir(c.dataDir);
  });

  test('holds the device full instead of handing the job straight back', async () => {
    const dev = await RawAgent.connect(c.url, 'busy-dev', await c.newDevice('busy-dev'));
    const submitted = await api.submit({ url: 'http://198.51.100.9/busy', timeout_sec: 10 });
    const jobId = (submitted.body as { job_id: string }).job_id;
    // Refuse every assignment as busy for as long as one hold, counting them.
    const startMs = Date.now();
    let refused = 0;
    let assign = await dev.next('assign');
    while (Date.now() - startMs < BUSY_HOLD_MS * 1.5) {
      assert.equal(assign.assign?.jobId, jobId);
      dev.send({
        reject: { jobId, attempt: assign.assign?.attempt ?? 0, reason: RejectReason.REJECT_REASON_BUSY },
      });
      refused++;
      assign = await dev.next('assign');
    }
    // One refusal at the start and one as each hold ends: not a refusal per event-loop turn.
    assert.ok(
      refused <= 3,
      `the job went back to the busy device ${refused} times in ${BUSY_HOLD_MS * 1.5} ms`,
    );
    // Now the device takes it, and the job completes there.
    for (const frame of resultFrames(jobId, assign.assign?.attempt ?? 0, Buffer.from('done')))
      dev.send(frame);
    const done = await api.waitTerminal(jobId);
    assert.equal(done.status, 'completed');
    dev.close();
    await dev.closed;
  });
});
