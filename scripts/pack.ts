// `npm run pack`: the client, the `crawl` CLI and the device agent as npm packages, from the build
// (dist/; built first when a source is newer than it). Each package is staged in dist/packages/<name>/
// from its template packages/<name>/package.json (name, bin, exports, files), with the root's version
// and engines, and dependencies pinned to the versions of the root's package-lock.json, then packed
// with `npm pack` into dist/packages/*.tgz. Prints one line `PACKED <name> <tgz>` per package and a
// last line of JSON {name: tgz}. docs/operations.md ("Install from the packages") says how to install them.
//   - client: dist/client/*.js with declarations; at run time it imports nothing but node: built-ins
//     (checked here), its declarations read the contract's (carried, types only) and typebox's.
//   - cli: the esbuild bundle of `crawl` (dist/cli-bundle), no dependencies at all.
//   - agent: the compiled modules the agent reaches (agent/, common/, proto/, contract/common), scripts/crawl-agent,
//     the unit and env example; its dependencies are the packages those modules import.
//   npx tsx scripts/pack.ts [--only client,cli,agent]
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { build, buildIsCurrent, CLI_BUNDLE_DIR, DIST, ROOT, STAMP } from './build.js';

export const PACKAGES = ['client', 'cli', 'agent'] as const;
export type PackageName = (typeof PACKAGES)[number];
export const PACKS_DIR = path.join(DIST, 'packages');

/** Modules the agent loads by path, not by an import esbuild can follow (worker-thread entries). */
const AGENT_ENTRIES = [
  'agent/main.ts',
  'agent/status/cli.ts',
  'common/offload/offload-worker.ts',
  'agent/executors/offload/tasks.ts',
];
const AGENT_FILES = [
  'scripts/crawl-agent',
  'scripts/install-agent.sh',
  'scripts/supported-node.sh',
  'systemd/crawl-agent.service',
  'systemd/agent.env.example',
];

interface Closure {
  /** Source files (relative to the root) the entries reach, through static and dynamic imports. */
  files: string[];
  /** npm packages imported from those files. */
  packages: Set<string>;
}

const BUILTIN = new Set(builtinModules);

/** `lighthouse/core/x.js` → `lighthouse`, `@scope/pkg/sub` → `@scope/pkg`; null for a built-in. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || BUILTIN.has(specifier.split('/')[0] ?? '')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

/** What the entries reach at run time, as esbuild resolves it (type-only imports are not followed). */
async function runtimeClosure(entries: string[]): Promise<Closure> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir: 'closure',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imp of output.imports) {
      const name = imp.external ? packageOf(imp.path) : null;
      if (name) packages.add(name);
    }
  }
  return { files: Object.keys(result.metafile.inputs).sort(), packages };
}

const DTS_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

/** The declaration files `entry` (a dist/ .d.ts) reaches, and the packages they name. */
function declarationClosure(entry: string): Closure {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(DTS_IMPORT)) {
      const spec = m[1] ?? '';
      if (spec.startsWith('.')) todo.push(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.d.ts')));
      else {
        const name = packageOf(spec);
        if (name) packages.add(name);
      }
    }
  }
  return { files: [...seen].map((f) => path.relative(DIST, f)).sort(), packages };
}

/** Each package at the exact version the root's lock file installs (what the tests ran with). */
function lockedVersions(names: Iterable<string>): Record<string, string> {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const out: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`pack: ${name} is imported but not in package-lock.json`);
    out[name] = version;
  }
  return out;
}

/** The compiled counterpart in dist/ of a source file the closure names. */
function compiledOf(source: string): string {
  return source.endsWith('.ts') ? source.replace(/\.ts$/, '.js') : source;
}

function copyInto(stage: string, fromAbs: string, toRel: string): void {
  const to = path.join(stage, toRel);
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(fromAbs, to);
}

