// Real coordinators and agents for integration tests: port 0, temp data dirs, cleanup on stop.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadAgentConfig } from '../../agent/config.js';
import { HttpExecutor } from '../../agent/executors/http.js';
import { SolanaExecutor } from '../../agent/executors/solana.js';
import type { Executor } from '../../agent/executors/types.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { CrawlAgent } from '../../agent/runtime.js';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import { loadCoordinatorConfig } from '../../coordinator/config.js';
import { type RunningCoordinator, type StartOverrides, startCoordinator } from '../../coordinator/runtime.js';
import { TLS_CERT } from './target-server.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const quiet = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Spawned processes still alive; killed when the test process exits, even after a failure. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `crawl-${prefix}-`));
}

/**
 * Test coordinators send no canaries and re-run no jobs on their own unless a test asks (flags given
 * later win): many tests count the requests a target saw, or the jobs in the store.
 */
const QUIET_TRUST = ['--canary-interval', '0s', '--verify-share', '0'];

export interface TestCoordinator {
  url: string;
  dataDir: string;
  apiKey: string;
  coordinator: RunningCoordinator;
  /** A second owner's key, for isolation tests. */
  newKey(): Promise<string>;
  newDevice(id: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestCoordinator(
  options: { dataDir?: string; flags?: string[]; apiKey?: string; overrides?: StartOverrides } = {},
): Promise<TestCoordinator> {
  const dataDir = options.dataDir ?? tempDir('coord');
  const config = loadCoordinatorConfig(
    ['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, ...QUIET_TRUST, ...(options.flags ?? [])],
    {},
  );
  const coordinator = await startCoordinator(config, quiet, options.overrides);
  const apiKey = options.apiKey ?? (await createApiKey(coordinator.store, { name: 'test' })).key;
  return {
    url: coordinator.url,
    dataDir,
    apiKey,
    coordinator,
    newKey: async () => (await createApiKey(coordinator.store, { name: 'other' })).key,
    newDevice: async (id) => (await createDevice(coordinator.store, { id })).token,
    stop: () => coordinator.shutdown(),
  };
}

export interface AgentOptions {
  deviceId: string;
  token: string;
  coordinators: string[];
  country?: string;
  city?: string;
  deviceType?: string;
  maxConcurrent?: number;
  stateDir?: string;
  extra?: string[];
  executors?: Executor[];
  /** Extra node flags for spawned agents (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Log level of spawned agents. Default debug (tests wait on debug lines). */
  logLevel?: string;
  /** Entry file of spawned agents, from the repository root. Default agent/main.ts. */
  entry?: string;
  /** A command spawned agents run under, e.g. `['setpriv', '--bounding-set', '-net_raw', '--']`. Default none. */
  launcher?: string[];
  /**
   * Spawned agents run this command with the agent flags instead of node with tsx on `entry` (and
   * without `launcher` and `nodeArgs`), in `cwd`: e.g. an installed `crawl-agent` bin and `run`.
   */
  program?: { argv: string[]; cwd: string };
  /** In-process agents: whether the link batches frames (AgentDeps.linkBatches). Default true. */
  linkBatches?: boolean;
}

function agentFlags(o: AgentOptions, stateDir: string): string[] {
  return [
    '--coordinators',
    o.coordinators.join(','),
    '--device-id',
    o.deviceId,
    '--token',
    o.token,
    '--state-dir',
    stateDir,
    '--country',
    o.country ?? 'DE',
    '--city',
    o.city ?? 'Berlin',
    '--device-type',
    o.deviceType ?? 'desktop',
    '--max-concurrent',
    String(o.maxConcurrent ?? 4),
    '--allow-cidrs',
    '127.0.0.0/8,::1/128',
    '--ca-file',
    path.join(ROOT, 'test/fixtures/tls/cert.pem'),
    '--browser',
    'none',
    '--status-addr',
    'off',
    '--reconnect-min-ms',
    '50',
    '--reconnect-max-ms',
    '500',
    ...(o.extra ?? []),
  ];
}

/** An agent in this process: quick to start, for tests that do not kill it. */
export async function startTestAgent(
  o: AgentOptions,
): Promise<{ agent: CrawlAgent; stateDir: string; stop(): Promise<void> }> {
  const stateDir = o.stateDir ?? tempDir('agent');
  const config = loadAgentConfig(
    agentFlags(o, stateDir).filter((f) => f !== ''),
    {},
  );
  const policy = createNetworkPolicy({ allowCidrs: config.allowCidrs });
  const executors = o.executors ?? [
    new HttpExecutor({ policy, maxBodyBytes: config.maxBodyBytes, ca: [TLS_CERT] }),
    new SolanaExecutor({ policy, maxBodyBytes: config.maxBodyBytes, ca: [TLS_CERT] }),
  ];
  const agent = new CrawlAgent({
    config,
    executors,
    log: quiet,
    ...(o.linkBatches === undefined ? {} : { linkBatches: o.linkBatches }),
  });
  await agent.start();
  await agent.whenConnected();
  return { agent, stateDir, stop: () => agent.close() };
}

export interface AgentProcess {
  child: ChildProcess;
  stateDir: string;
  /** Lines of JSON log the process printed. */
  logs: Array<Record<string, unknown>>;
  waitForLog(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/** A real agent process (tsx agent/main.ts), for crash and signal tests. */
export function spawnAgent(o: AgentOptions): AgentProcess {
  const stateDir = o.stateDir ?? tempDir('agentp');
  const fixed = agentFlags(o, stateDir);
  const [command = process.execPath, ...launcherArgs] = o.program
    ? o.program.argv
    : o.launcher
      ? [...o.launcher, process.execPath]
      : [];
  const child = spawn(
    command,
    o.program
      ? [...launcherArgs, ...fixed]
      : [
          ...launcherArgs,
          ...(o.nodeArgs ?? []),
          '--import',
          'tsx',
          path.join(ROOT, o.entry ?? 'agent/main.ts'),
          ...fixed,
        ],
    {
      cwd: o.program?.cwd ?? ROOT,
      env: { ...process.env, CRAWL_AGENT_LOG_LEVEL: o.logLevel ?? 'debug' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  track(child);
  const logs: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    match: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }> = [];
  let buf = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (d: string) => {
    buf += d;
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      nl = buf.indexOf('\n');
      try {
        const obj = JSON.parse(line) as Record<string, unknown>;
        logs.push(obj);
        for (const w of [...waiters]) {
          if (w.match(obj)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(obj);
          }
        }
      } catch {
        // not a log line
      }
    }
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    stateDir,
    logs,
    exited,
    waitForLog(match) {
      const found = logs.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then((code) =>
          reject(new Error(`agent exited (${code}) before the log line; stderr: ${stderr}`)),
        );
      });
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface CoordinatorProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/**
 * A real coordinator process (tsx coordinator/main.ts) on port 0, for kill tests. `nodeArgs`: node's
 * own flags before the script (e.g. --cpu-prof, which NODE_OPTIONS may not carry).
 */
export async function spawnCoordinator(
  flags: string[],
  nodeArgs: readonly string[] = [],
): Promise<CoordinatorProcess> {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      '--import',
      'tsx',
      path.join(ROOT, 'coordinator/main.ts'),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      ...QUIET_TRUST,
      ...flags,
    ],
    { cwd: ROOT, env: { ...process.env, CRAWL_LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  track(child);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => {
      buf += d;
      const m = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"coordinator listening"/.exec(buf);
      if (m) resolve(m[1] as string);
      if (buf.length > 1_000_000) buf = buf.slice(-10_000);
    });
    void exited.then((code) => reject(new Error(`coordinator exited (${code}): ${stderr}`)));
  });
  child.stdout?.resume();
  return { child, url, exited };
}
