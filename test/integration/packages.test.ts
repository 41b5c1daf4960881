// The npm packages as a user gets them: scripts/pack.ts packs the client, the CLI and the agent (from
// the build, built first when stale), each .tgz is installed with `npm install ./x.tgz` into an empty
// folder of its own and used from there, against a real coordinator and a local target:
// - a plain .mjs imports the client and runs a job; a .ts file type-checks against its declarations;
// - the installed `crawl` gets a page;
// - the installed `crawl-agent` links to the coordinator and runs a job (its reader and extraction
//   run in worker threads loaded by path from the compiled package).
// Outside CI a failure to pack or install (no registry, no npm) skips, saying why; under CI=true it fails.
// Takes ~1 to 3 minutes, mostly `npm install` of the agent's dependencies from the npm cache.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, type TestContext, test } from 'node:test';
import { promisify } from 'node:util';
import { CrawlClient } from '../../client/index.js';
import type { PackageName } from '../../scripts/pack.js';
import {
  type AgentProcess,
  ROOT,
  spawnAgent,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
} from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { IN_CI } from '../helpers/needs.js';
import { ARTICLE_HTML, startTargetServer, type TargetServer } from '../helpers/target-server.js';

const run = promisify(execFile);
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** Packs all three (scripts/pack.ts, the way `npm run pack` does) and answers each .tgz. */
async function packAll(): Promise<Record<PackageName, string>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/pack.ts'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Record<PackageName, string>;
}