function writeManifest(stage: string, name: PackageName, dependencies: Record<string, string>): void {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    engines?: Record<string, string>;
  };
  const template = JSON.parse(
    readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8'),
  ) as Record<string, unknown>;
  const manifest = {
    name: template.name,
    version: root.version,
    ...template,
    ...(root.engines ? { engines: root.engines } : {}),
    ...(Object.keys(dependencies).length > 0 ? { dependencies } : {}),
  };
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

async function stageClient(stage: string): Promise<Record<string, string>> {
  const runtime = await runtimeClosure(['client/index.ts']);
  const outside = runtime.files.filter((f) => !f.startsWith('client/'));
  if (outside.length > 0 || runtime.packages.size > 0) {
    throw new Error(
      `pack: the client must import only client/ and node: at run time, not ${[...outside, ...runtime.packages].join(', ')}`,
    );
  }
  for (const f of runtime.files)
    copyInto(stage, path.join(DIST, compiledOf(f)), path.join('dist', compiledOf(f)));
  const types = declarationClosure(path.join(DIST, 'client/index.d.ts'));
  for (const f of types.files) copyInto(stage, path.join(DIST, f), path.join('dist', f));
  return lockedVersions(types.packages);
}

async function stageCli(stage: string): Promise<Record<string, string>> {
  cpSync(CLI_BUNDLE_DIR, path.join(stage, 'dist'), { recursive: true });
  chmodSync(path.join(stage, 'dist/crawl.js'), 0o755);
  return {};
}

async function stageAgent(stage: string): Promise<Record<string, string>> {
  const closure = await runtimeClosure(AGENT_ENTRIES);
  // proto/constants.ts takes the API's vocabulary (job methods, regions) from contract/common.ts.
  const outside = closure.files.filter((f) => !/^(agent|common|proto|contract)\//.test(f));
  if (outside.length > 0) throw new Error(`pack: the agent reaches files outside its folders: ${outside}`);
  for (const f of closure.files)
    copyInto(stage, path.join(DIST, compiledOf(f)), path.join('dist', compiledOf(f)));
  // The wrapper runs dist/ when the stamp is there and no source is newer (the package has none).
  copyInto(stage, STAMP, 'dist/.build-stamp');
  for (const f of AGENT_FILES) copyInto(stage, path.join(ROOT, f), f);
  return lockedVersions(closure.packages);
}

const STAGERS: Record<PackageName, (stage: string) => Promise<Record<string, string>>> = {
  client: stageClient,
  cli: stageCli,
  agent: stageAgent,
};

/** Builds when the build is stale, stages and packs `names`; answers each package's .tgz path. */
export async function pack(names: readonly PackageName[] = PACKAGES): Promise<Record<string, string>> {
  if (!buildIsCurrent()) await build();
  mkdirSync(PACKS_DIR, { recursive: true });
  const out: Record<string, string> = {};
  for (const name of names) {
    const stage = path.join(PACKS_DIR, name);
    rmSync(stage, { recursive: true, force: true });
    mkdirSync(stage, { recursive: true });
    writeManifest(stage, name, await STAGERS[name](stage));
    const json = execFileSync('npm', ['pack', '--json', '--pack-destination', PACKS_DIR], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [info] = JSON.parse(json) as { filename: string }[];
    if (!info) throw new Error(`pack: npm pack gave no file for ${name}`);
    out[name] = path.join(PACKS_DIR, info.filename);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const only = process.argv.indexOf('--only');
  const names = (only >= 0 ? (process.argv[only + 1] ?? '').split(',') : [...PACKAGES]).filter(
    (n): n is PackageName => (PACKAGES as readonly string[]).includes(n),
  );
  if (names.length === 0) throw new Error(`pack: --only takes some of ${PACKAGES.join(',')}`);
  const packed = await pack(names);
  for (const [name, file] of Object.entries(packed)) process.stdout.write(`PACKED ${name} ${file}\n`);
  process.stdout.write(`${JSON.stringify(packed)}\n`);
}
