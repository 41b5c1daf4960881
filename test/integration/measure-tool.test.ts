// How a measurement tool is run (agent/executors/measure/tool.ts): a process that never ends is
// killed at the time limit, one that prints without end is stopped at the output bound, an abort
// (the coordinator's deadline) kills it at once, and a tool that cannot start (missing, not
// executable) is a `blocked` ToolStartError, not a hang or a throw.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { JobError, ToolStartError } from '../../agent/errors.js';
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

  it('a missing tool rejects with a ToolStartError (ENOENT)', async () => {
    await assert.rejects(runTool('/nonexistent/ping', [], { timeoutMs: 1_000 }), (err) => {
      // One of the agent's registry errors (agent/errors.ts): a JobError with a stable code.
      assert.ok(err instanceof ToolStartError);
      assert.ok(err instanceof JobError);
      assert.equal(err.code, 'MEASURE_TOOL_START_FAILED');
      assert.equal(err.errno, 'ENOENT');
      assert.equal(err.errorType, 'blocked');
      assert.equal(
        err.message,
        'ping could not start on this device (ENOENT): it is not installed (any more)',
      );
      return true;
    });
  });

  it('a tool the agent may not execute rejects with a ToolStartError (EACCES)', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tool-')), 'traceroute');
    writeFileSync(file, '#!/bin/sh\necho never\n');
    chmodSync(file, 0o644);
    await assert.rejects(runTool(file, [], { timeoutMs: 1_000 }), {
      name: 'ToolStartError',
      errno: 'EACCES',
      message: 'traceroute could not start on this device (EACCES): the agent may not execute it',
    });
  });
});
