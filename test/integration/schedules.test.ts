// Recurring sweeps on SQLite: the API (make, list, read, pause, resume, delete; validation; owners
// kept apart), the quota a firing spends, and the diff between two runs: a local target starts
// answering 451 to one region's device, and the next run's changes, its report page and its
// sweep.schedule_run webhook name that region and nothing else. Agents run in this process with an
// executor that plays CRAWL_FULL_PAGE with a plain GET (no browser needed to see a status change).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { HttpExecutor } from '../../agent/executors/http.js';
import type { ExecContext, ExecOutcome, ExecRequest, Executor } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { runCli } from '../../cli/program.js';
import { createApiKey, setDefaultWebhook } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const NOT_FOUND = 'not found: job does not exist or you are not authorized to view it';
const BASE = '/crawl/v1/sweep/schedule';

/** CRAWL_FULL_PAGE as a plain GET that tells the target which region asks. */
class PageAsGet implements Executor {
  readonly methods = ['CRAWL_FULL_PAGE'];
  private readonly inner = new HttpExecutor({
    policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
    maxBodyBytes: 1_000_000,
  });
  constructor(private readonly region: string) {}
  execute(req: ExecRequest, ctx: ExecContext): Promise<ExecOutcome> {
    const headers = [...req.headers, { name: 'x-region', value: this.region }];
    return this.inner.execute({ ...req, method: 'GET', headers }, ctx);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Polls the schedule as a client does until `done` holds. */
async function waitSchedule(
  api: ApiClient,
  id: string,
  done: (s: Obj) => boolean,
  what: string,
): Promise<Obj> {
  const until = Date.now() + 20_000;
  for (;;) {
    const res = await api.request('GET', `${BASE}/${id}?runs=50`);
    assert.equal(res.status, 200, res.text);
    if (done(res.body as Obj)) return res.body as Obj;
    if (Date.now() > until) throw new Error(`${what}: ${res.text.slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const settled = (s: Obj) =>
  (s.runs as Obj[]).every(
    (r) => r.status === 'skipped' || (r.status === 'submitted' && r.sweep_status !== 'running'),
  );

describe('sweep schedules API', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    c = await startTestCoordinator({ flags: ['--max-schedules-per-owner', '3'] });
    api = new ApiClient(c.url, c.apiKey);
  });
  after(() => c?.stop());

  test('make, list, read, pause, resume and delete, one owner at a time', async () => {
    const made = await api.request('POST', BASE, {
      cron: '0 9 * * 1',
      timezone: 'Europe/Paris',
      url: 'https://a.example/',
      regions: ['eu', 'NA'],
      tries_per_region: 2,
    });
    assert.equal(made.status, 201, made.text);
    const s = made.body as Obj;
    assert.match(s.schedule_id, /^[0-9a-f-]{36}$/);
    assert.equal(s.cron, '0 9 * * 1');
    assert.equal(s.timezone, 'Europe/Paris');
    assert.equal(s.paused, false);
    assert.deepEqual(s.sweep, {
      url: 'https://a.example/',
      regions: ['EU', 'NA'],
      tries_per_region: 2,
      timeout_sec: 60,
      device_type: 'mobile',
    });
    // Monday 09:00 in Paris is 07:00 or 08:00 UTC.
    const next = new Date(s.next_run_at);
    assert.equal(next.getUTCDay(), 1);
    assert.ok([7, 8].includes(next.getUTCHours()) && next.getUTCMinutes() === 0, s.next_run_at);

    const list = await api.request('GET', BASE);
    assert.equal(list.status, 200);
    assert.deepEqual((list.body as Obj).schedules, [s]);
    const got = await api.request('GET', `${BASE}/${s.schedule_id}`);
    assert.deepEqual(got.body, { ...s, runs: [] });

    const paused = await api.request('POST', `${BASE}/${s.schedule_id}/pause`);
    assert.equal(paused.status, 200, paused.text);
    assert.equal((paused.body as Obj).paused, true);
    assert.equal((paused.body as Obj).next_run_at, null);
    const resumed = await api.request('POST', `${BASE}/${s.schedule_id}/resume`);
    assert.equal((resumed.body as Obj).paused, false);
    assert.equal((resumed.body as Obj).next_run_at, s.next_run_at);

    // Another owner sees none of it, and cannot touch it.
    const other = new ApiClient(c.url, await c.newKey());
    assert.deepEqual((await other.request('GET', BASE)).body, { schedules: [] });
    for (const [method, path] of [
      ['GET', `${BASE}/${s.schedule_id}`],
      ['POST', `${BASE}/${s.schedule_id}/pause`],
      ['POST', `${BASE}/${s.schedule_id}/resume`],
      ['DELETE', `${BASE}/${s.schedule_id}`],
      ['GET', `${BASE}/not-a-uuid`],
    ] as const) {
      const res = await other.request(method, path);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body, NOT_FOUND);
    }
    const anon = await new ApiClient(c.url, null).request('GET', BASE);
    assert.equal(anon.status, 401);

    const gone = await api.request('DELETE', `${BASE}/${s.schedule_id}`);
    assert.equal(gone.status, 204);
    assert.equal((await api.request('GET', `${BASE}/${s.schedule_id}`)).status, 404);
    assert.equal((await api.request('DELETE', `${BASE}/${s.schedule_id}`)).status, 404);
    assert.deepEqual((await api.request('GET', BASE)).body, { schedules: [] });
  });

  test('bad requests answer 400 naming the field; the count and interval are bounded', async () => {
    const ok = { url: 'https://a.example/', cron: '*/5 * * * *' };
    const bad: Array<[unknown, RegExp]> = [
      [{ url: 'https://a.example/' }, /^invalid request: cron is required$/],
      [{ ...ok, cron: 5 }, /^invalid request: cron/],
      [{ ...ok, cron: 'every day' }, /^invalid request: cron must have 5 fields/],
      [
        { ...ok, cron: '*'.repeat(201) },
        /^invalid request: cron must be a cron expression of 1 to 200 characters$/,
      ],
      [{ ...ok, cron: '61 * * * *' }, /^invalid request: cron: .*minute/i],
      [{ ...ok, cron: '0 0 30 2 *' }, /^invalid request: cron: the expression never fires$/],
      [
        { ...ok, cron: '*/10 * * * * *' },
        /^invalid request: cron fires more often than the minimum interval of 60 s \(10 s between two firings\)$/,
      ],
      [
        { ...ok, timezone: 'Mars/Olympus' },
        /^invalid request: timezone: "Mars\/Olympus" is not an IANA time zone$/,
      ],
      [{ ...ok, paused: 'yes' }, /^invalid request: paused/],
      [{ cron: ok.cron }, /^invalid request: url is required$/],
      [{ ...ok, regions: ['MARS'] }, /^invalid request: regions: "MARS" is not one of/],
      [
        { ...ok, tries_per_region: 11 },
        /^invalid request: tries_per_region must be an integer from 1 to 10$/,
      ],
      [{ ...ok, webhook: { url: 'https://hooks.example/x', events: ['nope'] } }, /^invalid request: webhook/],
    ];
    for (const [body, message] of bad) {
      const res = await api.request('POST', BASE, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.text}`);
      assert.match(res.body as string, message, JSON.stringify(body));
    }
    const runs = await api.request('GET', `${BASE}/${crypto.randomUUID()}?runs=51`);
    assert.equal(runs.status, 400);
    assert.equal(runs.body, 'invalid request: runs must be an integer from 0 to 50');

    const owner = new ApiClient(c.url, await c.newKey());
    for (let i = 0; i < 3; i++) assert.equal((await owner.request('POST', BASE, ok)).status, 201);
    const fourth = await owner.request('POST', BASE, ok);
    assert.equal(fourth.status, 400);
    assert.equal(
      fourth.body,
      'invalid request: this key already has 3 schedules, the most allowed; delete one first',
    );
  });
});

