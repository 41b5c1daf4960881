// How a measurement tool is run (agent/executors/measure/tool.ts): a process that never ends is
// killed at the time limit, one that prints without end is stopped at the output bound, an abort
// (the coordinator's deadline) kills it at once, and a missing tool is an error, not a hang.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runTool } from '../../agent/executors/measure/tool.js';

const NODE = process.execPath;

describe('running a measurement tool', () => {
  it('kills a tool that does not end at its time limit and keeps what it printed', async () => {
    const t0 = Date.now();
    const run = await runTool(NODE, ['-e', 'console.log("first line"); setInterval(() => {}, 1000)'], {
      timeoutMs: 500,
    });
    assert.equal(run.timedOut, true);
    assert.equal(run.exitCode, null);
    assert.equal(run.stdout, 'first line\n');
    assert.ok(Date.now() - t0 < 5_000);
  });

  it('stops a tool that prints without end at the output bound', async () => {
    const run = await runTool(NODE, ['-e', 'const s = "x".repeat(4096); for (;;) process.stdout.write(s)'], {
      timeoutMs: 10_000,
      maxBytes: 10_000,
    });
    assert.equal(run.truncated, true);
    assert.equal(run.timedOut, false);
    assert.ok(run.stdout.length <= 10_000, `${run.stdout.length} bytes kept`);
  });

  it('an abort kills the tool at once and rejects with the abort reason', async () => {
    const abort = new AbortController();
    const t0 = Date.now();
    const running = runTool(NODE, ['-e', 'setInterval(() => {}, 1000)'], {
      timeoutMs: 30_000,
      signal: abort.signal,
    });
    const reason = new Error('deadline');
    setTimeout(() => abort.abort(reason), 100);
    await assert.rejects(running, (err) => err === reason);
    assert.ok(Date.now() - t0 < 5_000);
  });

  it('the exit code and both streams of a tool that fails', async () => {
    const run = await runTool(NODE, ['-e', 'console.error("no route"); process.exit(2)'], {
      timeoutMs: 10_000,
    });
    assert.equal(run.exitCode, 2);
    assert.equal(run.stderr, 'no route\n');
    assert.equal(run.timedOut, false);
  });

  it('a missing tool rejects with ENOENT', async () => {
    await assert.rejects(runTool('/nonexistent/ping', [], { timeoutMs: 1_000 }), { code: 'ENOENT' });
  });
});
