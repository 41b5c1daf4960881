// An unknown flag or CRAWL_ variable is an error at start that names it and the nearest valid one,
// for the coordinator and the agent; the settings the project ships (systemd env files, with their
// commented-out lines too) and other programs' CRAWL_ variables are not refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { AgentConfigError, loadAgentConfig } from '../../agent/config.js';
import { editDistance, nearest } from '../../common/config-reader.js';
import { ConfigError, loadCoordinatorConfig } from '../../coordinator/config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const AGENT_BASE = ['--coordinators', 'ws://127.0.0.1:1', '--device-id', 'd1', '--token', 't'];

function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof AgentConfigError) return err.problems;
    throw err;
  }
  return [];
}

/** Every KEY=value of an env example file, the commented-out settings included. */
function envExample(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    const m = /^#?(CRAWL_[A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) out[m[1] as string] = m[2] as string;
  }
  return out;
}

describe('unknown flags and variables', () => {
  test('nearest name by edit distance', () => {
    assert.equal(editDistance('max-atempts', 'max-attempts'), 1);
    assert.equal(nearest('max-atempts', ['port', 'max-attempts', 'lease-ms']), 'max-attempts');
    assert.equal(nearest('x', []), undefined);
  });

  test('coordinator: a mistyped flag is refused with its nearest flag', () => {
    assert.deepEqual(
      problemsOf(() => loadCoordinatorConfig(['--max-atempts', '5'], {})),
      ['unknown flag --max-atempts (did you mean --max-attempts?)'],
    );
    assert.deepEqual(
      problemsOf(() => loadCoordinatorConfig(['--prot=8080'], {})),
      ['unknown flag --prot (did you mean --port?)'],
    );
    // Known flags still load, including the S3 ones without a bucket.
    assert.equal(loadCoordinatorConfig(['--max-attempts', '5'], {}).maxAttempts, 5);
    assert.equal(loadCoordinatorConfig(['--s3-region', 'eu-west-1'], {}).s3, null);
  });

  test('coordinator: a mistyped CRAWL_ variable is refused; the agent, CLI and probe variables are not', () => {
    assert.deepEqual(
      problemsOf(() => loadCoordinatorConfig([], { CRAWL_MAX_ATEMPTS: '5' })),
      ['unknown environment variable CRAWL_MAX_ATEMPTS (did you mean CRAWL_MAX_ATTEMPTS?)'],
    );
    const others = {
      CRAWL_AGENT_TOKEN: 'x',
      CRAWL_AGENT_COUNTRY: 'DE',
      CRAWL_URL: 'http://127.0.0.1:8080',
      CRAWL_API_KEY: 'ck_x',
      CRAWL_CONFIG: '/tmp/x.json',
      CRAWL_PROFILE: 'p',
      CRAWL_PROBE_OUT: '/tmp/probe.json',
      HOME: '/root',
      CRAWLER: 'not ours',
    };
    assert.deepEqual(
      problemsOf(() => loadCoordinatorConfig([], others)),
      [],
    );
    assert.equal(loadCoordinatorConfig([], { CRAWL_MAX_ATTEMPTS: '7' }).maxAttempts, 7);
  });

  test('agent: a mistyped flag or CRAWL_AGENT_ variable is refused with its nearest name', () => {
    assert.deepEqual(
      problemsOf(() => loadAgentConfig([...AGENT_BASE, '--max-concurent', '2'], {})),
      ['unknown flag --max-concurent (did you mean --max-concurrent?)'],
    );
    assert.deepEqual(
      problemsOf(() => loadAgentConfig(AGENT_BASE, { CRAWL_AGENT_CONTRY: 'DE' })),
      ['unknown environment variable CRAWL_AGENT_CONTRY (did you mean CRAWL_AGENT_COUNTRY?)'],
    );
    // The coordinator's variables in the same shell are not the agent's business.
    assert.deepEqual(
      problemsOf(() => loadAgentConfig(AGENT_BASE, { CRAWL_PORT: '8080' })),
      [],
    );
  });

  test('every setting of the shipped env files is known', () => {
    const coordinator = envExample('systemd/coordinator.env.example');
    assert.ok(Object.keys(coordinator).length > 10, 'the coordinator example lists its settings');
    // S3 left on (it needs both keys) and a local store, so the file loads on any machine.
    const coordinatorEnv = {
      ...coordinator,
      CRAWL_STORE: 'sqlite::memory:',
      CRAWL_S3_ACCESS_KEY_ID: 'a',
      CRAWL_S3_SECRET_ACCESS_KEY: 'b',
    };
    assert.deepEqual(
      problemsOf(() => loadCoordinatorConfig([], coordinatorEnv)).filter((p) => p.startsWith('unknown')),
      [],
    );
    const agent = envExample('systemd/agent.env.example');
    assert.ok(Object.keys(agent).length > 10, 'the agent example lists its settings');
    assert.deepEqual(
      problemsOf(() => loadAgentConfig([], agent)).filter((p) => p.startsWith('unknown')),
      [],
    );
  });
});