/** `crawl ARGS` in this process against the coordinator. */
async function crawl(
  c: TestCoordinator,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const home = tempDir('sched-cli');
  const code = await runCli(args, {
    stdout: { write: (d) => (stdout += String(d)) },
    stderr: { write: (d) => (stderr += String(d)) },
    env: { HOME: home, CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey },
    homeDir: home,
    interrupt: new AbortController().signal,
    readFile: (p) => readFile(p),
    writeFile: (p, data) => writeFile(p, data),
  });
  return { code, stdout, stderr };
}

describe('crawl schedule', () => {
  let c: TestCoordinator;
  before(async () => {
    c = await startTestCoordinator();
  });
  after(() => c?.stop());

  test('new, list, get, pause, resume and delete from the command line', async () => {
    const made = await crawl(c, [
      'schedule',
      'new',
      'https://a.example/',
      '--cron',
      '30 6 * * *',
      '--timezone',
      'America/New_York',
      '--regions',
      'eu,na',
      '--tries',
      '2',
    ]);
    assert.equal(made.code, 0, made.stderr);
    const id = made.stdout.trim();
    assert.match(id, /^[0-9a-f-]{36}$/);
    assert.match(made.stderr, /^next run: \d{4}-\d\d-\d\dT1[01]:30:00\.000Z$/m);
    const list = await crawl(c, ['schedule', 'list']);
    assert.match(list.stdout, new RegExp(`${id}\\s+30 6 \\* \\* \\*\\s+America/New_York\\s+false`));
    const got = await crawl(c, ['--json', 'schedule', 'get', id, '--runs', '5']);
    const detail = JSON.parse(got.stdout) as Obj;
    assert.deepEqual(detail.sweep.regions, ['EU', 'NA']);
    assert.deepEqual(detail.runs, []);
    const paused = await crawl(c, ['schedule', 'pause', id]);
    assert.match(paused.stdout, /paused\s+true/);
    const resumed = await crawl(c, ['--json', 'schedule', 'resume', id]);
    assert.equal((JSON.parse(resumed.stdout) as Obj).paused, false);
    assert.equal((await crawl(c, ['schedule', 'delete', id])).code, 0);
    const gone = await crawl(c, ['schedule', 'get', id]);
    assert.notEqual(gone.code, 0);
    assert.match(gone.stderr, /not found/);
    const bad = await crawl(c, ['schedule', 'new', 'https://a.example/', '--cron', '* * * * * *']);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /minimum interval/);
  });
});

