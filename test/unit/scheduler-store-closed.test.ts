// A device leaving while the store is closing (a coordinator shutting down): the dispatcher's
// requeue of its running attempt fails in the store. Nobody awaits that requeue (it comes from a
// link event), so it must be logged, never left as an unhandled rejection that ends the process.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as turn } from 'node:timers/promises';
import { SimulatedFleet } from '../helpers/simulated-fleet.js';

test('a device lost after the store closed: the failed requeue is not an unhandled rejection', async () => {
  const fleet = new SimulatedFleet();
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  process.on('unhandledRejection', onUnhandled);
  try {
    fleet.addDevice({ id: 'leaving', country: 'DE' });
    const job = await fleet.submit();
    await fleet.whenAssigned(job.id);
    await fleet.store.close();
    fleet.removeDevice('leaving'); // the attempt is lost: requeue → the closed store refuses
    // Long enough for the requeue's rejection to surface (it settles within a few turns).
    for (let i = 0; i < 20; i++) await turn();
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    fleet.close();
  }
});
