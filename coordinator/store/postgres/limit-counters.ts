// Limit counters on PostgreSQL, shared by every coordinator: fixed windows keyed by (key, name,
// window start), each added to by a conditional upsert-increment, so two coordinators can never
// both take the last unit of a window.
import type pg from 'pg';
import type { ConsumeOutcome, CounterCharge, UsageCounts } from '../types.js';
import { withTransaction } from './transactions.js';

type Queryable = pg.Pool | pg.PoolClient;

// The row is written only when the sum stays within the limit; no row back means it did not fit.
// (A charge larger than its limit never reaches here: the limiter refuses it without a round trip.)
const ADD = `INSERT INTO limit_counters (key_id, name, window_start_ms, count) VALUES ($1, $2, $3, $4)
  ON CONFLICT (key_id, name, window_start_ms)
  DO UPDATE SET count = limit_counters.count + EXCLUDED.count
  WHERE limit_counters.count + EXCLUDED.count <= $5
  RETURNING count`;
const READ = 'SELECT count FROM limit_counters WHERE key_id = $1 AND name = $2 AND window_start_ms = $3';
const UNFINISHED =
  "SELECT COUNT(*)::int AS n FROM jobs WHERE owner_id = $1 AND status IN ('pending', 'running')";

class Refused extends Error {
  constructor(readonly outcome: ConsumeOutcome) {
    super('limit reached');
  }
}

async function addOne(db: Queryable, keyId: string, c: CounterCharge): Promise<number | null> {
  const res = await db.query<{ count: string | number }>(ADD, [
    keyId,
    c.name,
    c.windowStartMs,
    c.amount,
    c.limit,
  ]);
  const row = res.rows[0];
  return row ? Number(row.count) : null;
}

async function readOne(db: Queryable, keyId: string, name: string, windowStartMs: number): Promise<number> {
  const res = await db.query<{ count: string | number }>(READ, [keyId, name, windowStartMs]);
  return res.rows[0] ? Number(res.rows[0].count) : 0;
}

export async function consumePostgres(
  pool: pg.Pool,
  keyId: string,
  charges: readonly CounterCharge[],
  unfinished?: { ownerId: string; amount: number; limit: number },
): Promise<ConsumeOutcome> {
  const only = charges[0];
  // The common case (a request under a per-minute limit) is a single statement: one round trip.
  if (charges.length === 1 && only && !unfinished) {
    const count = await addOne(pool, keyId, only);
    if (count !== null) return { ok: true, counts: [count], unfinished: null };
    return { ok: false, failed: only.name, count: await readOne(pool, keyId, only.name, only.windowStartMs) };
  }
  try {
    return await withTransaction(pool, async (client) => {
      let open: number | null = null;
      if (unfinished) {
        const res = await client.query<{ n: number }>(UNFINISHED, [unfinished.ownerId]);
        open = res.rows[0]?.n ?? 0;
        if (open + unfinished.amount > unfinished.limit) {
          throw new Refused({ ok: false, failed: 'concurrent', count: open });
        }
      }
      const counts: number[] = [];
      for (const c of charges) {
        const count = await addOne(client, keyId, c);
        if (count === null) {
          const now = await readOne(client, keyId, c.name, c.windowStartMs);
          throw new Refused({ ok: false, failed: c.name, count: now });
        }
        counts.push(count);
      }
      return { ok: true, counts, unfinished: open };
    });
  } catch (err) {
    // Thrown to roll back the charges already added; the refusal is the answer, not a failure.
    if (err instanceof Refused) return err.outcome;
    throw err;
  }
}

export async function readUsagePostgres(
  pool: pg.Pool,
  keyId: string,
  ownerId: string,
  windows: ReadonlyArray<{ name: string; windowStartMs: number }>,
): Promise<UsageCounts> {
  const res = await pool.query<{ name: string; window_start_ms: string; count: string; n: number }>(
    `SELECT c.name, c.window_start_ms, c.count, u.n
       FROM (SELECT COUNT(*)::int AS n FROM jobs WHERE owner_id = $2 AND status IN ('pending', 'running')) u
       LEFT JOIN limit_counters c ON c.key_id = $1 AND (c.name, c.window_start_ms) IN
         (SELECT * FROM unnest($3::text[], $4::bigint[]))`,
    [keyId, ownerId, windows.map((w) => w.name), windows.map((w) => w.windowStartMs)],
  );
  const found = new Map(
    res.rows.filter((r) => r.name !== null).map((r) => [`${r.name}@${r.window_start_ms}`, Number(r.count)]),
  );
  return {
    counts: windows.map((w) => found.get(`${w.name}@${w.windowStartMs}`) ?? 0),
    unfinished: res.rows[0]?.n ?? 0,
  };
}
