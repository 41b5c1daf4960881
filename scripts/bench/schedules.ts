// The schedule loop's cost per look at the store (listDue + nextDueMs: what one timer firing does
// when nothing is due) with 100, 10,000 and 100,000 schedules on SQLite, to show it stays flat in
// the number of schedules. CPU per look beside the wall time; ratios against the smallest size.
// Run: npx tsx scripts/bench/schedules.ts [--sizes 100,10000,100000] [--looks 2000]
import { randomUUID } from 'node:crypto';
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';

const flag = (name: string, def: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? def) : def;
};
const SIZES = flag('--sizes', '100,10000,100000')
  .split(',')
  .map(Number)
  .map((n) => Math.min(n, 200_000));
const LOOKS = Math.min(20_000, Number(flag('--looks', '2000')));

async function measure(size: number): Promise<{ usPerLook: number; cpuUsPerLook: number }> {
  const store = new SqliteStore(':memory:');
  const nowMs = Date.now();
  for (let i = 0; i < size; i++) {
    await store.schedules.insertSchedule({
      id: randomUUID(),
      ownerId: `owner-${i % 1000}`,
      keyId: 'k',
      cron: '0 * * * *',
      timezone: 'UTC',
      template: {
        url: 'https://x.test/',
        regions: ['EU'],
        triesPerRegion: 1,
        timeoutSec: 10,
        deviceType: 'mobile',
      },
      webhook: null,
      // A tenth paused; the rest due over the next day, none now.
      paused: i % 10 === 0,
      nextRunMs: nowMs + 60_000 + ((i * 7919) % 86_400_000),
      createdAt: new Date(nowMs).toISOString(),
    });
  }
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < LOOKS; i++) {
    await store.schedules.listDue(nowMs, 50);
    await store.schedules.nextDueMs();
  }
  const wallUs = Number(process.hrtime.bigint() - started) / 1e3;
  const used = process.cpuUsage(cpu);
  await store.close();
  return { usPerLook: wallUs / LOOKS, cpuUsPerLook: (used.user + used.system) / LOOKS };
}

const results: Array<{ size: number; usPerLook: number; cpuUsPerLook: number }> = [];
for (const size of SIZES) {
  const r = await measure(size);
  results.push({ size, ...r });
  process.stdout.write(
    `${String(size).padStart(7)} schedules: ${r.usPerLook.toFixed(1)} µs per look, ${r.cpuUsPerLook.toFixed(1)} µs CPU\n`,
  );
}
const base = results[0];
for (const r of results) {
  const ratio = base ? r.cpuUsPerLook / base.cpuUsPerLook : 1;
  process.stdout.write(
    `RESULT schedules_look size=${r.size} us_per_look=${r.usPerLook.toFixed(1)} cpu_us_per_look=${r.cpuUsPerLook.toFixed(1)} cpu_ratio_vs_${base?.size}=${ratio.toFixed(2)}\n`,
  );
}
