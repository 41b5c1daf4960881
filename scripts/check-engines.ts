// Fails when this project would run on a Node.js it does not support, or with a dependency that
// does not support the Node.js it claims. The rule is package.json's engines.node (the LTS lines):
// - the Node running this check (the one `npm test` runs the suite on) is within it: on a machine
//   whose own Node is older, scripts/setup.sh installs one into .node/ and links it as
//   node_modules/.bin/node, which npm puts first on its scripts' PATH;
// - every installed package (nested ones included) that declares engines.node allows every version
//   of that range (semver subset), so no dependency is used outside its own engine range;
// - scripts/supported-node.sh, the shell scripts' copy of the rule, says the same range.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const problems: string[] = [];

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: unknown };
}
const readManifest = (dir: string): Manifest | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined; // not a package folder (a cache, a stray directory)
  }
};

const declared = readManifest(root)?.engines?.node;
if (typeof declared !== 'string' || semver.validRange(declared) === null) {
  process.stderr.write(`package.json engines.node is not a semver range: ${String(declared)}\n`);
  process.exit(1);
}
const supported: string = declared;

// 1. The running Node.
if (!semver.satisfies(process.version, supported)) {
  problems.push(
    `Node.js ${process.version} (${process.execPath}) is not supported (package.json engines.node: ${supported}): ` +
      'run `bash scripts/setup.sh`, which installs a supported one into .node/ and makes npm scripts use it',
  );
}

// 2. The shell scripts' copy of the rule.
const shell = readFileSync(path.join(root, 'scripts/supported-node.sh'), 'utf8');
const shellRange = /^\s*SUPPORTED_NODE_RANGE='([^']*)'/m.exec(shell)?.[1];
const shellLine = /^\s*SUPPORTED_NODE_LINE=(\d+)/m.exec(shell)?.[1];
if (shellRange !== supported) {
  problems.push(
    `scripts/supported-node.sh: SUPPORTED_NODE_RANGE='${shellRange}', package.json says '${supported}'`,
  );
}
if (shellLine === undefined || !semver.intersects(`^${shellLine}`, supported)) {
  problems.push(`scripts/supported-node.sh: SUPPORTED_NODE_LINE=${shellLine} is not a line of ${supported}`);
}

// 3. Every installed package: node_modules/<name>, node_modules/@scope/<name>, and theirs in turn.
let packages = 0;
function walk(modules: string): void {
  let names: string[];
  try {
    names = readdirSync(modules);
  } catch {
    return; // no node_modules here
  }
  for (const name of names) {
    if (name.startsWith('.')) continue; // .bin, .package-lock.json, .cache
    const dir = path.join(modules, name);
    if (name.startsWith('@')) {
      walk(dir);
      continue;
    }
    const manifest = readManifest(dir);
    if (manifest === undefined) continue;
    packages += 1;
    const range = manifest.engines?.node;
    if (typeof range === 'string') {
      const where = `${path.relative(root, dir)} (${manifest.name}@${manifest.version})`;
      if (semver.validRange(range) === null) {
        problems.push(`${where}: engines.node is not a range: ${range}`);
      } else if (!semver.subset(supported, range)) {
        problems.push(`${where}: engines.node ${range} excludes part of ${supported}`);
      }
    }
    walk(path.join(dir, 'node_modules'));
  }
}
walk(path.join(root, 'node_modules'));

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `engines ok: Node.js ${process.version} within ${supported}; ${packages} installed packages allow all of it\n`,
);
