// What a statement written once with Kysely costs per call: compiled once and cached (what the
// stores do: sql/compile.ts) against built and compiled on every call, and a hand-written SQL
// string with its argument array as the floor. CPU per call from process.cpuUsage.
//   npx tsx scripts/bench/sql-compile.ts [--calls 200000]
// Last line: RESULT sql_compile cached_ns_per_call=<n> build_ns_per_call=<n> hand_ns_per_call=<n> build_over_cached=<x>
import { parseFlags } from '../../coordinator/config.js';
import { compile, param } from '../../coordinator/store/sql/compile.js';
import { INSERT_KEY } from '../../coordinator/store/sql/idempotency.js';

const flags = parseFlags(process.argv.slice(2));
const CALLS = Math.min(2_000_000, Number(flags.calls ?? 200_000));
const args = { ownerId: 'owner', key: 'k', requestHash: 'h', resourceId: 'r', createdAtMs: 1 };
let sink = 0;

function measure(name: string, one: (i: number) => { sql: string; values: unknown[] }): number {
  for (let i = 0; i < 10_000; i++) sink += one(i).values.length;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) sink += one(i).values.length + one(i).sql.length;
  const cpu = process.cpuUsage(cpu0);
  const ns = ((cpu.user + cpu.system) * 1000) / (CALLS * 2);
  process.stdout.write(`${name.padEnd(34)} ${ns.toFixed(0).padStart(7)} ns CPU a call\n`);
  return ns;
}

const cached = measure('compiled once, cached', () => {
  const c = INSERT_KEY('postgres');
  return { sql: c.sql, values: c.bind(args) };
});
const build = measure('built and compiled per call', () => {
  const c = compile<typeof args>('postgres', (db) =>
    db
      .insertInto('idempotency_keys')
      .values({
        owner_id: param<string>('ownerId'),
        key: param<string>('key'),
        request_hash: param<string>('requestHash'),
        resource_id: param<string>('resourceId'),
        created_at_ms: param<number>('createdAtMs'),
      })
      .onConflict((oc) => oc.columns(['owner_id', 'key']).doNothing()),
  );
  return { sql: c.sql, values: c.bind(args) };
});
const HAND =
  'INSERT INTO idempotency_keys (owner_id, key, request_hash, resource_id, created_at_ms) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (owner_id, key) DO NOTHING';
const hand = measure('hand-written string', () => ({
  sql: HAND,
  values: [args.ownerId, args.key, args.requestHash, args.resourceId, args.createdAtMs],
}));
if (sink < 0) process.stdout.write('');
process.stdout.write(
  `RESULT sql_compile cached_ns_per_call=${cached.toFixed(0)} build_ns_per_call=${build.toFixed(0)} hand_ns_per_call=${hand.toFixed(0)} build_over_cached=${(build / cached).toFixed(1)}\n`,
);
