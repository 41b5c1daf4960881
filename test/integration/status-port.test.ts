// The agent's loopback status port, the `crawl-agent status` CLI against it, and the systemd notifier
// (with a stand-in `systemd-notify` on PATH that records its arguments).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  type AgentStatus,
  createSystemdNotifier,
  renderMetrics,
  type StatusServer,
  type StatusSource,
  startStatusServer,
} from '../../agent/status/index.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));

function snapshot(): AgentStatus {
  return {
    version: '0.1.0',
    deviceId: 'dev-status-1',
    link: {
      state: 'connected',
      since: new Date(Date.now() - 125_000).toISOString(),
      coordinatorUrl: 'wss://coordinator.test/agent/v1/link',
      lastError: null,
    },
    capabilities: { methods: ['GET', 'POST', 'SOLANA_JSON_RPC'], maxConcurrent: 4, browserVersion: null },
    location: { country: 'DE', region: 'EU', city: 'Berlin' },
    deviceType: 'server',
    networkType: 'ethernet',
    runningJobs: [
      { jobId: 'job-aaaa', attempt: 1, method: 'GET', url: 'https://example.test/', ageMs: 1_500 },
      {
        jobId: 'job-bbbbbbbb',
        attempt: 2,
        method: 'SOLANA_JSON_RPC',
        url: 'https://rpc.test/',
        ageMs: 65_000,
      },
    ],
    spool: { depth: 3, bytes: 5 * 1024 * 1024, maxBytes: 256 * 1024 * 1024 },
    counters: { GET: { success: 10, timeout: 2 }, 'we"ird\\': { dns: 1 } },
    browser: { state: 'none', version: null },
    startedAt: new Date(Date.now() - 3_725_000).toISOString(),
    uptimeMs: 3_725_000,
  };
}

/** A status source whose health and failure the test flips. */
function source(): StatusSource & {
  isHealthy: boolean;
  broken: boolean;
  current: AgentStatus;
  served: AgentStatus | null;
} {
  return {
    isHealthy: true,
    broken: false,
    current: snapshot(),
    served: null,
    snapshot() {
      if (this.broken) throw new Error('source broke');
      // The link age is read against the clock when the CLI prints, so `since` is placed at
      // answer time: a slow CLI start must not turn "2m 5s" into "2m 6s".
      const since = new Date(Date.now() - 125_000).toISOString();
      this.served = { ...this.current, link: { ...this.current.link, since } };
      return this.served;
    },
    healthy() {
      return this.isHealthy;
    },
  };
}

