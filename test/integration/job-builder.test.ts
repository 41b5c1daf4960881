// One job builder (coordinator/jobs/new-job.ts askedJob): every field of the POST /crawl/v1/new
// schema, given alone, makes the same stored job whether it came through /new or as a batch item.
// The walk is over the schema itself: a field added to /new without a sample here fails the first
// test, so no future field can be dropped by one path again (a batch item once lost its page
// options and ran as a plain page load).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SubmitBody } from '../../contract/index.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { ApiClient } from '../helpers/client.js';
import { removeDir, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';

/** Fields of the /new body that are not the job's: how the caller authenticates. */
const NOT_THE_JOB = new Set(['api_key']);

/** What the job stores of a request, whichever path made it (ids, times and the batch aside). */
function asked(job: JobRecord | null): Obj {
  assert.ok(job);
  const { batchId: _batch, ...request } = job.request;
  return {
    url: job.url,
    method: job.method,
    timeoutSec: job.timeoutSec,
    placement: job.placement,
    sessionId: job.sessionId,
    sweepId: job.sweepId,
    storageType: job.storageType,
    request,
  };
}

describe('one job builder for /new and batch items', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let samples: Record<string, Obj>;
  before(async () => {
    c = await startTestCoordinator({ flags: ['--webhook-allow-cidrs', '127.0.0.0/8'] });
    api = new ApiClient(c.url, c.apiKey);
    assert.equal((await api.request('PUT', '/crawl/v1/webhooks/default', {})).status, 200);
    const session = await api.request('POST', '/crawl/v1/session/new', { placement: { country: 'FR' } });
    assert.equal(session.status, 201, session.text);
    const full = { method: 'CRAWL_FULL_PAGE' };
    // Each field with a value other than its default, and what else it needs to be valid.
    samples = {
      url: {},
      method: { method: 'POST' },
      timeout_sec: { timeout_sec: 45 },
      headers: { headers: { 'x-a': ['1', '2'], 'x-b': 'c' } },
      body: { method: 'POST', body: Buffer.from('hello').toString('base64') },
      cookies: { cookies: [{ name: 'a', value: 'b', domain: 'x.test', path: '/p', secure: true }] },
      session_id: { session_id: (session.body as Obj).session_id },
      placement: { placement: { country: 'DE', device_type: 'desktop' } },
      storage_type: { storage_type: 'local' },
      webhook: { webhook: { url: 'http://127.0.0.1:9/hook' } },
      actions: {
        ...full,
        actions: [
          { type: 'click', selector: '#a' },
          { type: 'type', selector: '#q', text: 'x', secret: true },
        ],
      },
      extract: {
        extract: {
          base_selector: 'main',
          fields: [{ name: 'title', selector: 'h1', transforms: ['trim'] }],
          json_schema: { type: 'object' },
        },
      },
      har: { ...full, har: true },
      pdf: { ...full, pdf: { format: 'Letter' } },
      audits: { ...full, timeout_sec: 90, audits: ['lighthouse'] },
    };
  });
  after(async () => {
    await c?.stop();
    if (c) removeDir(c.dataDir);
  });

  test('the walk covers every field of the /new schema', () => {
    const fields = Object.keys(SubmitBody.properties).filter((f) => !NOT_THE_JOB.has(f));
    assert.deepEqual(Object.keys(samples).sort(), fields.sort(), 'a /new field has no sample here');
  });

  test('each field alone: /new and a batch item store the same job request', async () => {
    for (const [field, sample] of Object.entries(samples)) {
      const body = { url: `https://x.test/${field}`, ...sample };
      const single = await api.request('POST', '/crawl/v1/new', body);
      assert.equal(single.status, 201, `${field}: ${single.text}`);
      const batch = await api.request('POST', '/crawl/v1/batch/new', { jobs: [body] });
      assert.equal(batch.status, 201, `${field}: ${batch.text}`);
      const item = ((batch.body as Obj).results as Obj[])[0] as Obj;
      assert.ok(item.job, `${field}: ${batch.text}`);
      const store = c.coordinator.store;
      const [viaNew, viaBatch] = await Promise.all([
        store.getJob((single.body as Obj).job_id),
        store.getJob(item.job.job_id),
      ]);
      assert.deepEqual(asked(viaBatch), asked(viaNew), field);
      assert.equal(viaBatch?.request.batchId, (batch.body as Obj).batch_id, field);
      assert.equal(viaNew?.request.batchId, undefined, field);
    }
  });
});