/** `npm install ./x.tgz` in a new empty folder; answers the folder. */
async function installInEmptyFolder(tgz: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crawl-pkg-'));
  await run('npm', ['install', ...NPM_FLAGS, tgz], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runIn(
  dir: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  deadlineMs = 120_000,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    const deadline = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm packages: packed, installed into empty folders, used from there', () => {
  let installed: Record<PackageName, string> | undefined;
  let unavailable = '';
  let c: TestCoordinator;
  let target: TargetServer;
  let stopAgent: (() => Promise<void>) | undefined;
  let packagedAgent: AgentProcess | undefined;

  before(
    async () => {
      const started = performance.now();
      try {
        const packed = await packAll();
        const names = Object.keys(packed) as PackageName[];
        const dirs = await Promise.all(names.map((n) => installInEmptyFolder(packed[n])));
        installed = Object.fromEntries(names.map((n, i) => [n, dirs[i]])) as Record<PackageName, string>;
      } catch (err) {
        if (IN_CI) throw err;
        unavailable = `could not pack or install the packages: ${(err as Error).message.split('\n')[0]}`;
      }
      process.stderr.write(
        `packages: packed and installed in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
      );
      c = await startTestCoordinator();
      target = await startTargetServer();
      const token = await c.newDevice('pkg-local-agent');
      stopAgent = (await startTestAgent({ deviceId: 'pkg-local-agent', token, coordinators: [c.url] })).stop;
    },
    { timeout: 900_000 },
  );

  after(async () => {
    if (packagedAgent && packagedAgent.child.exitCode === null) {
      packagedAgent.child.kill('SIGTERM');
      await packagedAgent.exited;
    }
    await stopAgent?.();
    await c?.stop();
    await target?.close();
    for (const dir of Object.values(installed ?? {})) await rm(dir, { recursive: true, force: true });
  });

  function folder(t: TestContext, name: PackageName): string | undefined {
    if (!installed) t.skip(unavailable);
    return installed?.[name];
  }

  test('a plain .mjs imports the installed client and runs a job', async (t) => {
    const dir = folder(t, 'client');
    if (!dir) return;
    await writeFile(
      path.join(dir, 'job.mjs'),
      [
        "import { CrawlClient } from '@crawl-network/client';",
        'const client = new CrawlClient({ baseUrl: process.env.CRAWL_URL, apiKey: process.env.CRAWL_API_KEY });',
        'const job = await client.runJob({ url: process.argv[2] }, { timeoutMs: 60_000 });',
        "const raw = await client.downloadAs(job.job_id, 'raw');",
        "process.stdout.write(JSON.stringify({ status: job.status, body: raw.bytes.toString('utf8') }));",
        '',
      ].join('\n'),
    );
    const r = await runIn(dir, process.execPath, ['job.mjs', `${target.httpUrl}/article`], {
      CRAWL_URL: c.url,
      CRAWL_API_KEY: c.apiKey,
    });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { status: string; body: string };
    assert.equal(out.status, 'completed');
    assert.equal(out.body, ARTICLE_HTML);
  });

  test("the installed client's declarations type a caller (and refuse a wrong call)", async (t) => {
    const dir = folder(t, 'client');
    if (!dir) return;
    await writeFile(
      path.join(dir, 'typed.ts'),
      [
        "import { CrawlClient, type Job, type NewJobRequest } from '@crawl-network/client';",
        "const client = new CrawlClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });",
        "const request: NewJobRequest = { url: 'http://127.0.0.1:9/', method: 'GET', timeout_sec: 5 };",
        "export async function status(): Promise<Job['status']> {",
        '  return (await client.submitJob(request)).status;',
        '}',
        '// @ts-expect-error: a job method is one of the contract, not any string',
        "export const wrong: NewJobRequest = { url: 'x', method: 'FETCH' };",
        '',
      ].join('\n'),
    );
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          // Our declarations are checked through their use below; not typebox's and Node's own.
          skipLibCheck: true,
          typeRoots: [path.join(ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['typed.ts'],
      }),
    );
    const r = await runIn(dir, process.execPath, [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      dir,
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });

  test('the installed crawl gets a page', async (t) => {
    const dir = folder(t, 'cli');
    if (!dir) return;
    const bin = path.join(dir, 'node_modules/.bin/crawl');
    const r = await runIn(dir, bin, ['get', `${target.httpUrl}/article`], {
      CRAWL_URL: c.url,
      CRAWL_API_KEY: c.apiKey,
      HOME: dir,
    });
    assert.equal(r.code, 0, r.stderr);
    const dl = JSON.parse(r.stdout) as Obj;
    assert.equal(dl.mainResult.body, ARTICLE_HTML);
    assert.equal(dl.metadata.device_id, 'pkg-local-agent');
  });

  test('the installed crawl-agent links to the coordinator and runs a job', async (t) => {
    const dir = folder(t, 'agent');
    if (!dir) return;
    const deviceId = 'pkg-installed-agent';
    const token = await c.newDevice(deviceId);
    const bin = path.join(dir, 'node_modules/.bin/crawl-agent');
    packagedAgent = spawnAgent({
      deviceId,
      token,
      coordinators: [c.url],
      program: { argv: [bin, 'run'], cwd: dir },
    });
    await packagedAgent.waitForLog((l) => l.msg === 'linked to coordinator');
    // The wrapper execs node on the package's compiled agent: no tsx, nothing from the checkout.
    const cmdline = (await readFile(`/proc/${packagedAgent.child.pid}/cmdline`, 'utf8')).split('\0');
    assert.equal(cmdline[1], path.join(dir, 'node_modules/@crawl-network/agent/dist/agent/main.js'));
    assert.ok(!cmdline.some((a) => a.includes('tsx')), cmdline.join(' '));

    const client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const job = await client.runJob(
      {
        url: `${target.httpUrl}/article`,
        placement: { device_id: deviceId },
        extract: { fields: [{ name: 'title', selector: 'article h1' }] },
      },
      { timeoutMs: 60_000 },
    );
    assert.equal(job.status, 'completed');
    assert.equal(job.device_id, deviceId);
    const dl = (await client.download(job.job_id)) as Obj;
    assert.equal(dl.mainResult.body, ARTICLE_HTML);
    // The extraction ran in the package's offload worker (common/offload, loaded by its path).
    assert.deepEqual(dl.extracted, { title: 'Harbour lights' });
    packagedAgent.child.kill('SIGTERM');
    assert.equal(await packagedAgent.exited, 0);
  });
});
