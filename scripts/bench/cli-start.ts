// How long `crawl` takes as a user runs it (scripts/crawl, which runs the compiled bundle
// dist/cli-bundle/crawl.js when the build is current): `crawl --help`, and `crawl get URL` against a
// local coordinator with a local agent (both in this process, idle between runs) and a local target.
// Each is run ROUNDS times, interleaved round by round with the same command from source through the
// tsx loader (what scripts/crawl ran before the build: the baseline) and with `node -e 0` (what
// starting Node at all costs on this machine now), so load on the machine moves all three alike.
// Builds first when the build is stale. Not a timed test: the target is help_ms ≤ 300.
//   npx tsx scripts/bench/cli-start.ts [--rounds 10]      (npm run bench:cli-start)
// Ends with exactly one line: RESULT cli_start help_ms=<median> get_ms=<median> (compiled).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startTestAgent, startTestCoordinator } from '../../test/helpers/cluster.js';
import { startTargetServer } from '../../test/helpers/target-server.js';
import { build, buildIsCurrent, CLI_SOURCE_DIRS, ROOT } from '../build.js';

const roundsFlag = process.argv.indexOf('--rounds');
const ROUNDS = Math.max(1, Number(roundsFlag > 0 ? process.argv[roundsFlag + 1] : 10));

const COMPILED = [path.join(ROOT, 'scripts/crawl')];
const FROM_SOURCE = [
  process.execPath,
  '--import',
  path.join(ROOT, 'node_modules/tsx/dist/loader.mjs'),
  path.join(ROOT, 'cli/main.ts'),
];

/**
 * GNU time, when installed, reports each run's CPU time (user + system, 10 ms steps): on a machine
 * other work keeps busy, wall times grow with the load, CPU times much less.
 */
const GNU_TIME = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'cpu %U %S'] : [];

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** Runs argv to its end; answers its wall and CPU time in ms, failing on a non-zero exit. */
function timed(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Sample> {
  const [cmd = '', ...args] = [...GNU_TIME, ...argv];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr.trim()}`));
        return;
      }
      const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(stderr);
      resolve({ wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN });
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
};

if (!buildIsCurrent(CLI_SOURCE_DIRS)) {
  process.stdout.write('build is stale or missing: npm run build first\n');
  await build();
}

const home = mkdtempSync(path.join(tmpdir(), 'crawl-bench-cli-'));
const coordinator = await startTestCoordinator();
const token = await coordinator.newDevice('bench-cli-agent');
const agent = await startTestAgent({ deviceId: 'bench-cli-agent', token, coordinators: [coordinator.url] });
const target = await startTargetServer();
// No profile file of the user's: the connection comes from the environment only.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  CRAWL_URL: coordinator.url,
  CRAWL_API_KEY: coordinator.apiKey,
};
delete env.CRAWL_CONFIG;
delete env.CRAWL_PROFILE;

const samples = {
  nodeOnly: [] as Sample[],
  help: [] as Sample[],
  helpTsx: [] as Sample[],
  get: [] as Sample[],
  getTsx: [] as Sample[],
};
try {
  const getArgs = ['get', `${target.httpUrl}/article`];
  // One unmeasured run of each warms the page cache, as on a machine where crawl was just used.
  await timed([...COMPILED, 'get', `${target.httpUrl}/echo`], env, home);
  await timed([...FROM_SOURCE, '--help'], env, home);
  for (let i = 0; i < ROUNDS; i++) {
    samples.nodeOnly.push(await timed([process.execPath, '-e', '0'], env, home));
    samples.help.push(await timed([...COMPILED, '--help'], env, home));
    samples.helpTsx.push(await timed([...FROM_SOURCE, '--help'], env, home));
    samples.get.push(await timed([...COMPILED, ...getArgs], env, home));
    samples.getTsx.push(await timed([...FROM_SOURCE, ...getArgs], env, home));
  }
} finally {
  await agent.stop();
  await coordinator.stop();
  await target.close();
  rmSync(home, { recursive: true, force: true });
}

const ms = (n: number) => `${Number.isNaN(n) ? '?' : n.toFixed(0)} ms`.padStart(8);
const row = (label: string, xs: Sample[]) =>
  `${label.padEnd(42)} wall median ${ms(median(xs.map((x) => x.wallMs)))}  min ${ms(Math.min(...xs.map((x) => x.wallMs)))}` +
  `   cpu median ${ms(median(xs.map((x) => x.cpuMs)))}\n`;
process.stdout.write(
  `${ROUNDS} rounds, interleaved; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs\n`,
);
process.stdout.write(row('node -e 0 (starting Node at all)', samples.nodeOnly));
process.stdout.write(row('crawl --help, compiled (scripts/crawl)', samples.help));
process.stdout.write(row('crawl --help, from source through tsx', samples.helpTsx));
process.stdout.write(row('crawl get URL, compiled (scripts/crawl)', samples.get));
process.stdout.write(row('crawl get URL, from source through tsx', samples.getTsx));
const wall = (xs: Sample[]) => median(xs.map((x) => x.wallMs)).toFixed(0);
process.stdout.write(`RESULT cli_start help_ms=${wall(samples.help)} get_ms=${wall(samples.get)}\n`);
