// Fails on a forbidden import between agent/, coordinator/ and proto/, or on an import cycle.
// Rules: agent/ and coordinator/ never import each other; outside proto/, proto is reached only
// through proto/index.ts; only proto/codec.ts imports proto/gen; common/ (shared helpers such as the
// config reader) may be imported by both but imports neither.
// The API side: client/ and cli/ never import agent/, coordinator/ or proto/ (they speak only HTTP);
// they reach each other only through their public files (client/index.ts, cli/program.ts) and may
// use the neutral contract/ folder, which itself imports none of the others. client/ stays light:
// besides relative imports it uses only node: built-ins and typebox (for the contract's types).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'gen' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const top = (file: string) => path.relative(root, file).split(path.sep)[0] ?? '';
const files = ['agent', 'common', 'coordinator', 'proto', 'scripts', 'client', 'cli', 'contract']
  .filter((d) => existsSync(path.join(root, d)))
  .flatMap((d) => walk(path.join(root, d)));
const PUBLIC: Record<string, string> = {
  client: path.join('client', 'index.ts'),
  cli: path.join('cli', 'program.ts'),
};
const API_SIDE = new Set(['client', 'cli']);
const SERVER_SIDE = new Set(['agent', 'coordinator', 'proto', 'common']);
const CLIENT_PACKAGES = /^(node:|typebox(\/|$))/;
const graph = new Map<string, string[]>();
const problems: string[] = [];

for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const deps: string[] = [];
  for (const m of src.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? '';
    if (!spec.startsWith('.')) {
      if (top(file) === 'client' && !CLIENT_PACKAGES.test(spec)) {
        problems.push(
          `${path.relative(root, file)} imports ${spec}: client/ uses only node: built-ins and typebox`,
        );
      }
      continue;
    }
    const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
    const rel = path.relative(root, target);
    const from = top(file);
    const to = top(target);
    const where = `${path.relative(root, file)} imports ${spec}`;
    if ((from === 'agent' && to === 'coordinator') || (from === 'coordinator' && to === 'agent')) {
      problems.push(`${where}: agent/ and coordinator/ meet only in proto/`);
    }
    if (from === 'common' && (to === 'agent' || to === 'coordinator')) {
      problems.push(`${where}: common/ is shared by agent/ and coordinator/ and imports neither`);
    }
    if ((API_SIDE.has(from) || from === 'contract') && SERVER_SIDE.has(to)) {
      problems.push(`${where}: ${from}/ talks to the coordinator over HTTP only`);
    }
    if (from === 'contract' && API_SIDE.has(to)) {
      problems.push(`${where}: contract/ is neutral and imports neither client/ nor cli/`);
    }
    if (API_SIDE.has(from) && API_SIDE.has(to) && from !== to && rel !== PUBLIC[to]) {
      problems.push(`${where}: reach ${to}/ through ${PUBLIC[to]}`);
    }
    if (from !== 'proto' && to === 'proto' && rel !== path.join('proto', 'index.ts')) {
      problems.push(`${where}: reach proto/ through proto/index.ts`);
    }
    if (
      rel.startsWith(path.join('proto', 'gen')) &&
      path.relative(root, file) !== path.join('proto', 'codec.ts')
    ) {
      problems.push(`${where}: only proto/codec.ts imports proto/gen`);
    }
    deps.push(target);
  }
  graph.set(file, deps);
}

// Cycle detection: depth-first, colouring nodes.
const state = new Map<string, 1 | 2>();
function visit(node: string, stack: string[]): void {
  state.set(node, 1);
  for (const dep of graph.get(node) ?? []) {
    if (!graph.has(dep)) continue;
    if (state.get(dep) === 1) {
      const cycle = [...stack.slice(stack.indexOf(dep)), dep].map((f) => path.relative(root, f));
      problems.push(`import cycle: ${cycle.join(' → ')}`);
    } else if (!state.has(dep)) visit(dep, [...stack, dep]);
  }
  state.set(node, 2);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);

if (problems.length > 0) {
  process.stderr.write(`${[...new Set(problems)].join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`imports ok: ${files.length} files, no forbidden imports or cycles\n`);
