// The coordinator's memory budget for result content: past it, agent links pause between results
// (the agent's spool keeps what waits), and everything completes once stored results give bytes back.
// A streamed result waiting on a slow storage pauses its link mid-result, holding a bounded buffer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { GatedStorage } from '../helpers/gated-storage.js';
import type { Obj } from '../helpers/json.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('result memory budget', () => {
  let target: TargetServer;
  let c: TestCoordinator;
  let gate: GatedStorage;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator({
      flags: ['--max-buffered-result-bytes', String(128 * 1024)],
      overrides: {
        wrapStorage: (s) => {
          if (s.type === 'local') gate = new GatedStorage(s);
          return s.type === 'local' ? gate : s;
        },
      },
    });
  });
  after(async () => {
    await c.stop();
    await target.close();
  });

  test('a link over the budget pauses between results and resumes when content is stored', async () => {
    const api = new ApiClient(c.url, c.apiKey);
    const agent = await startTestAgent({
      deviceId: 'budgeted',
      token: await c.newDevice('budgeted'),
      coordinators: [c.url],
    });
    const release = gate.hold();
    const stored = gate.nextAttempt();
    // Under the size past which results stream to storage: assembled in memory, then stored whole.
    const big = ((await api.submit({ url: `${target.httpUrl}/big?bytes=${200 * 1024}` })).body as Obj).job_id;
    await stored; // the big result is in memory, waiting for the slow storage
    assert.deepEqual(c.coordinator.link.budgetState, { pausedLinks: 1, heldBytes: 200 * 1024 });
    const small = ((await api.submit({ url: `${target.httpUrl}/echo?budget=1` })).body as Obj).job_id;
    await new Promise<void>((resolve) => {
      const check = () => (agent.agent.snapshot().spool.depth === 2 ? resolve() : setTimeout(check, 5));
      check();
    });
    assert.equal(
      ((await api.status(small)).body as Obj).status,
      'running',
      'its result waits in the agent spool',
    );
    release();
    assert.equal((await api.waitTerminal(big)).status, 'completed');
    assert.equal((await api.waitTerminal(small)).status, 'completed');
    assert.deepEqual(c.coordinator.link.budgetState, { pausedLinks: 0, heldBytes: 0 });
    assert.equal(((await api.download(big)) as Obj).mainResult.sizeBytes, 200 * 1024);
    await agent.stop();
  });

  test('a streamed result waiting on a slow storage pauses its link mid-result, within a bounded buffer', async () => {
    const api = new ApiClient(c.url, c.apiKey);
    const agent = await startTestAgent({
      deviceId: 'backlogged',
      token: await c.newDevice('backlogged'),
      coordinators: [c.url],
    });
    const release = gate.hold();
    const written = gate.nextAttempt();
    const bytes = 6 * 1024 * 1024;
    const big = ((await api.submit({ url: `${target.httpUrl}/big?bytes=${bytes}` })).body as Obj).job_id;
    await written; // its first chunks reached the (stalled) storage
    await new Promise<void>((resolve) => {
      const check = () =>
        c.coordinator.link.budgetState.pausedLinks === 1 ? resolve() : setTimeout(check, 5);
      check();
    });
    const held = c.coordinator.link.budgetState.heldBytes;
    assert.ok(held > 0 && held < 3 * 1024 * 1024, `held ${held} bytes of a ${bytes}-byte result`);
    release();
    assert.equal((await api.waitTerminal(big)).status, 'completed');
    assert.deepEqual(c.coordinator.link.budgetState, { pausedLinks: 0, heldBytes: 0 });
    assert.equal(((await api.download(big)) as Obj).mainResult.sizeBytes, bytes);
    await agent.stop();
  });
});
