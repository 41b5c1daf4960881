// Limit counters on PostgreSQL, shared by every coordinator: fixed windows keyed by (key, name,
// window start), each held as rows in shards (migration 20). A coordinator adds its unchecked counts
// (usage of a key without that quota, refunds) to a shard row of its own, so no row is written by
// every coordinator; a checked charge goes to shard '' by a conditional upsert-increment whose
// condition adds the other shards, so two coordinators can never both take the last unit of a
// window (the '' row's lock orders them). A counter's value is the sum of its rows.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { ConsumeOutcome, CounterCharge, KeyLimits, LimitStore, UsageCounts } from '../limit-types.js';
import { limitsJson } from '../rows.js';
import { withTransaction } from './transactions.js';
import type { PgWriteBatch } from './write-batch.js';

type Queryable = pg.Pool | pg.PoolClient;

/** The rows of one counter other than the checked row '': the unchecked counts of every shard. */
const OTHERS = `SELECT COALESCE(SUM(o.count), 0)::bigint AS n FROM limit_counters o
    WHERE o.key_id = $1 AND o.name = $2 AND o.window_start_ms = $3 AND o.shard <> ''`;

// The checked row is written only when its sum with the other shards stays within the limit; no
// row back means it did not fit. (A charge larger than its limit never reaches here: the limiter
// refuses it without a round trip.) Back: the counter's value, every shard summed.
const ADD = `WITH o AS (${OTHERS}),
  up AS (INSERT INTO limit_counters AS c (key_id, name, window_start_ms, shard, count)
    SELECT $1, $2, $3, '', $4::bigint FROM o WHERE $4::bigint + o.n <= $5::bigint
    ON CONFLICT (key_id, name, window_start_ms, shard)
    DO UPDATE SET count = c.count + EXCLUDED.count
    WHERE c.count + EXCLUDED.count + (SELECT n FROM o) <= $5::bigint
    RETURNING c.count)
  SELECT up.count + o.n AS count FROM up, o`;
const READ = `SELECT COALESCE(SUM(count), 0)::bigint AS count FROM limit_counters
  WHERE key_id = $1 AND name = $2 AND window_start_ms = $3`;
const UNFINISHED =
  "SELECT COUNT(*)::int AS n FROM jobs WHERE owner_id = $1 AND status IN ('pending', 'running')";

/** A shard of this store instance's own: 8 hex digits, never '' (the checked row). */
export function newCounterShard(): string {
  return randomBytes(4).toString('hex');
}

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

// Every charge and the unfinished-jobs check in one statement: the verdict is taken on the counters
// (every shard summed) as the statement found them, and each upsert of a checked row re-checks its
// own limit against the newest row plus the other shards.
const CONSUME_ALL = `WITH want AS (
    SELECT * FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::bigint[])
      WITH ORDINALITY AS w(name, ws, amount, lim, i)
  ),
  cur AS (
    SELECT w.i, w.name, w.ws, w.amount, w.lim,
      COALESCE((SELECT SUM(c.count) FROM limit_counters c
        WHERE c.key_id = $1 AND c.name = w.name AND c.window_start_ms = w.ws), 0)::bigint AS count,
      COALESCE((SELECT SUM(c.count) FROM limit_counters c
        WHERE c.key_id = $1 AND c.name = w.name AND c.window_start_ms = w.ws AND c.shard <> ''), 0)::bigint AS others
      FROM want w
  ),
  open AS (
    SELECT CASE WHEN $6::text IS NULL THEN NULL ELSE
      (SELECT COUNT(*)::int FROM jobs WHERE owner_id = $6 AND status IN ('pending', 'running')) END AS n
  ),
  verdict AS (
    SELECT COALESCE((SELECT bool_and(count + amount <= lim) FROM cur), true)
       AND ($6::text IS NULL OR (SELECT n FROM open) + $7::int <= $8::int) AS ok
  ),
  up AS (
    INSERT INTO limit_counters AS c (key_id, name, window_start_ms, shard, count)
      SELECT $1, w.name, w.ws, '', w.amount FROM want w WHERE (SELECT ok FROM verdict)
    ON CONFLICT (key_id, name, window_start_ms, shard)
    DO UPDATE SET count = c.count + EXCLUDED.count
      WHERE c.count + EXCLUDED.count + (SELECT w2.others FROM cur w2
          WHERE w2.name = EXCLUDED.name AND w2.ws = EXCLUDED.window_start_ms) <=
        (SELECT w2.lim FROM cur w2 WHERE w2.name = EXCLUDED.name AND w2.ws = EXCLUDED.window_start_ms)
    RETURNING c.name, c.window_start_ms, c.count
  )
  SELECT (SELECT ok FROM verdict) AS ok, (SELECT n FROM open) AS open,
    (SELECT json_agg(json_build_object('i', i, 'name', name, 'count', count, 'amount', amount, 'lim', lim) ORDER BY i)
       FROM cur) AS cur,
    (SELECT json_agg(json_build_object('name', up.name, 'ws', up.window_start_ms, 'count', up.count + cur.others))
       FROM up JOIN cur ON cur.name = up.name AND cur.ws = up.window_start_ms) AS applied`;

