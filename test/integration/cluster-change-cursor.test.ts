// Two coordinator processes on one fresh PostgreSQL database: a job whose NOTIFY never reached them
// is picked up through the job change cursor once their LISTEN connections are cut and come back
// (the store side of the cursor is in pg-change-cursor.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createApiKey, createDevice } from '../../coordinator/auth/admin-ops.js';
import type { JobRecord } from '../../coordinator/store/records.js';
import { ApiClient } from '../helpers/client.js';
import { type CoordinatorProcess, startTestAgent } from '../helpers/cluster.js';
import { postgresSkip } from '../helpers/needs.js';
import { type PgCluster, startPgCluster } from '../helpers/pg-cluster.js';
import { pendingJob as pendingOf } from '../helpers/records.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const skip = await postgresSkip();

const pendingJob = (ownerId: string, url = 'https://example.com/'): JobRecord => pendingOf(ownerId, { url });

describe('job change cursor (two coordinators)', { skip }, () => {
  let cluster: PgCluster;
  let target: TargetServer;

  before(async () => {
    target = await startTargetServer();
    cluster = await startPgCluster('cursor', ['--heartbeat-interval-ms', '1000']);
  });
  after(async () => {
    await cluster?.stop();
    await target?.close();
  });

  it('a job whose wake-up was lost is picked up after the LISTEN connection is cut', {
    timeout: 60_000,
  }, async () => {
    const { store } = cluster;
    const [, c2] = cluster.coordinators as [CoordinatorProcess, CoordinatorProcess];
    const { key, record } = await createApiKey(store);
    const agent = await startTestAgent({
      deviceId: 'only-on-2',
      token: (await createDevice(store, { id: 'only-on-2' })).token,
      coordinators: [c2.url],
    });
    try {
      // Written straight to the database after both coordinators started: no NOTIFY was ever
      // sent for it, as if it had been sent while their listeners were reconnecting.
      const job = pendingJob(record.ownerId, `${target.httpUrl}/echo?lost=1`);
      await store.insertJob(job);
      const admin = new pg.Client({ connectionString: cluster.pg.url });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'crawl-coordinator-listen'",
        );
        // Each coordinator listens once for cluster sync (and once more for push events).
        assert.ok(rows.length >= 2, `LISTEN connections cut: ${rows.length}`);
      } finally {
        await admin.end();
      }
      // Each reconnects and reads the changes since its position (the poll would take 60 s).
      const api2 = new ApiClient(c2.url, key);
      const done = await api2.waitTerminal(job.id, 20_000);
      assert.equal(done.status, 'completed', JSON.stringify(done));
      const dl = (await api2.download(job.id)) as { metadata: { device_id: string } };
      assert.equal(dl.metadata.device_id, 'only-on-2');
    } finally {
      await agent.stop();
    }
  });
});
