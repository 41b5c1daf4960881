// Coordinator processes on one fresh PostgreSQL database, sharing a content folder as they would a
// volume: the setup of every cluster test, and its teardown.
import { openStore } from '../../coordinator/store/open.js';
import type { Store } from '../../coordinator/store/types.js';
import { type CoordinatorProcess, removeDir, spawnCoordinator, tempDir } from './cluster.js';
import { type FreshPostgres, freshPostgresUrl } from './postgres.js';

export interface PgCluster {
  pg: FreshPostgres;
  /** A store of the test's own on the same database (keys, devices, direct reads). */
  store: Store;
  dataDir: string;
  coordinators: CoordinatorProcess[];
  /** Stops what still runs, drops the database and the folder. */
  stop(): Promise<void>;
}

export async function startPgCluster(
  name: string,
  flags: readonly string[] = [],
  count = 2,
  opts: {
    /** node's own flags for each coordinator (e.g. --cpu-prof). */
    nodeArgs?: readonly string[];
    /** Store spec parameters for the coordinators (e.g. `commit_gather_ms=0`). */
    storeParams?: string;
  } = {},
): Promise<PgCluster> {
  const pg = await freshPostgresUrl();
  const store = await openStore(pg.url);
  const dataDir = tempDir(name);
  const spec = opts.storeParams ? `${pg.url}?${opts.storeParams}` : pg.url;
  const nodeArgs = opts.nodeArgs ?? [];
  const all = ['--store', spec, '--data-dir', dataDir, ...flags];
  const coordinators = await Promise.all(
    Array.from({ length: count }, () => spawnCoordinator(all, nodeArgs)),
  );
  return {
    pg,
    store,
    dataDir,
    coordinators,
    async stop() {
      for (const c of coordinators) if (c.child.exitCode === null) c.child.kill('SIGTERM');
      await Promise.all(coordinators.map((c) => c.exited));
      await store.close();
      await pg.drop();
      removeDir(dataDir);
    },
  };
}
