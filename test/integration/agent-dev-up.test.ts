// `npm start` (scripts/dev-up.ts) serves the status address it gives its local agent, and places
// that agent where the machine's time zone is (a desktop), so jobs and sweeps by region find it.
// The agent runs in a process of its own: frozen, the API still answers; it stops with npm start.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Pids of the processes whose parent is `parent` and whose command line has `needle` (from /proc). */
function childPids(parent: number, needle: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(needle))
        found.push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts npm start's script on port 0; `banner` resolves with its output once the banner is out. */
function startDevUp(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  extra: string[] = [],
): { child: ChildProcess; banner: Promise<string> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/dev-up.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--browser',
      'none',
      ...extra,
    ],
    {
      cwd: repo,
      env: { ...process.env, CRAWL_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.setEncoding('utf8');
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: string) => {
      out += d;
      if (/agent status http/.test(out)) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`dev-up exited ${code} before printing: ${out}`)));
  });
  return { child, banner };
}

describe('npm start', () => {
  it('prints an agent status address that answers; the agent is located by the time zone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-up-'));
    const { child, banner } = startDevUp(
      dataDir,
      {
        TZ: 'Europe/Paris',
        CRAWL_AGENT_COUNTRY: undefined,
        CRAWL_AGENT_REGION: undefined,
        CRAWL_AGENT_DEVICE_TYPE: undefined,
      },
      // A coordinator flag the docs show (docs/proxy.md), passed through.
      ['--proxy-addr', '127.0.0.1:0'],
    );
    try {
      const out = await banner;
      const statusUrl = /agent status (http:\/\/127\.0\.0\.1:\d+\/status)/.exec(out)?.[1];
      assert.ok(statusUrl, out);
      const res = await fetch(statusUrl);
      assert.equal(res.status, 200);
      const status = (await res.json()) as {
        deviceId: string;
        link: { state: string };
        location: { country: string; region: string };
        deviceType: string;
      };
      assert.match(status.deviceId, /^local-agent/);
      assert.equal(status.link.state, 'connected');
      assert.deepEqual(status.location, { country: 'FR', region: 'EU', city: '' });
      assert.equal(status.deviceType, 'desktop');
      assert.match(out, /location {5}FR EU, desktop \(from the time zone Europe\/Paris; /);
      // Where the data goes, and the egress proxy the flag turned on.
      assert.ok(out.includes(`  data         ${dataDir} (SQLite database,`), out);
      const proxy = /proxy {8}127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      assert.ok(proxy && Number(proxy) > 0, out);
      // The dashboard link works as printed: its admin key becomes the cookie, the page answers.
      const link = /dashboard {4}(http\S+)/.exec(out)?.[1];
      assert.ok(link, out);
      const login = await fetch(link, { redirect: 'manual' });
      assert.equal(login.status, 303);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      assert.match(cookie, /^crawl_dashboard=/);
      const page = await fetch(new URL('/dashboard', link), { headers: { cookie } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<html/i);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs the local agent in a process of its own: frozen, the API still answers; it stops with npm start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-up-'));
    const { child, banner } = startDevUp(dataDir);
    let agentPid = 0;
    try {
      const out = await banner;
      const coordinator = /coordinator {2}(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      assert.ok(coordinator, out);
      const agents = childPids(child.pid ?? 0, 'scripts/dev-agent.ts');
      assert.equal(agents.length, 1, 'one local agent process, a child of npm start');
      agentPid = agents[0] ?? 0;
      // A frozen agent (as one whose executor never returns): the coordinator's API answers still.
      process.kill(agentPid, 'SIGSTOP');
      const res = await fetch(`${coordinator}/healthz`, { signal: AbortSignal.timeout(10_000) });
      assert.equal(res.status, 200);
      process.kill(agentPid, 'SIGCONT');
    } finally {
      if (agentPid && alive(agentPid)) process.kill(agentPid, 'SIGCONT');
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    }
    assert.equal(alive(agentPid), false, 'the local agent stopped with npm start');
  });

  it('--help and -h print the usage and start nothing; admin --help names --admin and creates nothing', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'dev-up-help-')), 'data');
    for (const [script, help] of [
      ['scripts/dev-up.ts', '--help'],
      ['scripts/dev-up.ts', '-h'],
      ['coordinator/admin.ts', '--help'],
    ] as const) {
      const child = spawn(process.execPath, ['--import', 'tsx', script, help, '--data-dir', dataDir], {
        cwd: repo,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (d: string) => {
        out += d;
      });
      const [code] = await once(child, 'exit');
      assert.equal(code, 0, `${script} ${help}: ${out}`);
      assert.match(out, /^usage: npm (start|run admin) --/);
      if (script === 'coordinator/admin.ts') assert.match(out, /--admin: the key may also read the fleet/);
      else assert.match(out, /--proxy-addr/);
      assert.equal(existsSync(dataDir), false, `${script} ${help} created ${dataDir}`);
    }
  });
});
