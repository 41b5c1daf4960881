// Splits a `postgres://…?schema=…&pool_size=…&commit_gather_ms=…` store spec into what pg needs and what we handle.

export interface PostgresSpec {
  /** The URL handed to pg, without the parameters below. */
  connectionString: string;
  /** Schema holding the tables (created if missing); null = the server's search_path (public). */
  schema: string | null;
  /** Pool connections per coordinator; null = the default. */
  poolSize: number | null;
  /** Longest wait of a busy writer for a fuller batch (write-batch.ts), ms; null = the default. */
  commitGatherMs: number | null;
}

/** Our own query parameters; pg would otherwise read them as connection settings. */
const OWN_PARAMS = new Set(['schema', 'pool_size', 'commit_gather_ms']);

/**
 * Simple identifiers only, so they never need quoting rules beyond double quotes, and short enough
 * that the notify channel `crawl_events_<schema>` fits PostgreSQL's 63-byte identifier limit.
 */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,49}$/;

export function parsePostgresSpec(spec: string): PostgresSpec {
  if (!/^postgres(ql)?:\/\//.test(spec))
    throw new Error('postgres store: expected postgres://… or postgresql://…');
  const q = spec.indexOf('?');
  if (q < 0) return { connectionString: spec, schema: null, poolSize: null, commitGatherMs: null };
  // Split by hand rather than through URLSearchParams so the parameters we pass on to pg stay byte
  // for byte as written (URLSearchParams would re-encode them).
  const kept: string[] = [];
  const own = new Map<string, string>();
  for (const part of spec.slice(q + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    if (OWN_PARAMS.has(key)) own.set(key, decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1)));
    else kept.push(part);
  }
  const schema = own.get('schema') || null;
  if (schema !== null && !SCHEMA_NAME.test(schema)) {
    throw new Error(
      `postgres store: schema must be lower-case letters, digits and _ (at most 50), got ${JSON.stringify(schema)}`,
    );
  }
  // pg lets URL parameters override explicit settings, so ?options= would silently drop our
  // search_path; refuse the combination instead.
  if (schema !== null && kept.some((p) => p.startsWith('options='))) {
    throw new Error('postgres store: use either ?schema= or ?options=, not both');
  }
  const poolText = own.get('pool_size');
  let poolSize: number | null = null;
  if (poolText !== undefined) {
    poolSize = Number(poolText);
    if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 1000) {
      throw new Error(
        `postgres store: pool_size must be an integer from 1 to 1000, got ${JSON.stringify(poolText)}`,
      );
    }
  }
  const gatherText = own.get('commit_gather_ms');
  let commitGatherMs: number | null = null;
  if (gatherText !== undefined) {
    commitGatherMs = Number(gatherText);
    if (!Number.isInteger(commitGatherMs) || commitGatherMs < 0 || commitGatherMs > 100) {
      throw new Error(
        `postgres store: commit_gather_ms must be an integer from 0 to 100, got ${JSON.stringify(gatherText)}`,
      );
    }
  }
  const base = spec.slice(0, q);
  return {
    connectionString: kept.length ? `${base}?${kept.join('&')}` : base,
    schema,
    poolSize,
    commitGatherMs,
  };
}

/** LISTEN/NOTIFY channels are per database, so each schema gets its own channel. */
export function eventChannel(schema: string | null): string {
  return schema === null || schema === 'public' ? 'crawl_events' : `crawl_events_${schema}`;
}
