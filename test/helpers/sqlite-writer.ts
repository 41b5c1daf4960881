// A process that inserts jobs into a SQLite store one after another, printing each job's id once
// its insert resolved (the moment a submit would answer). The group-commit crash test kills it
// with SIGKILL mid-stream and checks every printed id in the file.
//   node --import tsx test/helpers/sqlite-writer.ts FILE
import { SqliteStore } from '../../coordinator/store/sqlite/sqlite-store.js';
import { pendingJob } from './records.js';

const file = process.argv[2];
if (!file) throw new Error('usage: sqlite-writer.ts FILE');
const store = new SqliteStore(file);
const job = () => pendingJob('owner-crash', { url: 'http://127.0.0.1/' });
// Eight writers at once, as concurrent submits: their inserts share commits.
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (;;) {
      const j = job();
      await store.insertJob(j);
      process.stdout.write(`${j.id}\n`);
    }
  }),
);
