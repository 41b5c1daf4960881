// Fails on a forbidden import between agent/, coordinator/ and proto/, or on an import cycle.
// Rules: agent/ and coordinator/ never import each other; outside proto/, proto is reached only
// through proto/index.ts; only proto/codec.ts imports proto/gen; common/ (shared helpers such as the
// config reader) may be imported by both but imports neither; contract/ (the HTTP API's schemas,
// shared with clients) imports nothing of agent/, coordinator/ or proto/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
const files = ['agent', 'common', 'contract', 'coordinator', 'proto', 'scripts'].flatMap((d) =>
  walk(path.join(root, d)),
);
const graph = new Map<string, string[]>();
const problems: string[] = [];

for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const deps: string[] = [];
  for (const m of src.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? '';
    if (!spec.startsWith('.')) continue;
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
    if (from === 'contract' && to !== 'contract') {
      problems.push(`${where}: contract/ stands alone (clients import it)`);
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