describe('scheduled runs on SQLite', () => {
  let c: TestCoordinator;
  let target: http.Server;
  let targetUrl: string;
  let receiver: WebhookReceiver;
  let phase = 1;
  const agents: Array<{ stop(): Promise<void> }> = [];

  before(async () => {
    target = http.createServer((req, res) => {
      const refused = phase === 2 && req.headers['x-region'] === 'EU';
      res.writeHead(refused ? 451 : 200, { 'content-type': 'text/html' });
      res.end(refused ? '<title>Unavailable</title>gone' : `<title>Page</title>${'hello '.repeat(200)}`);
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/page`;
    receiver = await startWebhookReceiver('accept');
    c = await startTestCoordinator({
      flags: [
        '--schedule-min-interval',
        '1s',
        '--webhook-allow-cidrs',
        '127.0.0.0/8',
        '--webhook-retry-base-ms',
        '50',
      ],
    });
    for (const [id, country, region] of [
      ['sched-eu', 'DE', 'EU'],
      ['sched-na', 'US', 'NA'],
    ] as const) {
      const token = await c.newDevice(id);
      agents.push(
        await startTestAgent({
          deviceId: id,
          token,
          coordinators: [c.url],
          country,
          executors: [new PageAsGet(region)],
        }),
      );
    }
  });
  after(async () => {
    for (const a of agents) await a.stop();
    await c?.stop();
    await receiver?.close();
    target?.closeAllConnections();
    target?.close();
  });

  test('the run after the target changed reports it for that region only: API, report page, webhook', async () => {
    const { key, record } = await createApiKey(c.coordinator.store);
    const secret = (
      await setDefaultWebhook(c.coordinator.store, record.ownerId, {
        url: receiver.url,
        events: ['sweep.schedule_run'],
      })
    ).secret as string;
    const api = new ApiClient(c.url, key);
    const made = await api.request('POST', BASE, {
      cron: '* * * * * *',
      url: targetUrl,
      regions: ['EU', 'NA'],
      tries_per_region: 1,
      timeout_sec: 10,
      device_type: 'desktop',
    });
    assert.equal(made.status, 201, made.text);
    const id = (made.body as Obj).schedule_id as string;
    const submitted = (s: Obj) => (s.runs as Obj[]).filter((r) => r.status === 'submitted');

    // Two runs of the first answer, then stop and let them finish.
    await waitSchedule(
      api,
      id,
      (s) => submitted(s).filter((r) => r.sweep_status === 'completed').length >= 2,
      'two runs',
    );
    assert.equal((await api.request('POST', `${BASE}/${id}/pause`)).status, 200);
    const before = await waitSchedule(api, id, settled, 'runs settle');
    const first = submitted(before);
    assert.equal(first.at(-1)?.changes, null, 'the first run has nothing to compare with');
    for (const run of first.slice(0, -1)) {
      assert.deepEqual(run.changes.changed_regions, [], JSON.stringify(run.changes));
      assert.equal(run.changes.complete, true);
    }

    phase = 2;
    assert.equal((await api.request('POST', `${BASE}/${id}/resume`)).status, 200);
    const latestBefore = first[0]?.sweep_id;
    const after = await waitSchedule(
      api,
      id,
      (s) => {
        const r = submitted(s)[0];
        return r !== undefined && r.sweep_id !== latestBefore && r.sweep_status !== 'running';
      },
      'a run after the change',
    );
    await api.request('POST', `${BASE}/${id}/pause`);
    const newest = submitted(after)[0] as Obj;
    assert.equal(newest.changes.previous_sweep_id, latestBefore);
    assert.deepEqual(newest.changes.changed_regions, ['EU']);
    assert.equal(newest.changes.regions.NA.changed, false);
    const eu = newest.changes.regions.EU.changes as Obj[];
    assert.deepEqual(
      eu.find((x) => x.field === 'http_status'),
      { field: 'http_status', before: [200], after: [451] },
    );
    assert.ok(
      eu.some((x) => x.field === 'size_bytes'),
      JSON.stringify(eu),
    );

    // The run's report page shows the same.
    const page = await (await fetch(newest.report_url)).text();
    assert.match(page, /id="changes"/);
    assert.match(page, /data-region="EU" data-changed="true"/);
    assert.match(page, /data-region="NA" data-changed="false"/);
    assert.match(page, /HTTP status: 200 → 451/);

    // And its webhook, signed with the owner's secret.
    const verifier = new Webhook(secret);
    const until = Date.now() + 15_000;
    let event: Obj | undefined;
    while (!event) {
      event = receiver.received
        .map((r) => verifier.verify(r.body, r.headers) as Obj)
        .find((e) => e.data.schedule_run.sweep_id === newest.sweep_id);
      if (!event) {
        assert.ok(Date.now() < until, 'no sweep.schedule_run event for the run');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    assert.equal(event.type, 'sweep.schedule_run');
    assert.equal(event.data.schedule_run.schedule_id, id);
    assert.equal(event.data.schedule_run.report_url, newest.report_url);
    assert.deepEqual(event.data.schedule_run.changed_regions, ['EU']);
    await api.request('DELETE', `${BASE}/${id}`);
  });

  test('firings missed while no coordinator ran are run once, then the schedule goes on from now', async () => {
    const { key, record } = await createApiKey(c.coordinator.store);
    const id = crypto.randomUUID();
    const missedMs = Date.now() - 3 * 3_600_000 - 60_000;
    // As a store left by coordinators that stopped three hours (three hourly firings) ago.
    await c.coordinator.store.schedules.insertSchedule({
      id,
      ownerId: record.ownerId,
      keyId: record.id,
      cron: '0 * * * *',
      timezone: 'UTC',
      template: { url: targetUrl, regions: ['NA'], triesPerRegion: 1, timeoutSec: 10, deviceType: 'desktop' },
      webhook: null,
      paused: false,
      nextRunMs: missedMs,
      createdAt: new Date(missedMs).toISOString(),
    });
    c.coordinator.services.schedules.wake();
    const api = new ApiClient(c.url, key);
    const s = await waitSchedule(
      api,
      id,
      (x) => (x.runs as Obj[]).length > 0 && settled(x),
      'the catch-up run',
    );
    const runs = s.runs as Obj[];
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.scheduled_for, new Date(missedMs).toISOString());
    assert.equal(runs[0]?.status, 'submitted');
    const next = Date.parse(s.next_run_at);
    assert.ok(next > Date.now() && next <= Date.now() + 3_600_000, s.next_run_at);
    assert.equal(new Date(next).getUTCMinutes(), 0);
    await api.request('DELETE', `${BASE}/${id}`);
  });

  test('a firing over the key’s sweeps per day is skipped with the reason; delete stops firing', async () => {
    const { key, record } = await createApiKey(c.coordinator.store);
    await c.coordinator.store.limits.setApiKeyLimits(record.id, { sweepsPerDay: 1 });
    const api = new ApiClient(c.url, key);
    const made = await api.request('POST', BASE, {
      cron: '* * * * * *',
      url: targetUrl,
      regions: ['NA'],
      tries_per_region: 1,
      device_type: 'desktop',
    });
    const id = (made.body as Obj).schedule_id as string;
    const s = await waitSchedule(api, id, (x) => (x.runs as Obj[]).length >= 3, 'three firings');
    const runs = [...(s.runs as Obj[])].reverse();
    assert.equal(runs[0]?.status, 'submitted');
    assert.equal(runs[1]?.status, 'skipped');
    assert.equal(
      runs[1]?.reason,
      'too many requests: this API key is over its sweeps per day, please retry later',
    );
    assert.equal(runs[1]?.sweep_id, null);
    assert.equal((await api.request('DELETE', `${BASE}/${id}`)).status, 204);
    assert.deepEqual(await c.coordinator.store.schedules.listRuns(id, 10), []);
    assert.equal(await c.coordinator.store.schedules.getSchedule(id), null);
  });
});
