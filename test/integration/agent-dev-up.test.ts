// `npm start` (scripts/dev-up.ts) serves the status address it gives its local agent, and places
// that agent where the machine's time zone is (a desktop), so jobs and sweeps by region find it.
// The agent runs in a process of its own: frozen, the API still answers; it stops with npm start.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
): { child: ChildProcess; banner: Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/dev-up.ts', '--port', '0', '--data-dir', dataDir, '--browser', 'none'],
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
    const { child, banner } = startDevUp(dataDir, {
      TZ: 'Europe/Paris',
      CRAWL_AGENT_COUNTRY: undefined,
      CRAWL_AGENT_REGION: undefined,
      CRAWL_AGENT_DEVICE_TYPE: undefined,
    });
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
});