describe('status port', () => {
  const src = source();
  let server: StatusServer;
  before(async () => {
    server = await startStatusServer({ host: '127.0.0.1', port: 0, source: src });
  });
  after(async () => {
    await server.close();
  });

  it('serves the snapshot as JSON on /status', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/status`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    const body = (await res.json()) as AgentStatus;
    assert.deepEqual(body, src.served);
    for (const key of [
      'version',
      'deviceId',
      'link',
      'capabilities',
      'location',
      'deviceType',
      'networkType',
    ]) {
      assert.ok(key in body, key);
    }
    for (const key of ['runningJobs', 'spool', 'counters', 'browser', 'startedAt', 'uptimeMs']) {
      assert.ok(key in body, key);
    }
  });

  it('serves Prometheus text on /metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const line of [
      'crawl_agent_up 1',
      'crawl_agent_link_connected 1',
      'crawl_agent_running_jobs 2',
      'crawl_agent_spool_depth 3',
      `crawl_agent_spool_bytes ${5 * 1024 * 1024}`,
      'crawl_agent_jobs_total{method="GET",outcome="success"} 10',
      'crawl_agent_jobs_total{method="GET",outcome="timeout"} 2',
      'crawl_agent_jobs_total{method="we\\"ird\\\\",outcome="dns"} 1',
      'crawl_agent_uptime_seconds 3725',
      '# TYPE crawl_agent_jobs_total counter',
      '# TYPE crawl_agent_link_connected gauge',
    ]) {
      assert.ok(text.split('\n').includes(line), `missing: ${line}\n${text}`);
    }
    assert.ok(text.endsWith('\n'));
  });

  it('reports link state in the gauge', () => {
    const draining = { ...snapshot(), link: { ...snapshot().link, state: 'draining' as const } };
    assert.ok(renderMetrics(draining).includes('\ncrawl_agent_link_connected 0\n'));
  });

  it('answers /healthz from the source: ok, unhealthy, failing', async () => {
    let res = await fetch(`${server.url}/healthz`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'ok\n');
    src.isHealthy = false;
    res = await fetch(`${server.url}/healthz`);
    assert.equal(res.status, 503);
    await res.text();
    src.isHealthy = true;
    src.broken = true;
    res = await fetch(`${server.url}/status`);
    assert.equal(res.status, 503);
    await res.text();
    src.broken = false;
  });

  it('answers 404 for other paths and 405 for other methods', async () => {
    const missing = await fetch(`${server.url}/nope`);
    assert.equal(missing.status, 404);
    await missing.text();
    const post = await fetch(`${server.url}/status`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    await post.text();
  });

  it('refuses a non-loopback host unless forced', async () => {
    await assert.rejects(startStatusServer({ host: '0.0.0.0', port: 0, source: src }), {
      name: 'StatusError',
      code: 'STATUS_ADDR_NOT_LOOPBACK',
    });
    await assert.rejects(startStatusServer({ host: '192.0.2.1', port: 0, source: src }), {
      code: 'STATUS_ADDR_NOT_LOOPBACK',
    });
  });

  it('closes safely twice', async () => {
    const extra = await startStatusServer({ host: '127.0.0.1', port: 0, source: src });
    await Promise.all([extra.close(), extra.close()]);
    await extra.close();
    await assert.rejects(fetch(`${extra.url}/healthz`));
  });
});

describe('crawl-agent status (CLI)', () => {
  const src = source();
  let server: StatusServer;
  let addr: string;
  before(async () => {
    server = await startStatusServer({ host: '127.0.0.1', port: 0, source: src });
    addr = new URL(server.url).host;
  });
  after(async () => {
    await server.close();
  });

  it('prints aligned key/value lines and a running-jobs table', async () => {
    const { stdout } = await run(path.join(repo, 'scripts/crawl-agent'), ['status', '--addr', addr]);
    const lines = stdout.split('\n');
    const valueColumn = (key: string) => {
      const line = lines.find((l) => l.startsWith(`${key}:`));
      assert.ok(line, `no ${key} line in:\n${stdout}`);
      return line.length - line.slice(key.length + 1).trimStart().length;
    };
    assert.equal(valueColumn('Device'), valueColumn('Last link error'), 'values line up');
    assert.match(stdout, /^Device: +dev-status-1$/m);
    assert.match(stdout, /^Link: +connected for 2m 5s/m);
    assert.match(stdout, /^Uptime: +1h 2m 5s/m);
    assert.match(stdout, /^Location: +DE \/ EU \/ Berlin$/m);
    assert.match(stdout, /^Spool: +3 result\(s\), 5\.0 MiB of 256\.0 MiB$/m);
    assert.match(stdout, /^Jobs done: +GET success=10 timeout=2$/m);
    assert.match(stdout, /^Running jobs: 2 of 4$/m);
    const header = lines.find((l) => l.includes('JOB') && l.includes('ATTEMPT'));
    const row = lines.find((l) => l.includes('job-aaaa'));
    assert.ok(header && row);
    assert.equal(header.indexOf('METHOD'), row.indexOf('GET'), 'table columns line up');
    assert.match(row, /1\s+GET\s+1s\s+https:\/\/example\.test\//);
    assert.match(stdout, /job-bbbbbbbb\s+2\s+SOLANA_JSON_RPC\s+1m 5s/);
  });

  it('prints the raw snapshot with --json', async () => {
    const cli = path.join(repo, 'agent/status/cli.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, '--addr', addr, '--json'], {
      cwd: repo,
    });
    assert.deepEqual(JSON.parse(stdout), src.served);
  });

  it('says so when no agent listens', async () => {
    const closed = await startStatusServer({ host: '127.0.0.1', port: 0, source: src });
    await closed.close();
    const result = await run(path.join(repo, 'scripts/crawl-agent'), [
      'status',
      '--addr',
      new URL(closed.url).host,
    ]).then(
      () => assert.fail('expected a failure'),
      (err: { code: number; stderr: string }) => err,
    );
    assert.equal(result.code, 1);
    assert.match(result.stderr, /cannot reach the agent's status port .*ECONNREFUSED/);
  });
});

describe('systemd notifier', () => {
  let dir: string;
  let log: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sd-notify-'));
    log = path.join(dir, 'calls.log');
    const fake = path.join(dir, 'systemd-notify');
    // Stands in for the real binary: records the socket it was given and its arguments.
    await writeFile(
      fake,
      '#!/bin/sh\n[ "$1" = "--fail" ] && exit 3\nprintf \'%s|%s\\n\' "$NOTIFY_SOCKET" "$*" >> "$CALLS"\n',
    );
    await chmod(fake, 0o755);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('does nothing without NOTIFY_SOCKET', async () => {
    const notifier = createSystemdNotifier({
      PATH: `${dir}:/usr/bin:/bin`,
      CALLS: log,
      WATCHDOG_USEC: '60000000',
    });
    assert.equal(notifier.enabled, false);
    assert.equal(notifier.watchdogIntervalMs, null);
    await notifier.ready();
    await notifier.watchdog();
    await notifier.status('starting');
    await notifier.stopping();
    await assert.rejects(readFile(log), { code: 'ENOENT' });
  });

  it('runs systemd-notify with the right arguments when NOTIFY_SOCKET is set', async () => {
    const env = {
      PATH: `${dir}:/usr/bin:/bin`,
      CALLS: log,
      NOTIFY_SOCKET: '/run/test/notify',
      WATCHDOG_USEC: '60000000',
    };
    const notifier = createSystemdNotifier(env);
    assert.equal(notifier.enabled, true);
    assert.equal(notifier.watchdogIntervalMs, 30_000);
    await notifier.ready();
    await notifier.watchdog();
    await notifier.status('connected to\nwss://c.test');
    await notifier.stopping();
    const calls = (await readFile(log, 'utf8')).trim().split('\n');
    assert.deepEqual(calls, [
      '/run/test/notify|--ready',
      '/run/test/notify|WATCHDOG=1',
      '/run/test/notify|--status=connected to wss://c.test',
      '/run/test/notify|STOPPING=1',
    ]);
  });

  it('has no watchdog interval without WATCHDOG_USEC, and rejects when the binary fails', async () => {
    const notifier = createSystemdNotifier(
      { PATH: `${dir}:/usr/bin:/bin`, NOTIFY_SOCKET: '/run/test/notify' },
      { command: path.join(dir, 'systemd-notify') },
    );
    assert.equal(notifier.watchdogIntervalMs, null);
    const failing = createSystemdNotifier(
      { PATH: '/usr/bin:/bin', NOTIFY_SOCKET: '/run/test/notify' },
      { command: path.join(dir, 'missing-notify') },
    );
    await assert.rejects(failing.ready(), /missing-notify --ready failed/);
  });
});
