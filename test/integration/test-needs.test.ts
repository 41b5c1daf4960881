// Suites that need PostgreSQL (and Chromium, through the same helper, test/helpers/needs.ts): on a
// machine without it they skip and the run says why once, however many files skip; under CI=true
// they fail instead, so CI never passes with suites that did not run. Runs node:test on two
// fixture files with TEST_POSTGRES_URL pointing at a loopback port where nothing listens.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../helpers/cluster.js';

const FIXTURES = ['test/fixtures/needs/postgres-a.ts', 'test/fixtures/needs/postgres-b.ts'];

/** A loopback port that refuses connections: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function runFixtures(env: Record<string, string>): Promise<{ code: number; out: string }> {
  // Not this run's CI flag, and not its runner context: the fixtures make a run of their own.
  const { CI: _ci, NODE_TEST_CONTEXT: _context, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', ...FIXTURES.map((f) => path.join(ROOT, f))],
      { cwd: ROOT, env: { ...rest, ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('suites that need PostgreSQL', () => {
  test('skip without it, the why said once in the run', async () => {
    const port = await closedPort();
    const { code, out } = await runFixtures({
      TEST_POSTGRES_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    });
    assert.equal(code, 0, out);
    assert.equal(count(out, 'PostgreSQL suites are skipped in this run:'), 1, out);
    assert.match(out, new RegExp(`127\\.0\\.0\\.1:${port}/postgres did not answer \\(.*ECONNREFUSED`));
    assert.match(out, /scripts\/setup\.sh --test/);
    assert.equal(count(out, '# SKIP no PostgreSQL (why: see the note at the start of the run)'), 3, out);
  });

  test('fail under CI=true instead of skipping', async () => {
    const port = await closedPort();
    const { code, out } = await runFixtures({
      CI: 'true',
      TEST_POSTGRES_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    });
    assert.notEqual(code, 0, out);
    assert.match(out, /CI=true and PostgreSQL is missing: .*did not answer/);
    assert.equal(count(out, '# SKIP'), 0, out);
  });
});
