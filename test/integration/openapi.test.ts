// The OpenAPI document is generated from the route schemas, and real answers of every endpoint, in
// every documented status, validate against it: a client generated from the spec reads them all.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { DEVICE_TYPES, JOB_METHODS, NETWORK_TYPES, REGIONS } from '../../contract/index.js';
import { requestHashOf } from '../../coordinator/api/idempotency.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { partName } from '../../coordinator/results/content.js';
import { contentKey } from '../../coordinator/storage/types.js';
import * as proto from '../../proto/index.js';
import { ApiClient, type ApiResponse } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { RawAgent } from '../helpers/raw-agent.js';
import { resultRecord } from '../helpers/records.js';
import { type SiteServer, startSiteServer } from '../helpers/site-server.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => Ajv2020;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('OpenAPI document', () => {
  let c: TestCoordinator;
  let broken: TestCoordinator;
  let paused: RawAgent;
  let measuring: RawAgent;
  // Site crawls and maps run on a coordinator of their own, with a real agent and a local site,
  // so a map can finish (200) while the main coordinator's queue stays as the calls below need it.
  let sites: TestCoordinator;
  let site: SiteServer;
  let stopSiteAgent: () => Promise<void>;
  let spec: Obj;
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const covered = new Set<string>();

  before(async () => {
    c = await startTestCoordinator({ flags: ['--max-queued-jobs', '4'] });
    // A device that serves EU sweeps but is paused: a sweep try there stays queued (a region with
    // no device at all would fail its tries at once), so it can be completed behind its back below.
    paused = await RawAgent.connect(c.url, 'openapi-paused', await c.newDevice('openapi-paused'), {
      methods: ['CRAWL_FULL_PAGE'],
      country: 'FR',
      deviceType: 'mobile',
    });
    paused.send({ availability: { accepting: false, reason: 'paused by the device owner' } });
    await paused.barrier();
    // A device that measures DNS and takes the job it is given (and never answers): a measurement
    // placed on it leaves the queue at once.
    measuring = await RawAgent.connect(c.url, 'openapi-measure', await c.newDevice('openapi-measure'), {
      methods: ['MEASURE_DNS_UDP'],
      country: 'FR',
    });
    await measuring.barrier();
    broken = await startTestCoordinator();
    sites = await startTestCoordinator({
      flags: ['--crawl-host-rate', '1000', '--crawl-domain-rate', '1000'],
    });
    site = await startSiteServer({ pages: 3 });
    const siteToken = await sites.newDevice('openapi-sites');
    stopSiteAgent = (
      await startTestAgent({ deviceId: 'openapi-sites', token: siteToken, coordinators: [sites.url] })
    ).stop;
    spec = (await (await fetch(`${c.url}/crawl/v1/openapi.json`)).json()) as Obj;
  });
  after(async () => {
    paused?.close();
    measuring?.close();
    await c.stop();
    await broken.stop();
    await stopSiteAgent();
    await sites.stop();
    await site.close();
  });

  /** Validates one real answer against the spec's response for `template` and records it. */
  function check(method: string, template: string, res: ApiResponse & { type?: string | null }): void {
    const op = spec.paths[template]?.[method.toLowerCase()];
    assert.ok(op, `${method} ${template} is not in the spec`);
    const documented = op.responses[String(res.status)];
    assert.ok(documented, `${method} ${template} answered ${res.status}, which the spec does not list`);
    covered.add(`${method} ${template} ${res.status}`);
    if (!documented.content) {
      assert.equal(res.text, '', `${method} ${template} ${res.status} has a body the spec does not describe`);
      return;
    }
    const essence = (res.type ?? '').split(';')[0]?.trim() ?? '';
    const media = documented.content[essence] ?? documented.content['*/*'];
    assert.ok(media, `${method} ${template} ${res.status}: content type ${essence} is not in the spec`);
    if (essence !== 'application/json') return;
    const validate = ajv.compile(media.schema);
    assert.ok(
      validate(res.body),
      `${method} ${template} ${res.status}: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 300)}`,
    );
  }

  async function call(
    client: ApiClient,
    method: string,
    template: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse> {
    const h: Record<string, string> = { ...headers };
    if (client.apiKey) h.authorization = `Bearer ${client.apiKey}`;
    if (body !== undefined) h['content-type'] ??= 'application/json';
    const res = await fetch(`${client.baseUrl}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const type = res.headers.get('content-type');
    const buf = Buffer.from(await res.arrayBuffer());
    const text = type?.startsWith('image/') ? '' : buf.toString('utf8');
    let parsed: unknown = null;
    if (type?.startsWith('application/json')) parsed = JSON.parse(text);
    const answer = { status: res.status, body: parsed, text: buf.length && !text ? '<binary>' : text, type };
    check(method, template, answer);
    return answer;
  }

  test('is OpenAPI 3.1 with every public route, served with a local docs page', async () => {
    assert.equal(spec.openapi, '3.1.0');
    for (const path of [
      '/crawl/v1/new',
      '/crawl/v1/jobs/batch/status',
      '/crawl/v1/status/{id}',
      '/crawl/v1/jobs/{id}/detail',
      '/crawl/v1/jobs/{id}/download',
      '/crawl/v1/sweep/new',
      '/crawl/v1/sweep/{id}',
      '/crawl/v1/session/new',
      '/crawl/v1/session/{id}',
      '/crawl/v1/session/{id}/jobs',
      '/crawl/v1/session/{id}/close',
    ]) {
      assert.ok(spec.paths[path], path);
    }
    const submit = spec.paths['/crawl/v1/new'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(Object.keys(submit.properties).sort(), [
      'actions',
      'api_key',
      'audits',
      'body',
      'cookies',
      'extract',
      'har',
      'headers',
      'method',
      'pdf',
      'placement',
      'session_id',
      'storage_type',
      'timeout_sec',
      'url',
      'webhook',
    ]);
    // The added answer fields are in the spec, optional: clients written before them still match.
    const json = (route: Obj, status: string) => route.responses[status].content['application/json'].schema;
    const job = json(spec.paths['/crawl/v1/status/{id}'].get, '200');
    assert.equal(job.properties.device_id.type, 'string');
    assert.equal(job.required.includes('device_id'), false);
    const sweep = json(spec.paths['/crawl/v1/sweep/new'].post, '201');
    assert.equal(sweep.properties.regions_without_devices.type, 'array');
    assert.equal(sweep.required.includes('regions_without_devices'), false);
    const page = await fetch(`${c.url}/crawl/v1/docs/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    assert.ok(assets.length > 0);
    for (const asset of assets) {
      assert.doesNotMatch(asset, /^(https?:)?\/\//, `${asset} is not served locally`);
      const res = await fetch(new URL(asset, `${c.url}/crawl/v1/docs/`));
      assert.equal(res.status, 200, asset);
      await res.arrayBuffer();
    }
  });

  test('the contract lists agree with the wire protocol', () => {
    assert.deepEqual([...JOB_METHODS], [...proto.JOB_METHODS]);
    assert.deepEqual([...REGIONS], [...proto.REGIONS]);
    assert.deepEqual([...DEVICE_TYPES], [...proto.DEVICE_TYPES]);
    assert.deepEqual([...NETWORK_TYPES], [...proto.NETWORK_TYPES]);
  });

  test('real answers of every endpoint and status validate against the spec', async () => {
    const api = new ApiClient(c.url, c.apiKey);
    const anon = new ApiClient(c.url, null);
    const admin = new ApiClient(c.url, (await createApiKey(c.coordinator.store, { admin: true })).key);
    const store = c.coordinator.store;
    const missing = randomUUID();

    // A measurement, placed on the measuring device as it is made: the queue keeps its room.
    const measurement = (
      await call(api, 'POST', '/crawl/v1/measure/new', '/crawl/v1/measure/new', {
        type: 'dns',
        target: 'example.test',
        locations: [{ country: 'FR' }],
      })
    ).body as Obj;

    // Jobs
    const job = (await call(api, 'POST', '/crawl/v1/new', '/crawl/v1/new', { url: 'https://x.test/a' }))
      .body as Obj;
    await call(api, 'POST', '/crawl/v1/new', '/crawl/v1/new', { url: 'ftp://x/' });
    await call(anon, 'POST', '/crawl/v1/new', '/crawl/v1/new', { url: 'https://x.test/' });
    await call(api, 'POST', '/crawl/v1/jobs/batch/status', '/crawl/v1/jobs/batch/status', {
      job_ids: [job.job_id, missing, 'bogus', '__proto__'],
    });
    await call(api, 'POST', '/crawl/v1/jobs/batch/status', '/crawl/v1/jobs/batch/status', { job_ids: 1 });
    await call(anon, 'POST', '/crawl/v1/jobs/batch/status', '/crawl/v1/jobs/batch/status', { job_ids: [] });
    for (const [template, suffix] of [
      ['/crawl/v1/status/{id}', ''],
      ['/crawl/v1/jobs/{id}/detail', '/detail'],
      ['/crawl/v1/jobs/{id}/download', '/download'],
      ['/crawl/v1/jobs/{id}/screenshot', '/screenshot'],
    ] as const) {
      const at = (id: string) => (suffix ? `/crawl/v1/jobs/${id}${suffix}` : `/crawl/v1/status/${id}`);
      await call(api, 'GET', template, at(missing));
      await call(api, 'GET', template, at('%zz'));
      await call(anon, 'GET', template, at(missing));
    }
    await call(api, 'GET', '/crawl/v1/status/{id}', `/crawl/v1/status/${job.job_id}`);
    await call(
      api,
      'GET',
      '/crawl/v1/jobs/{id}/detail',
      `/crawl/v1/jobs/${job.job_id}/detail?include_body=true`,
    );
    await call(api, 'GET', '/crawl/v1/jobs/{id}/download', `/crawl/v1/jobs/${job.job_id}/download`);

    const done = (await api.submit({ url: 'https://x.test/page' })).body as Obj;
    const page = Buffer.from(
      '<html><body><article><h1>T</h1><p>Some words here.</p></article></body></html>',
    );
    const stored = await store.getJob(done.job_id);
    assert.ok(stored);
    const local = c.coordinator.storages.local;
    await local.put(contentKey(stored.ownerId, stored.id, partName(1, 'body')), page, 'text/html');
    await local.put(contentKey(stored.ownerId, stored.id, partName(1, 'screenshot')), PNG, 'image/png');
    await store.completeJob(
      stored.id,
      resultRecord({
        contentType: 'text/html',
        finalUrl: 'https://x.test/page',
        parts: { body: page.length, screenshot: PNG.length },
        responseHeaders: [{ name: 'Set-Cookie', value: 'a=b; Path=/' }],
      }),
      new Date().toISOString(),
    );
    await call(
      api,
      'GET',
      '/crawl/v1/jobs/{id}/detail',
      `/crawl/v1/jobs/${done.job_id}/detail?parse_cookies=true&include_body=1`,
    );
    await call(
      api,
      'GET',
      '/crawl/v1/jobs/{id}/detail',
      `/crawl/v1/jobs/${done.job_id}/detail?parse_cookies=x`,
    );
    for (const format of [
      '',
      '?format=json',
      '?format=raw',
      '?format=html',
      '?format=markdown',
      '?format=text',
      '?format=x',
    ]) {
      await call(
        api,
        'GET',
        '/crawl/v1/jobs/{id}/download',
        `/crawl/v1/jobs/${done.job_id}/download${format}`,
      );
    }
    await call(api, 'GET', '/crawl/v1/jobs/{id}/screenshot', `/crawl/v1/jobs/${done.job_id}/screenshot`);
    await store.markArchived(done.job_id, new Date().toISOString());
    await call(api, 'GET', '/crawl/v1/jobs/{id}/download', `/crawl/v1/jobs/${done.job_id}/download`);

    // Sweeps, the report page, devices
    const sweep = (
      await call(api, 'POST', '/crawl/v1/sweep/new', '/crawl/v1/sweep/new', {
        url: 'https://x.test/',
        regions: ['EU'],
        tries_per_region: 1,
      })
    ).body as Obj;
    await call(api, 'POST', '/crawl/v1/sweep/new', '/crawl/v1/sweep/new', {
      url: 'https://x.test/',
      regions: [],
    });
    await call(anon, 'POST', '/crawl/v1/sweep/new', '/crawl/v1/sweep/new', { url: 'https://x.test/' });
    // Measurements (the one made is placed first of all, below)
    await call(api, 'POST', '/crawl/v1/measure/new', '/crawl/v1/measure/new', { type: 'dns' });
    await call(api, 'POST', '/crawl/v1/measure/new', '/crawl/v1/measure/new', {
      type: 'dns',
      target: 'example.test',
      locations: [{ country: 'JP' }],
    });
    await call(anon, 'POST', '/crawl/v1/measure/new', '/crawl/v1/measure/new', { type: 'dns' });
    await call(api, 'GET', '/crawl/v1/measure/{id}', `/crawl/v1/measure/${measurement.id}`);
    await call(api, 'GET', '/crawl/v1/measure/{id}', `/crawl/v1/measure/${missing}`);
    await call(api, 'GET', '/crawl/v1/measure/{id}', '/crawl/v1/measure/%zz');
    await call(anon, 'GET', '/crawl/v1/measure/{id}', `/crawl/v1/measure/${missing}`);
    // The queue holds 4: the two jobs above (one completed behind the dispatcher's back), the
    // sweep's try and this one fill it.
    const fill = (await api.submit({ url: 'https://x.test/fill' })).body as Obj;
    await call(api, 'POST', '/crawl/v1/new', '/crawl/v1/new', { url: 'https://x.test/over' });
    await call(api, 'POST', '/crawl/v1/sweep/new', '/crawl/v1/sweep/new', {
      url: 'https://x.test/',
      regions: ['NA'],
      tries_per_region: 1,
    });
    await call(api, 'POST', '/crawl/v1/measure/new', '/crawl/v1/measure/new', {
      type: 'dns',
      target: 'example.test',
    });
    // Batches (the queue is full by now: the valid job is answered queue_full inside the 201)
    const batch = (
      await call(api, 'POST', '/crawl/v1/batch/new', '/crawl/v1/batch/new', {
        jobs: [{ url: 'https://x.test/b' }, { url: 'ftp://x/' }],
      })
    ).body as Obj;
    await call(api, 'POST', '/crawl/v1/batch/new', '/crawl/v1/batch/new', { jobs: 1 });
    await call(anon, 'POST', '/crawl/v1/batch/new', '/crawl/v1/batch/new', { jobs: [] });
    await call(api, 'GET', '/crawl/v1/batch/{id}', `/crawl/v1/batch/${batch.batch_id}?limit=1`);
    await call(api, 'GET', '/crawl/v1/batch/{id}', `/crawl/v1/batch/${batch.batch_id}?limit=0`);
    await call(api, 'GET', '/crawl/v1/batch/{id}', `/crawl/v1/batch/${missing}`);
    await call(anon, 'GET', '/crawl/v1/batch/{id}', `/crawl/v1/batch/${missing}`);
    // Site crawls and maps (on their own coordinator, with a device and a local site)
    const siteApi = new ApiClient(sites.url, sites.apiKey);
    const siteAnon = new ApiClient(sites.url, null);
    const crawlNew = '/crawl/v1/crawl/new';
    const crawl = (await call(siteApi, 'POST', crawlNew, crawlNew, { url: `${site.url}/p/0`, max_pages: 2 }))
      .body as Obj;
    await call(siteApi, 'POST', crawlNew, crawlNew, { url: 'ftp://x/' });
    await call(siteAnon, 'POST', crawlNew, crawlNew, { url: `${site.url}/p/0` });
    for (const [template, suffix] of [
      ['/crawl/v1/crawl/{id}', ''],
      ['/crawl/v1/crawl/{id}/cancel', '/cancel'],
    ] as const) {
      const method = suffix ? 'POST' : 'GET';
      await call(siteApi, method, template, `/crawl/v1/crawl/${crawl.crawl_id}${suffix}`);
      await call(siteApi, method, template, `/crawl/v1/crawl/%zz${suffix}`);
      await call(siteApi, method, template, `/crawl/v1/crawl/${missing}${suffix}`);
      await call(siteAnon, method, template, `/crawl/v1/crawl/${missing}${suffix}`);
    }
    const mapped = (
      await call(siteApi, 'POST', '/crawl/v1/map', '/crawl/v1/map', { url: `${site.url}/p/0`, wait_sec: 30 })
    ).body as Obj;
    assert.equal(mapped.status, 'completed');
    // No time to wait: the map is still running (202).
    await call(siteApi, 'POST', '/crawl/v1/map', '/crawl/v1/map', { url: `${site.url}/p/1`, wait_sec: 0 });
    await call(siteApi, 'POST', '/crawl/v1/map', '/crawl/v1/map', { url: 'ftp://x/' });
    await call(siteAnon, 'POST', '/crawl/v1/map', '/crawl/v1/map', { url: `${site.url}/` });
    await call(siteApi, 'GET', '/crawl/v1/map/{id}', `/crawl/v1/map/${mapped.map_id}`);
    await call(siteApi, 'GET', '/crawl/v1/map/{id}', '/crawl/v1/map/%zz');
    await call(siteApi, 'GET', '/crawl/v1/map/{id}', `/crawl/v1/map/${missing}`);
    await call(siteAnon, 'GET', '/crawl/v1/map/{id}', `/crawl/v1/map/${missing}`);
    await call(api, 'GET', '/crawl/v1/sweep/{id}', `/crawl/v1/sweep/${sweep.sweep_id}`);
    await call(api, 'GET', '/crawl/v1/sweep/{id}', `/crawl/v1/sweep/${missing}`);
    await call(api, 'GET', '/crawl/v1/sweep/{id}', '/crawl/v1/sweep/%zz');
    await call(anon, 'GET', '/crawl/v1/sweep/{id}', `/crawl/v1/sweep/${missing}`);
    const report = new URL(sweep.report_url as string).pathname;
    await call(anon, 'GET', '/crawl/v1/sweep/{id}/report/{token}', report);
    await call(anon, 'GET', '/crawl/v1/sweep/{id}/report/{token}', `${report}x`);
    await call(anon, 'GET', '/crawl/v1/sweep/{id}/report/{token}', `${report}%zz`);
    const tryId = sweep.job_ids[0] as string;
    const tryJob = await store.getJob(tryId);
    assert.ok(tryJob);
    await local.put(contentKey(tryJob.ownerId, tryId, partName(1, 'screenshot')), PNG, 'image/png');
    await store.completeJob(
      tryId,
      resultRecord({ parts: { screenshot: PNG.length } }),
      new Date().toISOString(),
    );
    const shot = '/crawl/v1/sweep/{id}/report/{token}/screenshot/{jobId}';
    await call(anon, 'GET', shot, `${report}/screenshot/${tryId}`);
    await call(anon, 'GET', shot, `${report}/screenshot/${missing}`);
    await call(anon, 'GET', shot, `${report}/screenshot/%zz`);
    await call(admin, 'GET', '/crawl/v1/devices', '/crawl/v1/devices?connected=true');
    await call(admin, 'GET', '/crawl/v1/devices', '/crawl/v1/devices?connected=maybe');
    await call(api, 'GET', '/crawl/v1/devices', '/crawl/v1/devices');
    await call(anon, 'GET', '/crawl/v1/devices', '/crawl/v1/devices');
    // Usage, and a key over its per-minute limit
    await call(api, 'GET', '/crawl/v1/usage', '/crawl/v1/usage');
    await call(anon, 'GET', '/crawl/v1/usage', '/crawl/v1/usage');
    const limited = await createApiKey(c.coordinator.store, { name: 'limited' });
    await c.coordinator.store.limits.setApiKeyLimits(limited.record.id, { requestsPerMinute: 1 });
    const limitedApi = new ApiClient(c.url, limited.key);
    // Three calls under a limit of one: even across a minute's edge one of them is refused.
    for (let i = 0; i < 3; i++) await call(limitedApi, 'GET', '/crawl/v1/usage', '/crawl/v1/usage');
    for (const path of ['/crawl/v1/crawl/new', '/crawl/v1/map']) {
      for (let i = 0; i < 3; i++)
        await call(limitedApi, 'POST', path, path, { url: 'https://x.test/', wait_sec: 0 });
    }
    // A batch's 429 is the key's request limit (its jobs are answered one by one inside the 201).
    for (let i = 0; i < 3; i++) {
      await call(limitedApi, 'POST', '/crawl/v1/batch/new', '/crawl/v1/batch/new', {
        jobs: [{ url: 'https://x.test/' }],
      });
    }

    // Idempotent submits (the queue here is full by now, so the keys are held in the store as a
    // running first request holds them): the same request under a held key is 409, another is 422.
    const ownerId =
      (await c.coordinator.store.listApiKeys()).find((k) => !k.admin && k.name === 'test')?.ownerId ?? '';
    for (const [template, body, otherBody] of [
      ['/crawl/v1/new', { url: 'http://198.51.100.3/idem' }, null],
      [
        '/crawl/v1/sweep/new',
        { url: 'http://198.51.100.3/idem', regions: ['EU'], tries_per_region: 1 },
        null,
      ],
      ['/crawl/v1/batch/new', { jobs: [{ url: 'http://198.51.100.3/idem' }] }, null],
      ['/crawl/v1/measure/new', { type: 'dns', target: 'idem.test' }, { type: 'dns', target: 'other.test' }],
    ] as const) {
      await c.coordinator.store.idempotency.begin(
        {
          ownerId,
          key: `held-${template}`,
          requestHash: requestHashOf('POST', template, body),
          resourceId: missing,
          statusCode: null,
          response: null,
          createdAtMs: Date.now(),
        },
        86_400_000,
      );
      const held = { 'idempotency-key': `held-${template}` };
      assert.equal((await call(api, 'POST', template, template, body, held)).status, 409);
      const other = otherBody ?? { ...body, url: 'http://198.51.100.4/other' };
      assert.equal((await call(api, 'POST', template, template, other, held)).status, 422);
    }

    // Cancels (the queue's room is no longer needed): a waiting job, then again (ended: 409), a
    // completed job (409); a batch (the one above accepted no job: nothing to cancel).
    const cancelJob = '/crawl/v1/jobs/{id}/cancel';
    await call(api, 'POST', cancelJob, `/crawl/v1/jobs/${fill.job_id}/cancel`);
    await call(api, 'POST', cancelJob, `/crawl/v1/jobs/${fill.job_id}/cancel`);
    await call(api, 'POST', cancelJob, `/crawl/v1/jobs/${done.job_id}/cancel`);
    const cancelBatch = '/crawl/v1/batch/{id}/cancel';
    await call(api, 'POST', cancelBatch, `/crawl/v1/batch/${batch.batch_id}/cancel`);
    for (const [template, base] of [
      [cancelJob, '/crawl/v1/jobs'],
      [cancelBatch, '/crawl/v1/batch'],
    ] as const) {
      await call(api, 'POST', template, `${base}/${missing}/cancel`);
      await call(api, 'POST', template, `${base}/%zz/cancel`);
      await call(anon, 'POST', template, `${base}/${missing}/cancel`);
    }

    // Sessions
    const s = (
      await call(api, 'POST', '/crawl/v1/session/new', '/crawl/v1/session/new', { duration_seconds: 60 })
    ).body as Obj;
    await call(api, 'POST', '/crawl/v1/session/new', '/crawl/v1/session/new', { duration_seconds: 0 });
    await call(anon, 'POST', '/crawl/v1/session/new', '/crawl/v1/session/new', {});
    for (const [method, template, suffix] of [
      ['GET', '/crawl/v1/session/{id}', ''],
      ['GET', '/crawl/v1/session/{id}/jobs', '/jobs'],
      ['POST', '/crawl/v1/session/{id}/close', '/close'],
    ] as const) {
      await call(api, method, template, `/crawl/v1/session/${s.id}${suffix}`);
      await call(api, method, template, `/crawl/v1/session/${missing}${suffix}`);
      await call(api, method, template, `/crawl/v1/session/%zz${suffix}`);
      await call(anon, method, template, `/crawl/v1/session/${s.id}${suffix}`);
    }

    // Push: the default webhook, the delivery log, and the event streams (200 checked on the head).
    await call(api, 'PUT', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default', {});
    await call(api, 'PUT', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default', { url: 5 });
    await call(anon, 'PUT', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default', {});
    await call(api, 'GET', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default');
    await call(anon, 'GET', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default');
    await call(api, 'GET', '/crawl/v1/webhooks/deliveries', '/crawl/v1/webhooks/deliveries?limit=5');
    await call(api, 'GET', '/crawl/v1/webhooks/deliveries', '/crawl/v1/webhooks/deliveries?limit=0');
    await call(
      api,
      'GET',
      '/crawl/v1/webhooks/deliveries',
      `/crawl/v1/webhooks/deliveries?job_id=${randomUUID()}`,
    );
    await call(api, 'GET', '/crawl/v1/webhooks/deliveries', '/crawl/v1/webhooks/deliveries?sweep_id=x');
    await call(anon, 'GET', '/crawl/v1/webhooks/deliveries', '/crawl/v1/webhooks/deliveries');
    // Recurring sweeps and measurements: the same calls under each kind's path.
    for (const [sched, body] of [
      ['/crawl/v1/sweep/schedule', { url: 'https://x.test/' }],
      ['/crawl/v1/measure/schedule', { type: 'dns', target: 'x.test' }],
    ] as const) {
      const made = (await call(api, 'POST', sched, sched, { ...body, cron: '0 * * * *' })).body as Obj;
      await call(api, 'POST', sched, sched, { ...body, cron: 'bad' });
      await call(anon, 'POST', sched, sched, { ...body, cron: '0 * * * *' });
      await call(api, 'GET', sched, sched);
      await call(anon, 'GET', sched, sched);
      await call(api, 'GET', `${sched}/{id}`, `${sched}/${made.schedule_id}?runs=5`);
      await call(api, 'GET', `${sched}/{id}`, `${sched}/${made.schedule_id}?runs=many`);
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/pause'],
        ['POST', '/resume'],
        ['DELETE', ''],
      ] as const) {
        const template = `${sched}/{id}${suffix}`;
        const at = (id: string) => `${sched}/${id}${suffix}`;
        await call(api, method, template, at(missing));
        await call(api, method, template, at('%zz'));
        await call(anon, method, template, at(missing));
      }
      await call(api, 'POST', `${sched}/{id}/pause`, `${sched}/${made.schedule_id}/pause`);
      await call(api, 'POST', `${sched}/{id}/resume`, `${sched}/${made.schedule_id}/resume`);
      await call(api, 'DELETE', `${sched}/{id}`, `${sched}/${made.schedule_id}`);
    }
    const streamHead = async (template: string, path: string) => {
      const abort = new AbortController();
      const res = await fetch(`${c.url}${path}`, {
        headers: { authorization: `Bearer ${c.apiKey}` },
        signal: abort.signal,
      });
      check('GET', template, {
        status: res.status,
        body: null,
        text: '',
        type: res.headers.get('content-type'),
      });
      abort.abort();
    };
    await streamHead('/crawl/v1/events', '/crawl/v1/events');
    await call(anon, 'GET', '/crawl/v1/events', '/crawl/v1/events');
    for (const [template, live] of [
      ['/crawl/v1/jobs/{id}/events', `/crawl/v1/jobs/${job.job_id}/events`],
      ['/crawl/v1/sweep/{id}/events', `/crawl/v1/sweep/${sweep.sweep_id}/events`],
      ['/crawl/v1/measure/{id}/events', `/crawl/v1/measure/${measurement.id}/events`],
    ] as const) {
      await streamHead(template, live);
      const at = (id: string) => template.replace('{id}', id);
      await call(api, 'GET', template, at(missing));
      await call(api, 'GET', template, at('%zz'));
      await call(anon, 'GET', template, at(missing));
    }

    // 500: every keyed route on a coordinator whose store is gone.
    await broken.coordinator.store.close();
    const down = new ApiClient(broken.url, broken.apiKey);
    for (const [method, template, path, body] of [
      ['POST', '/crawl/v1/new', '/crawl/v1/new', { url: 'https://x.test/' }],
      ['POST', '/crawl/v1/jobs/batch/status', '/crawl/v1/jobs/batch/status', { job_ids: [] }],
      ['POST', '/crawl/v1/batch/new', '/crawl/v1/batch/new', { jobs: [{ url: 'https://x.test/' }] }],
      ['GET', '/crawl/v1/batch/{id}', `/crawl/v1/batch/${missing}`],
      ['POST', '/crawl/v1/batch/{id}/cancel', `/crawl/v1/batch/${missing}/cancel`],
      ['POST', '/crawl/v1/jobs/{id}/cancel', `/crawl/v1/jobs/${missing}/cancel`],
      ['GET', '/crawl/v1/status/{id}', `/crawl/v1/status/${missing}`],
      ['GET', '/crawl/v1/jobs/{id}/detail', `/crawl/v1/jobs/${missing}/detail`],
      ['GET', '/crawl/v1/jobs/{id}/download', `/crawl/v1/jobs/${missing}/download`],
      ['GET', '/crawl/v1/jobs/{id}/screenshot', `/crawl/v1/jobs/${missing}/screenshot`],
      ['POST', '/crawl/v1/sweep/new', '/crawl/v1/sweep/new', { url: 'https://x.test/' }],
      ['GET', '/crawl/v1/sweep/{id}', `/crawl/v1/sweep/${missing}`],
      ['GET', '/crawl/v1/sweep/{id}/report/{token}', `/crawl/v1/sweep/${missing}/report/t`],
      ['GET', shot, `/crawl/v1/sweep/${missing}/report/t/screenshot/${missing}`],
      ['GET', '/crawl/v1/devices', '/crawl/v1/devices'],
      ['GET', '/crawl/v1/usage', '/crawl/v1/usage'],
      [
        'POST',
        '/crawl/v1/sweep/schedule',
        '/crawl/v1/sweep/schedule',
        { url: 'https://x.test/', cron: '0 * * * *' },
      ],
      ['GET', '/crawl/v1/sweep/schedule', '/crawl/v1/sweep/schedule'],
      ['GET', '/crawl/v1/sweep/schedule/{id}', `/crawl/v1/sweep/schedule/${missing}`],
      ['POST', '/crawl/v1/sweep/schedule/{id}/pause', `/crawl/v1/sweep/schedule/${missing}/pause`],
      ['POST', '/crawl/v1/sweep/schedule/{id}/resume', `/crawl/v1/sweep/schedule/${missing}/resume`],
      ['DELETE', '/crawl/v1/sweep/schedule/{id}', `/crawl/v1/sweep/schedule/${missing}`],
      [
        'POST',
        '/crawl/v1/measure/schedule',
        '/crawl/v1/measure/schedule',
        { type: 'dns', target: 'x.test', cron: '0 * * * *' },
      ],
      ['GET', '/crawl/v1/measure/schedule', '/crawl/v1/measure/schedule'],
      ['GET', '/crawl/v1/measure/schedule/{id}', `/crawl/v1/measure/schedule/${missing}`],
      ['POST', '/crawl/v1/measure/schedule/{id}/pause', `/crawl/v1/measure/schedule/${missing}/pause`],
      ['POST', '/crawl/v1/measure/schedule/{id}/resume', `/crawl/v1/measure/schedule/${missing}/resume`],
      ['DELETE', '/crawl/v1/measure/schedule/{id}', `/crawl/v1/measure/schedule/${missing}`],
      ['POST', '/crawl/v1/session/new', '/crawl/v1/session/new', {}],
      ['GET', '/crawl/v1/session/{id}', `/crawl/v1/session/${missing}`],
      ['GET', '/crawl/v1/session/{id}/jobs', `/crawl/v1/session/${missing}/jobs`],
      ['POST', '/crawl/v1/session/{id}/close', `/crawl/v1/session/${missing}/close`],
      ['GET', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default'],
      ['PUT', '/crawl/v1/webhooks/default', '/crawl/v1/webhooks/default', {}],
      ['GET', '/crawl/v1/webhooks/deliveries', '/crawl/v1/webhooks/deliveries'],
      ['GET', '/crawl/v1/events', '/crawl/v1/events'],
      ['GET', '/crawl/v1/jobs/{id}/events', `/crawl/v1/jobs/${missing}/events`],
      ['GET', '/crawl/v1/sweep/{id}/events', `/crawl/v1/sweep/${missing}/events`],
      ['POST', '/crawl/v1/measure/new', '/crawl/v1/measure/new', { type: 'dns', target: 'x.test' }],
      ['GET', '/crawl/v1/measure/{id}', `/crawl/v1/measure/${missing}`],
      ['GET', '/crawl/v1/measure/{id}/events', `/crawl/v1/measure/${missing}/events`],
      ['POST', '/crawl/v1/crawl/new', '/crawl/v1/crawl/new', { url: 'https://x.test/' }],
      ['GET', '/crawl/v1/crawl/{id}', `/crawl/v1/crawl/${missing}`],
      ['POST', '/crawl/v1/crawl/{id}/cancel', `/crawl/v1/crawl/${missing}/cancel`],
      ['POST', '/crawl/v1/map', '/crawl/v1/map', { url: 'https://x.test/', wait_sec: 0 }],
      ['GET', '/crawl/v1/map/{id}', `/crawl/v1/map/${missing}`],
    ] as const) {
      const res = await call(down, method, template, path, body);
      assert.equal(res.status, 500, `${method} ${path}`);
    }

    // Every status the spec lists was seen.
    const listed: string[] = [];
    for (const [template, ops] of Object.entries(spec.paths as Obj)) {
      for (const [method, op] of Object.entries(ops as Obj)) {
        for (const status of Object.keys((op as Obj).responses)) {
          listed.push(`${method.toUpperCase()} ${template} ${status}`);
        }
      }
    }
    const unseen = listed.filter((k) => !covered.has(k));
    assert.deepEqual(unseen, [], `statuses in the spec no test answer produced: ${unseen.join(', ')}`);
  });
});
