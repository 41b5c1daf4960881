// --format-timeout (CRAWL_FORMAT_TIMEOUT): the time the coordinator's format workers give one page's
// markdown or main text. Read once with the other settings, a duration from 100 ms to 5 min.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadCoordinatorConfig } from '../../coordinator/config.js';

function problemsOf(argv: string[], env: Record<string, string> = {}): string[] {
  try {
    loadCoordinatorConfig(argv, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

test('10 s by default; a flag or the variable sets it', () => {
  assert.equal(loadCoordinatorConfig([], {}).formatTimeoutMs, 10_000);
  assert.equal(loadCoordinatorConfig(['--format-timeout', '2s'], {}).formatTimeoutMs, 2_000);
  assert.equal(loadCoordinatorConfig([], { CRAWL_FORMAT_TIMEOUT: '1500ms' }).formatTimeoutMs, 1_500);
});

test('outside 100 ms to 5 min, or not a duration, the start fails and says why once', () => {
  assert.deepEqual(problemsOf(['--format-timeout', '0s']), [
    'format-timeout: expected from 100ms to 5m, got "0s"',
  ]);
  assert.deepEqual(problemsOf(['--format-timeout', '6m']), [
    'format-timeout: expected from 100ms to 5m, got "6m"',
  ]);
  assert.deepEqual(problemsOf(['--format-timeout', '5']), [
    'format-timeout: expected a duration such as 90s, 15m, 12h or 30d, got "5"',
  ]);
});
