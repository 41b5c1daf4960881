// NOTIFY coalesced per turn on PostgreSQL: the wake-ups a coordinator's writes start in one turn go
// in one NOTIFY (one commit), and what a listener's socket brings in one turn reaches its
// subscribers once, at the turn's end, each event once (store/postgres/event-hub.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { eventChannel } from '../../coordinator/store/postgres/connection-spec.js';
import { EventHub } from '../../coordinator/store/postgres/event-hub.js';
import { PgWriteBatch } from '../../coordinator/store/postgres/write-batch.js';
import type { StoreEvent } from '../../coordinator/store/store-events.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';

const skip = await postgresSkip();

describe('NOTIFY coalesced per turn', { skip }, () => {
  it('sends one notification for a turn of wake-ups and delivers a turn of them once', async () => {
    const db = await freshPostgresUrl();
    const channel = eventChannel(null);
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const hub = new EventHub({ clientConfig: { connectionString: db.url }, channel });
    const raw = new pg.Client({ connectionString: db.url });
    await raw.connect();
    try {
      const notifications: string[] = [];
      raw.on('notification', (m) => notifications.push(m.payload ?? ''));
      await raw.query(`LISTEN "${channel}"`);
      // Each turn's events as the subscriber heard them; `until` resolves at a count heard.
      const turns: StoreEvent[][] = [];
      let current: StoreEvent[] | null = null;
      let heard = 0;
      let waiting: { count: number; resolve: () => void } | null = null;
      const until = (count: number) =>
        new Promise<void>((resolve) => {
          waiting = { count, resolve };
        });
      await hub.subscribe((e) => {
        if (!current) {
          const turn: StoreEvent[] = [];
          current = turn;
          turns.push(turn);
          // The turn's end: whatever the subscriber heard until then came in this turn.
          setImmediate(() => {
            current = null;
            if (waiting && heard >= waiting.count) waiting.resolve();
          });
        }
        current.push(e);
        heard++;
      });

      // Forty wake-ups started in one turn: one commit, one NOTIFY, one turn of the subscriber.
      const first = until(40);
      const writes = new PgWriteBatch(pool, channel);
      await Promise.all(
        Array.from({ length: 40 }, (_v, i) =>
          writes.write({ kind: 'notify', event: { type: 'job_terminal', jobId: `job-${i}` } }),
        ),
      );
      await first;
      assert.equal(writes.stats.batches, 1);
      await raw.query('SELECT 1'); // the raw listener has read what came before this answer
      assert.equal(notifications.length, 1, 'one NOTIFY for the turn');
      assert.equal(JSON.parse(notifications[0] ?? '[]').length, 40);
      assert.equal(turns.length, 1, 'one turn delivered them all');
      assert.equal(turns[0]?.length, 40);
      assert.deepEqual(hub.stats, { events: 40, turns: 1 });

      // Two NOTIFYs of one commit arrive together, a wake-up in both: heard once, in one turn, at
      // its last place.
      const second = until(42);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify([{ type: 'resync' }])]);
        await client.query('SELECT pg_notify($1, $2)', [
          channel,
          JSON.stringify([{ type: 'job_pending', jobId: 'a' }, { type: 'resync' }]),
        ]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await second;
      assert.equal(turns.length, 2);
      assert.deepEqual(turns[1], [{ type: 'job_pending', jobId: 'a' }, { type: 'resync' }]);
      assert.deepEqual(hub.stats, { events: 43, turns: 2 });
    } finally {
      await raw.end();
      await hub.close();
      await pool.end();
      await db.drop();
    }
  });
});