interface ConsumeRow {
  ok: boolean;
  open: number | null;
  cur: Array<{ name: string; count: number; amount: number; lim: number }> | null;
  applied: Array<{ name: string; ws: number; count: number }> | null;
}

/**
 * One round trip: null when a concurrent request won a race between this statement's verdict and
 * its upserts (some charges applied, some not); those applied are given back and the caller decides
 * again in a transaction.
 */
async function consumeInOneStatement(
  pool: pg.Pool,
  keyId: string,
  charges: readonly CounterCharge[],
  unfinished?: { ownerId: string; amount: number; limit: number },
): Promise<ConsumeOutcome | null> {
  const res = await pool.query<ConsumeRow>(CONSUME_ALL, [
    keyId,
    charges.map((c) => c.name),
    charges.map((c) => c.windowStartMs),
    charges.map((c) => c.amount),
    charges.map((c) => c.limit),
    unfinished?.ownerId ?? null,
    unfinished?.amount ?? 0,
    unfinished?.limit ?? 0,
  ]);
  const row = res.rows[0];
  if (!row) throw new Error('limit statement returned no row');
  const open = row.open;
  if (!row.ok) {
    if (unfinished && open !== null && open + unfinished.amount > unfinished.limit) {
      return { ok: false, failed: 'concurrent', count: open };
    }
    const over = (row.cur ?? []).find((c) => Number(c.count) + Number(c.amount) > Number(c.lim));
    return { ok: false, failed: over?.name ?? charges[0]?.name ?? '', count: Number(over?.count ?? 0) };
  }
  const applied = row.applied ?? [];
  if (applied.length === charges.length) {
    const countOf = new Map(applied.map((a) => [`${a.name}@${a.ws}`, Number(a.count)]));
    return {
      ok: true,
      counts: charges.map((c) => countOf.get(`${c.name}@${c.windowStartMs}`) ?? 0),
      unfinished: open,
    };
  }
  for (const a of applied) {
    const c = charges.find((x) => x.name === a.name && x.windowStartMs === Number(a.ws));
    if (c) await addOne(pool, keyId, { ...c, amount: -c.amount, limit: Number.MAX_SAFE_INTEGER });
  }
  return null;
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
  // Several charges (a job-creating request): one statement too, unless it lost a race.
  const fast = await consumeInOneStatement(pool, keyId, charges, unfinished);
  if (fast) return fast;
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
  // Each window's rows summed over its shards; the one-row side keeps the unfinished count when no
  // window is asked.
  const res = await pool.query<{ name: string | null; ws: string | null; count: string | null; n: number }>(
    `SELECT w.name, w.ws, w.count, u.n
       FROM (SELECT COUNT(*)::int AS n FROM jobs WHERE owner_id = $2 AND status IN ('pending', 'running')) u
       LEFT JOIN LATERAL (
         SELECT v.name, v.ws, COALESCE((SELECT SUM(c.count) FROM limit_counters c
             WHERE c.key_id = $1 AND c.name = v.name AND c.window_start_ms = v.ws), 0)::bigint AS count
           FROM unnest($3::text[], $4::bigint[]) AS v(name, ws)) w ON true`,
    [keyId, ownerId, windows.map((w) => w.name), windows.map((w) => w.windowStartMs)],
  );
  const found = new Map(
    res.rows.filter((r) => r.name !== null).map((r) => [`${r.name}@${r.ws}`, Number(r.count)]),
  );
  return {
    counts: windows.map((w) => found.get(`${w.name}@${w.windowStartMs}`) ?? 0),
    unfinished: res.rows[0]?.n ?? 0,
  };
}

/** Per-key limits and their counters in PostgreSQL (Store.limits). */
export class PostgresLimitStore implements LimitStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly writes: PgWriteBatch,
    /** This store's own shard of the unchecked counts (newCounterShard). */
    private readonly shard: string = newCounterShard(),
  ) {}

  async setApiKeyLimits(id: string, limits: KeyLimits): Promise<boolean> {
    const res = await this.pool.query('UPDATE api_keys SET limits = $1 WHERE id = $2', [
      limitsJson(limits),
      id,
    ]);
    return (res.rowCount ?? 0) > 0;
  }

  consumeLimits(
    keyId: string,
    charges: readonly CounterCharge[],
    unfinished?: { ownerId: string; amount: number; limit: number },
  ): Promise<ConsumeOutcome> {
    return consumePostgres(this.pool, keyId, charges, unfinished);
  }

  addCounts(keyId: string, charges: readonly CounterCharge[]): Promise<void> {
    // Unconditional: summed with the batch's other increments into one upsert of this store's own
    // shard rows, which no other coordinator writes.
    return this.writes.write({ kind: 'count', keyId, charges, shard: this.shard });
  }

  readUsage(
    keyId: string,
    ownerId: string,
    windows: ReadonlyArray<{ name: string; windowStartMs: number }>,
  ): Promise<UsageCounts> {
    return readUsagePostgres(this.pool, keyId, ownerId, windows);
  }

  async pruneLimitCounters(beforeMs: number): Promise<number> {
    const res = await this.pool.query('DELETE FROM limit_counters WHERE window_start_ms < $1', [beforeMs]);
    return res.rowCount ?? 0;
  }
}
