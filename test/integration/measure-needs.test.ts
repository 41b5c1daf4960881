// Suites that run ping, traceroute and mtr ask test/helpers/needs.ts, as PostgreSQL and Chromium
// suites do: where a tool is missing (here: the probe looks in an empty directory) they skip with
// the probe's reason and the run says why once; under CI=true the file fails instead, so CI never
// passes with measurement tests that did not run.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../helpers/cluster.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/needs/measure-tools.ts');

function runFixture(env: Record<string, string>): Promise<{ code: number; out: string }> {
  // Not this run's CI flag, and not its runner context: the fixture makes a run of its own.
  const { CI: _ci, NODE_TEST_CONTEXT: _context, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', FIXTURE],
      {
        cwd: ROOT,
        env: { ...rest, TEST_MEASURE_TOOL_DIRS: mkdtempSync(path.join(tmpdir(), 'no-tools-')), ...env },
        timeout: 60_000,
      },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` });
      },
    );
  });
}

describe('suites that need the measurement tools', () => {
  test('skip without them, with the probe’s reason; the why said once', async () => {
    const { code, out } = await runFixture({});
    assert.equal(code, 0, out);
    assert.equal(out.split('ping/traceroute/mtr suites are skipped in this run:').length - 1, 1, out);
    assert.match(out, /MEASURE_PING_ICMP \(ping is not installed\)/);
    assert.match(out, /bash scripts\/setup\.sh installs ping, traceroute and mtr/);
    assert.match(out, /# SKIP MEASURE_PING_ICMP unavailable: ping is not installed/);
    assert.match(out, /# SKIP MEASURE_MTR_ICMP unavailable: mtr is not installed/);
    assert.match(out, /ok 3 - needs no tool for a TCP ping\n/);
  });

  test('fail under CI=true instead of skipping', async () => {
    const { code, out } = await runFixture({ CI: 'true' });
    assert.notEqual(code, 0, out);
    assert.match(
      out,
      /CI=true and ping\/traceroute\/mtr is missing: MEASURE_PING_ICMP \(ping is not installed\)/,
    );
    assert.equal(out.split('# SKIP').length - 1, 0, out);
  });
});
