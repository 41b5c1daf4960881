// The `crawl` command, spawned as a user runs it (scripts/crawl), with and without a terminal,
// against a real coordinator, a real agent and a local target.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { runCli } from '../../cli/program.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { ApiClient } from '../helpers/client.js';
import {
  ROOT,
  removeDir,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { chromiumNeed } from '../helpers/needs.js';
import { ARTICLE_HTML, startTargetServer, type TargetServer, TLS_CERT } from '../helpers/target-server.js';

const CRAWL = path.join(ROOT, 'scripts/crawl');
const { browser, skip: chromiumSkip } = await chromiumNeed();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

interface Run {
  code: number | null;
  stdout: string;
  stdoutBytes: Buffer;
  stderr: string;
}

interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Run inside a pseudo-terminal (util-linux `script`): stdout and stderr arrive merged. */
  tty?: boolean;
  /** Called once with the child, e.g. to signal it. */
  onSpawn?: (child: ReturnType<typeof spawn>) => void;
  deadlineMs?: number;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('crawl CLI', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let target: TargetServer;
  let home: string;
  let stopAgent: () => Promise<void>;
  let stopBrowserAgent: (() => Promise<void>) | undefined;
  let chromium: BrowserExecutor | undefined;

  /** Runs `crawl ARGS` with the test coordinator in CRAWL_URL / CRAWL_API_KEY (unless overridden). */
  function crawl(args: string[], o: RunOptions = {}): Promise<Run> {
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: undefined,
      CRAWL_CONFIG: undefined,
      CRAWL_PROFILE: undefined,
      CRAWL_URL: c.url,
      CRAWL_API_KEY: c.apiKey,
      ...o.env,
    };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const [cmd, argv] = o.tty
      ? ['script', ['-qec', [CRAWL, ...args].map(shellQuote).join(' '), '/dev/null']]
      : [CRAWL, args];
    const child = spawn(cmd as string, argv as string[], {
      cwd: home,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    o.onSpawn?.(child);
    const deadline = setTimeout(() => child.kill('SIGKILL'), o.deadlineMs ?? 60_000);
    return new Promise((resolve) => {
      child.on('close', (code) => {
        clearTimeout(deadline);
        const stdoutBytes = Buffer.concat(out);
        resolve({ code, stdout: stdoutBytes.toString('utf8'), stdoutBytes, stderr });
      });
    });
  }

  /**
   * The same program in this process, for table-driven cases where a process per case would only
   * add start-up time; the spawned tests above prove the process wiring (streams, exit, signals).
   */
  async function crawlHere(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const merged: Record<string, string | undefined> = {
      HOME: home,
      CRAWL_URL: c.url,
      CRAWL_API_KEY: c.apiKey,
      ...env,
    };
    const code = await runCli(args, {
      stdout: { write: (d) => (stdout += String(typeof d === 'string' ? d : Buffer.from(d))) },
      stderr: { write: (d) => (stderr += String(typeof d === 'string' ? d : Buffer.from(d))) },
      env: merged,
      homeDir: home,
      interrupt: new AbortController().signal,
      readFile: (p) => readFile(p),
      writeFile: (p, data) => writeFile(p, data),
    });
    return { code, stdout, stdoutBytes: Buffer.from(stdout), stderr };
  }

  before(async () => {
    home = tempDir('cli-home');
    target = await startTargetServer();
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    const token = await c.newDevice('cli-agent');
    stopAgent = (await startTestAgent({ deviceId: 'cli-agent', token, coordinators: [c.url] })).stop;
    if (browser) {
      // A mobile device with a real Chromium, for full-page jobs and screenshots.
      const policy = createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] });
      chromium = new BrowserExecutor({
        executablePath: browser.path,
        policy,
        maxBodyBytes: 10_000_000,
        settleMs: 100,
        ca: [TLS_CERT],
        log: pino({ enabled: false }),
      });
      const browserToken = await c.newDevice('cli-browser');
      stopBrowserAgent = (
        await startTestAgent({
          deviceId: 'cli-browser',
          token: browserToken,
          coordinators: [c.url],
          deviceType: 'mobile',
          executors: [chromium],
        })
      ).stop;
    }
  });
  after(async () => {
    await stopBrowserAgent?.();
    await chromium?.close();
    await stopAgent?.();
    await c?.stop();
    await target?.close();
    removeDir(home);
  });

  test('get prints the download object, quietly when not on a terminal', async () => {
    const r = await crawl(['get', `${target.httpsUrl}/article`]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const dl = JSON.parse(r.stdout) as Obj;
    assert.equal(dl.mainResult.body, ARTICLE_HTML);
    assert.equal(dl.metadata.device_id, 'cli-agent');
  });

  test('get sends method, headers, body file, cookies, timeout and placement; -o with --json', async () => {
    const bodyFile = path.join(home, 'body.bin');
    await writeFile(bodyFile, Buffer.from([1, 2, 3, 0, 255]));
    const out = path.join(home, 'out.json');
    const r = await crawl([
      'get',
      `${target.httpUrl}/echo`,
      '-X',
      'put',
      '-H',
      'X-One: 1',
      '-H',
      'X-One: 2',
      '--data-binary',
      `@${bodyFile}`,
      '--cookie',
      'a=1; b=2',
      '--timeout',
      '12',
      '--country',
      'de',
      '-o',
      'out.json',
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as Obj;
    assert.equal(summary.job.method, 'PUT');
    assert.equal(summary.job.timeout_sec, 12);
    assert.deepEqual(summary.job.placement, { country: 'DE' });
    assert.equal(summary.result.status_code, 200);
    assert.equal(summary.output, 'out.json', 'relative to where crawl was started');
    const dl = JSON.parse(await readFile(out, 'utf8')) as Obj;
    assert.equal(summary.bytes, (await readFile(out)).length);
    const echo = JSON.parse(dl.mainResult.body) as Obj;
    assert.equal(echo.method, 'PUT');
    assert.equal(echo.headers['x-one'], '1, 2');
    assert.equal(echo.headers.cookie, 'a=1; b=2');
    assert.equal(echo.bodyBase64, Buffer.from([1, 2, 3, 0, 255]).toString('base64'));
    // --data without -X is a POST.
    const post = await crawl(['get', `${target.httpUrl}/echo`, '--data', 'hello', '--json']);
    assert.equal(JSON.parse(JSON.parse(post.stdout).mainResult.body).method, 'POST');
  });

  test('on a terminal, get shows progress on stderr: pending, then done on the device', async () => {
    const r = await crawl(['get', `${target.httpUrl}/article`, '-o', 'tty.json'], { tty: true });
    assert.equal(r.code, 0, r.stdout);
    const screen = r.stdout;
    assert.match(screen, new RegExp(`\\r\\x1b\\[2Kjob ${UUID.source}: pending`));
    assert.match(
      screen,
      new RegExp(`job ${UUID.source}: done on cli-agent, HTTP 200, \\d+ bytes in \\d+ ms`),
    );
    assert.equal(JSON.parse(await readFile(path.join(home, 'tty.json'), 'utf8')).mainResult.statusCode, 200);
  });

  test('get --full-page saves the rendered page and the screenshot', {
    skip: chromiumSkip,
  }, async () => {
    const r = await crawl([
      'get',
      `${target.httpUrl}/article`,
      '--full-page',
      '--device-type',
      'mobile',
      '--screenshot',
      'shot.png',
      '-o',
      'page.json',
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as Obj;
    assert.equal(summary.job.method, 'CRAWL_FULL_PAGE');
    assert.equal(summary.screenshot, 'shot.png');
    const png = await readFile(path.join(home, 'shot.png'));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    const page = JSON.parse(await readFile(path.join(home, 'page.json'), 'utf8')) as Obj;
    assert.equal(page.hasFullPage, true);
    assert.equal(page.metadata.device_id, 'cli-browser');
    assert.equal(Buffer.from(page.screenshot, 'base64').equals(png), true, 'the same PNG as the download');
  });

  test('exit 1: the job failed', async () => {
    const failed = await crawl(['get', `${target.httpUrl}/echo`, '--country', 'JP', '--timeout', '1']);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, new RegExp(`^crawl: job ${UUID.source} failed: no_device: `));
    assert.equal(failed.stdout, '');
  });

  test('exit 4: the target could not be reached, said on stderr; --json still prints the JSON', async () => {
    // Port 9 (discard) of this machine has no listener: the agent's connect is refused.
    const plain = await crawl(['get', 'http://127.0.0.1:9/']);
    assert.equal(plain.code, 4, plain.stderr);
    assert.match(plain.stderr, /^crawl: the target could not be reached: connect: \S.*\n$/);
    assert.equal(JSON.parse(plain.stdout).mainResult.errorType, 'connect');
    const json = await crawl(['get', 'http://127.0.0.1:9/', '--json']);
    assert.equal(json.code, 4, json.stderr);
    assert.equal(JSON.parse(json.stdout).mainResult.errorType, 'connect');
    assert.match(json.stderr, /connect: /);
    const tty = await crawl(['get', 'http://127.0.0.1:9/', '-o', 'refused.json'], { tty: true });
    assert.equal(tty.code, 4, tty.stdout);
    assert.match(
      tty.stdout,
      new RegExp(`job ${UUID.source}: done on cli-agent, the target could not be reached \\(connect: `),
    );
  });

  test('on a terminal, a running job names its device', async () => {
    const r = await crawl(['get', `${target.httpUrl}/slow?ms=1000`, '-o', 'slow-plain.json'], { tty: true });
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, new RegExp(`job ${UUID.source}: running on cli-agent`));
  });

  test('exit 2: usage mistakes, before anything is sent', async () => {
    const cases: Array<[string[], RegExp, Record<string, string | undefined>?]> = [
      [['get'], /missing required argument 'url'/],
      [['get', 'http://x', '--format', 'docx'], /--format must be one of json, raw, html, markdown, text/],
      [['get', 'http://x', '-X', 'FETCH'], /-X must be one of GET/],
      [['get', 'http://x', '-H', 'no-colon'], /-H wants "Name: value"/],
      [['get', 'http://x', '--timeout', '301'], /--timeout must be an integer from 1 to 300/],
      [['get', 'http://x', '--data-binary', '@/nonexistent/file'], /cannot read \/nonexistent\/file/],
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['status', 'x'], /no API key: give --key, set CRAWL_API_KEY/, { CRAWL_API_KEY: undefined }],
      [['status', 'x'], /no coordinator URL/, { CRAWL_URL: undefined }],
    ];
    for (const [args, message, env] of cases) {
      const r = await crawlHere(args, env);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
    }
    const asJson = await crawlHere(['get', '--json']);
    assert.equal(asJson.code, 2);
    assert.deepEqual(JSON.parse(asJson.stderr), {
      error: { code: 'usage', message: "missing required argument 'url'" },
    });
    // The same through a real process.
    const spawned = await crawl(['get', 'http://x', '--format', 'docx']);
    assert.equal(spawned.code, 2);
    assert.equal(
      spawned.stderr,
      'crawl: --format must be one of json, raw, html, markdown, text, extract, har, pdf, lighthouse, not "docx"\n',
    );
    const help = await crawl(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: crawl/);
  });

  test('exit 3: API errors in plain words with the contract message; JSON with --json', async () => {
    const badKey = await crawl(['status', crypto.randomUUID()], { env: { CRAWL_API_KEY: 'ck_nope' } });
    assert.equal(badKey.code, 3);
    assert.equal(
      badKey.stderr,
      'crawl: the API key was not accepted; check --key, CRAWL_API_KEY or your profile ' +
        '(HTTP 401: unauthorized: invalid or missing API key)\n',
    );
    const missing = await crawl(['detail', crypto.randomUUID(), '--json']);
    assert.equal(missing.code, 3);
    assert.deepEqual(JSON.parse(missing.stderr), {
      error: {
        code: 'not_found',
        status: 404,
        message: 'not found: job does not exist or you are not authorized to view it',
      },
    });
    const pending = (
      await api.submit({ url: `${target.httpUrl}/echo`, placement: { country: 'JP' }, timeout_sec: 3 })
    ).body as Obj;
    const early = await crawlHere(['download', pending.job_id]);
    assert.equal(early.code, 3);
    assert.match(early.stderr, /has not completed yet.*\(HTTP 409: conflict: job is not yet completed\)/);
    const { id } = await api.run({ url: `${target.httpUrl}/echo` });
    await c.coordinator.store.markArchived(id, new Date().toISOString());
    const gone = await crawlHere(['download', id]);
    assert.equal(gone.code, 3);
    assert.match(gone.stderr, /archived and is no longer available \(HTTP 410: gone: /);
    const noSession = await crawlHere(['session', 'get', crypto.randomUUID()]);
    assert.equal(noSession.code, 3);
    assert.match(noSession.stderr, /\(HTTP 404: not found: session does not exist\)/);
    const invalid = await crawlHere(['get', 'ftp://x']);
    assert.equal(invalid.code, 3);
    assert.match(invalid.stderr, /\(HTTP 400: invalid request: url must be an absolute http or https URL\)/);
    const down = await crawlHere(['status', crypto.randomUUID()], { CRAWL_URL: 'http://127.0.0.1:9' });
    assert.equal(down.code, 3);
    assert.match(down.stderr, /cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  test('status of several jobs, detail and download', async () => {
    const a = await api.run({ url: `${target.httpsUrl}/cookies` });
    const b = await api.run({ url: `${target.httpUrl}/status/404` });
    const table = await crawl(['status', a.id, b.id]);
    assert.equal(table.code, 0, table.stderr);
    const lines = table.stdout.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(
      lines[0] as string,
      new RegExp(`^${a.id}\\s+completed\\s+GET\\s+${target.httpsUrl}/cookies$`),
    );
    const json = JSON.parse((await crawlHere(['status', a.id, 'nope', '--json'])).stdout) as Obj;
    assert.equal(json.requested_count, 2);
    assert.equal(json.results.nope.error.code, 'invalid_uuid');
    const one = await crawlHere(['status', b.id, '--json']);
    assert.equal(JSON.parse(one.stdout).job_id, b.id);
    const someMissing = await crawlHere(['status', a.id, crypto.randomUUID()]);
    assert.equal(someMissing.code, 3, 'a missing job is an API error');

    const detail = JSON.parse((await crawl(['detail', a.id, '--parse-cookies', '--json'])).stdout) as Obj;
    assert.equal(detail.result.status_code, 200);
    assert.ok(detail.response_cookies.some((k: Obj) => k.name === 'sid' && k.value === 'abc123'));
    const human = await crawlHere(['detail', a.id]);
    assert.match(human.stdout, /^status\s+completed$/m);
    assert.match(human.stdout, /^tls\s+TLSv1\.3 TLS_/m);
    assert.match(human.stdout, /^< set-cookie\s+sid=abc123/m);
    const dl = await crawlHere(['download', b.id, '--json']);
    assert.equal(JSON.parse(dl.stdout).mainResult.statusCode, 404);
  });

  test('sessions: new, get with --session, jobs, close', async () => {
    const created = await crawl(['session', 'new', '--duration', '120', '--country', 'DE']);
    assert.equal(created.code, 0, created.stderr);
    const sid = created.stdout.trim();
    assert.match(sid, new RegExp(`^${UUID.source}$`));
    assert.match(created.stderr, /is active until /);
    const first = await crawlHere(['get', `${target.httpsUrl}/cookies`, '--session', sid, '--json']);
    assert.equal(first.code, 0, first.stderr);
    const second = await crawlHere(['get', `${target.httpsUrl}/echo`, '--session', sid, '--json']);
    const echo = JSON.parse(JSON.parse(second.stdout).mainResult.body) as Obj;
    assert.match(echo.headers.cookie, /sid=abc123/, 'the session kept the cookie');
    const got = JSON.parse((await crawlHere(['session', 'get', sid, '--json'])).stdout) as Obj;
    assert.equal(got.device_id, 'cli-agent');
    assert.deepEqual(got.placement, { country: 'DE' });
    // On a terminal, a session job's progress names the session's device while it runs.
    const slow = await crawl(['get', `${target.httpUrl}/slow?ms=1000`, '--session', sid, '-o', 'slow.json'], {
      tty: true,
    });
    assert.equal(slow.code, 0, slow.stdout);
    assert.match(slow.stdout, new RegExp(`job ${UUID.source}: running on cli-agent`));
    const jobs = await crawlHere(['session', 'jobs', sid]);
    assert.match(jobs.stdout, /3 jobs: 3 completed, 0 failed, 0 waiting/);
    const closed = await crawlHere(['session', 'close', sid]);
    assert.equal(closed.code, 0, closed.stderr);
    assert.equal(JSON.parse((await crawlHere(['session', 'get', sid, '--json'])).stdout).status, 'closed');
    const late = await crawlHere(['get', `${target.httpUrl}/echo`, '--session', sid]);
    assert.equal(late.code, 3);
    assert.match(late.stderr, /invalid request: session is closed/);
  });

  test('Ctrl-C stops waiting, prints the job id and leaves the job running', async () => {
    const sid = ((await api.request('POST', '/crawl/v1/session/new', { duration_seconds: 60 })).body as Obj)
      .id;
    let child: ReturnType<typeof spawn> | undefined;
    const running = crawl(['get', `${target.httpUrl}/slow?ms=-1`, '--session', sid, '--timeout', '30'], {
      onSpawn: (ch) => {
        child = ch;
      },
    });
    // The session listing shows the job once it is submitted; interrupt when it runs.
    const until = Date.now() + 20_000;
    let jobId = '';
    while (!jobId) {
      const listing = (await api.request('GET', `/crawl/v1/session/${sid}/jobs`)).body as Obj;
      const j = listing.jobs[0];
      if (j?.status === 'running') jobId = j.job_id;
      else if (Date.now() > until) assert.fail('the job never started');
      else await new Promise((r) => setTimeout(r, 25));
    }
    child?.kill('SIGINT');
    const r = await running;
    assert.equal(r.code, 130);
    assert.equal(r.stdout, `${jobId}\n`);
    assert.match(
      r.stderr,
      new RegExp(`interrupted; job ${jobId} keeps running\\. Check it with: crawl status ${jobId}`),
    );
    assert.equal(((await api.status(jobId)).body as Obj).status, 'running');
    await api.request('POST', `/crawl/v1/session/${sid}/close`);
  });

  test('profiles: flags, then --profile, then env, then the default profile', async () => {
    const otherKey = await c.newKey();
    const file = path.join(home, 'profiles.json');
    await writeFile(
      file,
      JSON.stringify({
        default_profile: 'main',
        profiles: {
          main: { url: c.url, api_key: c.apiKey },
          other: { url: c.url, api_key: otherKey },
          broken: { url: 'http://127.0.0.1:9', api_key: 'x' },
        },
      }),
    );
    const { id } = await api.run({ url: `${target.httpUrl}/echo` });
    const noEnv = { CRAWL_URL: undefined, CRAWL_API_KEY: undefined };
    // The default profile from $XDG_CONFIG_HOME/crawl/config.json.
    const xdg = path.join(home, 'xdg');
    await mkdir(path.join(xdg, 'crawl'), { recursive: true });
    await writeFile(path.join(xdg, 'crawl', 'config.json'), await readFile(file));
    assert.equal((await crawl(['status', id], { env: { ...noEnv, XDG_CONFIG_HOME: xdg } })).code, 0);
    // ~/.config/crawl/config.json when XDG_CONFIG_HOME is unset.
    await mkdir(path.join(home, '.config', 'crawl'), { recursive: true });
    await writeFile(path.join(home, '.config', 'crawl', 'config.json'), await readFile(file));
    assert.equal((await crawlHere(['status', id], noEnv)).code, 0);
    // --profile names another owner's key: not found.
    const other = await crawlHere(['status', id, '--profile', 'other'], noEnv);
    assert.equal(other.code, 3);
    assert.match(other.stderr, /HTTP 404/);
    // --profile beats the environment; the environment beats the default profile.
    assert.equal((await crawlHere(['status', id, '--config', file, '--profile', 'other'])).code, 3);
    assert.equal((await crawlHere(['status', id], { CRAWL_CONFIG: file, CRAWL_PROFILE: 'broken' })).code, 0);
    assert.equal(
      (await crawlHere(['status', id], { ...noEnv, CRAWL_CONFIG: file, CRAWL_PROFILE: 'broken' })).code,
      3,
    );
    // Flags beat everything.
    assert.equal(
      (await crawlHere(['status', id, '--profile', 'broken', '--url', c.url, '--key', c.apiKey])).code,
      0,
    );
    const unknown = await crawlHere(['status', id, '--config', file, '--profile', 'nope']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no profile "nope" in /);
    await writeFile(path.join(home, 'bad.json'), '{not json');
    const bad = await crawlHere(['status', id], { ...noEnv, CRAWL_CONFIG: path.join(home, 'bad.json') });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /is not valid JSON/);
  });

  test('sweep: a table on a terminal, then a summary and the report link', async () => {
    // Nobody serves MEA: the answer says so, and its tries fail no_device at once.
    const tty = await crawl(
      ['sweep', `${target.httpUrl}/article`, '--regions', 'mea', '--tries', '2', '--timeout', '60'],
      {
        tty: true,
      },
    );
    assert.equal(tty.code, 1, tty.stdout);
    assert.match(
      tty.stdout,
      /crawl: no connected device in MEA runs full-page crawls as a mobile device: its tries failed at once \(no_device\)/,
    );
    assert.match(tty.stdout, /REGION\s+STATUS\s+DONE\s+FAILED\s+WAITING/);
    assert.match(tty.stdout, /MEA\s+failed\s+0\/2\s+2\s+0/);
    assert.match(tty.stdout, /0 of 2 tries completed, 2 failed/);
    assert.match(tty.stdout, /no_device/);
    assert.match(tty.stdout, new RegExp(`report: ${c.url}/crawl/v1/sweep/${UUID.source}/report/`));
    const json = await crawlHere([
      'sweep',
      `${target.httpUrl}/article`,
      '--regions',
      'MEA',
      '--tries',
      '1',
      '--timeout',
      '1',
      '--json',
    ]);
    assert.equal(json.code, 1);
    const sweep = JSON.parse(json.stdout) as Obj;
    assert.equal(sweep.status, 'failed');
    assert.equal(sweep.results.MEA.jobs.length, 1);
    const bad = await crawlHere(['sweep', 'http://x', '--tries', '11']);
    assert.equal(bad.code, 2);
    const noWait = await crawlHere([
      'sweep',
      `${target.httpUrl}/article`,
      '--regions',
      'NA',
      '--no-wait',
      '--json',
    ]);
    assert.equal(JSON.parse(noWait.stdout).total_jobs, 3);
  });

  test('sweep: the live table shows the tries while they run', {
    skip: browser ? false : 'no Chromium',
  }, async () => {
    // cli-browser (mobile, DE) serves EU; the target holds the page for 1.5 s.
    const tty = await crawl(
      ['sweep', `${target.httpUrl}/slow?ms=1500`, '--regions', 'EU', '--tries', '1', '--timeout', '30'],
      { tty: true },
    );
    assert.equal(tty.code, 0, tty.stdout);
    assert.doesNotMatch(tty.stdout, /no connected device/);
    assert.match(tty.stdout, /EU\s+running\s+0\/1/, 'the live table while it runs');
    assert.match(tty.stdout, /EU\s+completed\s+1\/1\s+0\s+0\s+DE/);
  });

  test('devices for an admin key; 403 in plain words otherwise', async () => {
    const admin = (await createApiKey(c.coordinator.store, { admin: true })).key;
    const r = await crawl(['devices'], { env: { CRAWL_API_KEY: admin } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^cli-agent\s+yes\s+DE EU Berlin\s+desktop\s+\d\/4/m);
    const json = JSON.parse(
      (await crawlHere(['devices', '--connected', 'true', '--json'], { CRAWL_API_KEY: admin })).stdout,
    );
    assert.deepEqual(
      json.devices.map((d: Obj) => d.device_id).sort(),
      browser ? ['cli-agent', 'cli-browser'] : ['cli-agent'],
    );
    const denied = await crawlHere(['devices']);
    assert.equal(denied.code, 3);
    assert.match(denied.stderr, /needs an admin API key/);
  });

  describe('download formats', () => {
    test('get --format raw writes the target bytes; markdown and text are readable', async () => {
      const raw = await crawl(['get', `${target.httpUrl}/binary`, '--format', 'raw']);
      assert.equal(raw.code, 0, raw.stderr);
      assert.deepEqual([...raw.stdoutBytes], [0, 159, 146, 150, 255, 1, 2, 3]);
      const md = await crawlHere(['get', `${target.httpUrl}/article`, '--format', 'markdown']);
      assert.match(md.stdout, /harbour lights were lit/);
      const { id } = await api.run({ url: `${target.httpUrl}/article` });
      const text = await crawl(['download', id, '--format', 'text', '-o', 'article.txt']);
      assert.equal(text.code, 0, text.stderr);
      assert.match(await readFile(path.join(home, 'article.txt'), 'utf8'), /harbour lights were lit/);
      const html = await crawlHere(['download', id, '--format', 'html']);
      assert.match(html.stdout, /<p>/);
    });

    test('detail --include-body shows the body and the top-level status code', async () => {
      const { id } = await api.run({ url: `${target.httpUrl}/status/418` });
      const d = JSON.parse((await crawlHere(['detail', id, '--include-body', '--json'])).stdout) as Obj;
      assert.equal(d.status_code, 418);
      assert.equal(d.body, 'status 418');
    });
  });
});
