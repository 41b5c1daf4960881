// `npm run build`: the TypeScript of agent/, coordinator/, common/, proto/, client/, contract/ and
// cli/ compiled to plain JavaScript with declaration files under dist/ (tsc, tsconfig.build.json, the
// same layout as the sources), the files those modules read beside themselves at run time, and the
// `crawl` command as one esbuild bundle (dist/cli-bundle/crawl.js). What runs the compiled code:
// scripts/crawl, scripts/crawl-agent, systemd/crawl-coordinator.service; tsx stays for development
// and tests. dist/.build-stamp, written last, tells the wrappers the build is complete and how new.
//   npm run build   (npx tsx scripts/build.ts)
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
/** Written last by a build that succeeded; the wrappers and the pack script compare sources to it. */
export const STAMP = path.join(DIST, '.build-stamp');
/** The folders compiled into dist/ (tsconfig.build.json's include). */
export const SOURCE_DIRS = ['agent', 'cli', 'client', 'common', 'contract', 'coordinator', 'proto'] as const;
/** The `crawl` bundle: an entry and lazily loaded chunks (the MCP server, only for `crawl mcp`). */
export const CLI_BUNDLE_DIR = path.join(DIST, 'cli-bundle');

/**
 * Files the compiled modules load by a path beside their own (`new URL(..., import.meta.url)`) or
 * import without tsc emitting them (proto/gen is generated JavaScript). Worker-thread modules
 * (common/offload/offload-worker, the task tables) are TypeScript and compiled like the rest:
 * common/offload/tasks.ts's siblingModule picks `.js` when the caller is compiled.
 */
export const RUNTIME_ASSETS = [
  'proto/gen/link.js',
  'proto/gen/link.d.ts',
  'coordinator/network/network-kinds.csv',
  'coordinator/sweeps/block-rules.json',
  'coordinator/dashboard/assets/dashboard.js',
  'coordinator/dashboard/assets/dashboard.css',
] as const;

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtimeMs(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The folders the `crawl` bundle is made from (what scripts/crawl compares with the stamp). */
export const CLI_SOURCE_DIRS = ['cli', 'client', 'contract'] as const;

/**
 * True when a finished build is at least as new as every file in `dirs` (the wrappers' rule:
 * scripts/crawl, scripts/crawl-agent and scripts/crawl-coordinator each check their own folders).
 */
export function buildIsCurrent(dirs: readonly string[] = SOURCE_DIRS): boolean {
  if (!existsSync(STAMP)) return false;
  const stamp = statSync(STAMP).mtimeMs;
  return dirs.every((d) => !existsSync(path.join(ROOT, d)) || newestMtimeMs(path.join(ROOT, d)) <= stamp);
}

function runTsc(): void {
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${r.status ?? r.signal})`);
}

function copyAssets(): void {
  for (const rel of RUNTIME_ASSETS) {
    const to = path.join(DIST, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(ROOT, rel), to);
  }
}

/**
 * `crawl` as one file: measured on this machine, Node resolves and loads ~40 compiled modules and
 * commander in ~250 ms more than it takes to start at all, the bundle in ~50 ms. Its dependencies are
 * bundled too (commander, and the MCP SDK with zod in a chunk only `crawl mcp` imports), so the CLI
 * package needs nothing from the registry.
 */
async function bundleCli(): Promise<void> {
  rmSync(CLI_BUNDLE_DIR, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { crawl: 'cli/main.ts' },
    outdir: CLI_BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    // commander and parts of the MCP SDK are CommonJS and require() Node built-ins: an ES module
    // has no `require`, so each output file makes one.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __crawlCreateRequire } from 'node:module';\nconst require = __crawlCreateRequire(import.meta.url);",
    },
  });
}

export async function build(): Promise<void> {
  const started = new Date();
  rmSync(STAMP, { force: true });
  runTsc();
  copyAssets();
  await bundleCli();
  writeFileSync(STAMP, `${started.toISOString()}\n`);
  // Dated when the build began: a source saved while it ran is newer, so the build counts as stale.
  utimesSync(STAMP, started, started);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await build();
  process.stdout.write(`build: dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
