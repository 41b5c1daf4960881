// Fails on a forbidden import between agent/, coordinator/ and proto/, or on an import cycle.
// Rules: agent/ and coordinator/ never import each other; outside proto/, proto is reached only
// through proto/index.ts; only proto/codec.ts imports proto/gen; common/ (shared helpers such as the
// config reader) may be imported by both but imports neither.
// The API side: client/ and cli/ never import agent/, coordinator/ or proto/ (they speak only HTTP);
// they reach each other only through their public files (client/index.ts, cli/program.ts) and may
// use the neutral contract/ folder, which itself imports none of the others. client/ stays light:
// besides relative imports it uses only node: built-ins and typebox (for the contract's types).
// One owner of job and session state (coordinator/jobs/job-lifecycle.ts): within coordinator/, only
// app.ts (the composition root) imports it; its queue, device slots and picker are imported by it
// alone; the link, the API, cluster sync and session expiry reach coordinator/jobs/ only through
// its reporting interfaces; and no other module calls the store's job and session writes.
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

const OWNER = 'coordinator/jobs/job-lifecycle.ts';
/** Modules only the owner (or the helper it goes through) may import, within coordinator/. */
const OWNED: Record<string, readonly string[]> = {
  [OWNER]: ['coordinator/app.ts'],
  'coordinator/scheduler/device-slots.ts': [OWNER],
  'coordinator/scheduler/owner-queues.ts': [OWNER],
  'coordinator/scheduler/queue-entry.ts': [OWNER],
  'coordinator/jobs/batch-submit.ts': [OWNER],
  'coordinator/jobs/claim-offers.ts': [OWNER],
  'coordinator/jobs/job-listeners.ts': [OWNER],
  'coordinator/jobs/session-states.ts': [OWNER],
  'coordinator/scheduler/device-picker.ts': [
    'coordinator/scheduler/device-slots.ts',
    'coordinator/scheduler/direct-pick.ts',
  ],
  'coordinator/scheduler/direct-pick.ts': ['coordinator/scheduler/device-slots.ts'],
};
/** Reporters: what they may import from coordinator/jobs/ (the owner's interfaces and its vocabulary). */
const REPORTERS = [
  /^coordinator\/link\//,
  /^coordinator\/api\//,
  /^coordinator\/jobs\/cluster-sync\.ts$/,
  /^coordinator\/scheduler\/session-expiry\.ts$/,
];
const REPORTING = new Set([
  'coordinator/jobs/reports.ts',
  'coordinator/jobs/events.ts',
  'coordinator/jobs/job-types.ts',
  'coordinator/jobs/new-job.ts',
  'coordinator/jobs/transitions.ts',
]);
/** The store's writes of job and session state, and the announcements of them to other coordinators. */
// Matched on the store's name (store.x, this.store.x, services.store.x): a text rule, not a type check.
const STATE_WRITE =
  /\bstore\s*\.\s*(insertJob|claimJob|failJob|completeJob|requeueJob|requeueExpiredLeases|renewLeases|markArchived|insertSweep|insertSession|closeSession|expireSessions|pinSessionDevice)\(|\bstore\s*\.\s*publish\(\s*\{\s*type:\s*'(job_|session_)/;
/**
 * A group's state (store/group-types.ts): written with its members by the owner's group submit
 * only (a driven group's new members and its end too); its counts move in the members' terminal
 * writes inside the store, never from outside. A driven group's lease (claimGroups, …) is its
 * driver's, not group state.
 */
const GROUP_WRITE = /\bstore\s*\.\s*groups\s*\.\s*(insertGroup|addMembers|finishGroup)\(|\bjob_groups\b/;
const GROUP_WRITERS = new Set([OWNER, 'coordinator/jobs/batch-submit.ts']);
/** The owner and the session states it lends its store to (only it imports that file: OWNED). */
const STATE_WRITERS = new Set([OWNER, 'coordinator/jobs/session-states.ts']);
const posix = (p: string) => p.split(path.sep).join('/');

for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const deps: string[] = [];
  const self = posix(path.relative(root, file));
  // crash-points.ts wraps the store (tests and labs): it passes the owner's writes through.
  const wrapsStore = self === 'coordinator/crash-points.ts';
  if (
    self.startsWith('coordinator/') &&
    !STATE_WRITERS.has(self) &&
    !wrapsStore &&
    !self.startsWith('coordinator/store/')
  ) {
    const write = STATE_WRITE.exec(src);
    if (write) {
      problems.push(
        `${self} calls ${write[0]}: only ${OWNER} writes job and session state (report to it instead)`,
      );
    }
  }
  if (
    self.startsWith('coordinator/') &&
    !GROUP_WRITERS.has(self) &&
    !wrapsStore &&
    !self.startsWith('coordinator/store/')
  ) {
    const write = GROUP_WRITE.exec(src);
    if (write) {
      problems.push(
        `${self} uses ${write[0]}: only ${OWNER} (through jobs/batch-submit.ts) writes group state`,
      );
    }
  }
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
    const relPosix = posix(rel);
    if (from === 'coordinator') {
      const allowed = OWNED[relPosix];
      if (allowed && !allowed.includes(self)) {
        problems.push(
          `${where}: ${relPosix} belongs to the owner of job state (imported by ${allowed.join(', ')} only)`,
        );
      }
      if (
        REPORTERS.some((r) => r.test(self)) &&
        relPosix.startsWith('coordinator/jobs/') &&
        !REPORTING.has(relPosix) &&
        relPosix !== self
      ) {
        problems.push(
          `${where}: ${self} reports to the owner of job state through coordinator/jobs/reports.ts`,
        );
      }
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
