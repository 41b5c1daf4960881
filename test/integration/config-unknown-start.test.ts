// The real processes refuse to start on a mistyped flag or variable: the coordinator, the agent and
// `npm start` exit 2 before listening, naming the name and the nearest valid one on stderr.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function start(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CRAWL_')));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...clean, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    stderr += d;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('start with an unknown name', () => {
  test('coordinator: --max-atempts 5', async () => {
    const r = await start('coordinator/main.ts', ['--port', '0', '--max-atempts', '5']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /unknown flag --max-atempts \(did you mean --max-attempts\?\)/);
  });

  test('coordinator: CRAWL_MAX_ATEMPTS=5', async () => {
    const r = await start('coordinator/main.ts', ['--port', '0'], { CRAWL_MAX_ATEMPTS: '5' });
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /unknown environment variable CRAWL_MAX_ATEMPTS \(did you mean CRAWL_MAX_ATTEMPTS\?\)/,
    );
  });

  test('agent: --max-concurent and CRAWL_AGENT_CONTRY, both named', async () => {
    const r = await start(
      'agent/main.ts',
      ['--coordinators', 'ws://127.0.0.1:1', '--device-id', 'd1', '--token', 't', '--max-concurent', '2'],
      { CRAWL_AGENT_CONTRY: 'DE' },
    );
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /unknown flag --max-concurent \(did you mean --max-concurrent\?\)/);
    assert.match(
      r.stderr,
      /unknown environment variable CRAWL_AGENT_CONTRY \(did you mean CRAWL_AGENT_COUNTRY\?\)/,
    );
  });

  test('npm start: --prot 0', async () => {
    const r = await start('scripts/dev-up.ts', ['--prot', '0']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /unknown flag --prot \(did you mean --port\?\)/);
  });
});
