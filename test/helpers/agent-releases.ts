// Agent releases for upgrade tests: bundles built from this checkout's sources (run with tsx, the
// manifest says so), a release key, and a supervisor that plays systemd's Restart=always around
// the real launcher (scripts/agent-launcher.mjs) and the real agent processes it starts.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReleaseLayout } from '../../agent/upgrade/release-layout.js';
import { unpackTarGz } from '../../agent/upgrade/tar.js';
import {
  generateReleaseKey,
  packBundle,
  type ReleaseManifest,
  signRelease,
} from '../../scripts/release-tools.js';
import { ROOT } from './cluster.js';

export { generateReleaseKey, type ReleaseManifest, signRelease };

/** The source trees the agent runs from (its imports reach no further). */
const SOURCE_DIRS = ['agent', 'common', 'proto', 'contract'];

export type BundleKind = 'agent' | 'crash' | 'silent';

/**
 * A bundle of this checkout's agent at `version`: its sources, a package.json (ESM) and a link to
 * the checkout's node_modules, started with tsx. 'crash': a bundle whose entry exits at once, as a
 * release broken before any of its own code runs; 'silent': one that runs and never links.
 */
export async function buildBundle(version: string, kind: BundleKind = 'agent'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), `crawl-bundle-${version}-`));
  if (kind === 'silent') {
    // Starts and stays up, and never links: only the trial time ends it.
    await writeFile(
      path.join(dir, 'main.mjs'),
      "setInterval(() => {}, 1000);\nprocess.on('SIGTERM', () => process.exit(0));\n",
    );
    return packBundle(dir, { version, entry: 'main.mjs' });
  }
  if (kind === 'crash') {
    await writeFile(
      path.join(dir, 'main.mjs'),
      "process.stderr.write('broken release\\n');\nprocess.exit(3);\n",
    );
    return packBundle(dir, { version, entry: 'main.mjs' });
  }
  for (const d of SOURCE_DIRS) await cp(path.join(ROOT, d), path.join(dir, d), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ type: 'module', private: true })}\n`);
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return packBundle(dir, { version, entry: 'agent/main.ts', nodeArgs: ['--import', 'tsx'] });
}

/** A release folder with `version` installed from `bundle` as the current one (as an installer would). */
export async function installRelease(root: string, version: string, bundle: Buffer): Promise<void> {
  const layout = new ReleaseLayout(root);
  await layout.ensure();
  await unpackTarGz(bundle, layout.versionDir(version), { maxUnpackedBytes: 512 * 1024 * 1024 });
  await layout.pointAt('current', version);
}

export interface SupervisedAgent {
  /** Every JSON log line the launcher and the agents it started printed, across restarts. */
  readonly logs: Array<Record<string, unknown>>;
  /** Launcher starts so far. */
  readonly starts: number;
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Stops the launcher (SIGTERM, which it passes to the agent) and restarts it no more. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  root: string;
  /** Agent settings, as the unit's EnvironmentFile gives them (CRAWL_AGENT_*). */
  env: Record<string, string>;
  trialMs: number;
  maxStarts?: number;
  /** What the launcher starts when there is no current release. Default: this checkout's agent. */
  installed?: string[];
}

/** Starts the launcher and starts it again whenever it exits, as systemd's Restart=always does. */
export function supervise(o: SuperviseOptions): SupervisedAgent {
  const logs: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    match: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }> = [];
  let child: ChildProcess | null = null;
  let stopped = false;
  let starts = 0;
  let stderr = '';
  const installed = o.installed ?? [process.execPath, '--import', 'tsx', path.join(ROOT, 'agent/main.ts')];
  const launch = () => {
    starts++;
    const c = spawn(
      process.execPath,
      [
        path.join(ROOT, 'scripts/agent-launcher.mjs'),
        '--root',
        o.root,
        '--trial-ms',
        String(o.trialMs),
        '--max-starts',
        String(o.maxStarts ?? 3),
        '--',
        ...installed,
      ],
      // A group of its own: the agent it starts goes with it when the test process kills it.
      { cwd: ROOT, env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    child = c;
    let buf = '';
    c.stdout?.setEncoding('utf8');
    c.stdout?.on('data', (d: string) => {
      buf += d;
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let obj: Record<string, unknown>;
        try {
          obj = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        logs.push(obj);
        for (const w of [...waiters]) {
          if (w.match(obj)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(obj);
          }
        }
      }
    });
    c.stderr?.on('data', (d) => {
      stderr = (stderr + String(d)).slice(-4000);
    });
    c.once('exit', () => {
      if (child === c) child = null;
      // systemd's RestartSec, shortened.
      if (!stopped) setTimeout(launch, 100);
    });
  };
  launch();
  process.once('exit', () => {
    const pid = (child as ChildProcess | null)?.pid;
    if (pid) process.kill(-pid, 'SIGKILL');
  });
  return {
    logs,
    get starts() {
      return starts;
    },
    waitForLog(match, timeoutMs = 120_000) {
      const found = logs.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i < 0) return;
          waiters.splice(i, 1);
          reject(
            new Error(
              `no such log line within ${timeoutMs} ms; last lines: ${logs
                .slice(-8)
                .map((l) => JSON.stringify(l))
                .join('\n')}; last stderr: ${stderr}`,
            ),
          );
        }, timeoutMs).unref();
      });
    },
    async stop() {
      stopped = true;
      const c = child;
      if (!c) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A fresh release folder. */
export async function releaseRoot(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crawl-releases-'));
  await mkdir(dir, { recursive: true });
  return dir;
}
