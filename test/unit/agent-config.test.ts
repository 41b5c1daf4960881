// The shared config reader and the agent's settings on it: flags over env, every problem reported,
// the log level and the owner's controls validated like every other setting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentConfigError, loadAgentConfig } from '../../agent/config.js';
import { ConfigReader, parseFlags } from '../../common/config-reader.js';
import { ConfigError, loadCoordinatorConfig } from '../../coordinator/config.js';

const base = ['--coordinators', 'ws://127.0.0.1:1', '--device-id', 'd', '--token', 't'];

describe('config reader', () => {
  it('parses --a b, --a=b and bare flags', () => {
    assert.deepEqual(parseFlags(['--a', 'b', '--c=d=e', '--flag', '--x', 'y', 'stray']), {
      a: 'b',
      c: 'd=e',
      flag: 'true',
      x: 'y',
    });
  });

  it('takes a flag over its env variable and treats empty as unset', () => {
    const r = new ConfigReader(
      ['--max-things', '7'],
      { APP_MAX_THINGS: '9', APP_NAME: '' },
      { envPrefix: 'APP_' },
    );
    assert.equal(r.int('max-things', 1, 0, 10), 7);
    assert.equal(r.str('name', 'def'), 'def');
    assert.equal(r.envName('max-things'), 'APP_MAX_THINGS');
    const fromEnv = new ConfigReader([], { APP_MAX_THINGS: '9' }, { envPrefix: 'APP_' });
    assert.equal(fromEnv.int('max-things', 1, 0, 10), 9);
  });

  it('collects every problem', () => {
    const r = new ConfigReader(['--n', 'x', '--b', 'maybe', '--d', '5 weeks'], {}, { envPrefix: 'APP_' });
    r.int('n', 1, 0, 10);
    r.bool('b', false);
    r.duration('d', '1s');
    assert.deepEqual(r.problems, [
      'n: expected an integer from 0 to 10, got "x"',
      'b: expected true or false, got "maybe"',
      'd: expected a duration such as 90s, 15m, 12h or 30d, got "5 weeks"',
    ]);
  });
});

describe('agent config on the shared reader', () => {
  it('validates the log level in both processes', () => {
    assert.throws(
      () => loadAgentConfig([...base, '--log-level', 'chatty'], {}),
      (err: unknown) =>
        err instanceof AgentConfigError &&
        err.problems.includes(
          'log-level: expected one of fatal, error, warn, info, debug, trace, silent, got "chatty"',
        ),
    );
    assert.throws(
      () => loadCoordinatorConfig([], { CRAWL_LOG_LEVEL: 'loud' }),
      (err: unknown) =>
        err instanceof ConfigError && err.problems[0]?.startsWith('log-level: expected one of'),
    );
    assert.equal(loadAgentConfig(base, { CRAWL_AGENT_LOG_LEVEL: 'debug' }).logLevel, 'debug');
  });

  it('reads the owner controls from flags and env, and reports bad ones', () => {
    const c = loadAgentConfig(
      [...base, '--max-jobs-per-minute', '30', '--deny-domains', '*.Ads.example,.track.example'],
      {
        CRAWL_AGENT_ALLOWED_HOURS: '22:00-06:00',
        CRAWL_AGENT_MAX_BYTES_PER_DAY: '1_000_000',
        CRAWL_AGENT_URL_LOG: 'url',
      },
    );
    assert.deepEqual(c.owner, {
      maxJobsPerMinute: 30,
      maxBytesPerDay: 1_000_000,
      allowedHours: [{ startMinute: 1320, endMinute: 360 }],
      allowDomains: [],
      denyDomains: ['ads.example', 'track.example'],
    });
    assert.equal(c.urlLog, 'url');
    assert.throws(
      () =>
        loadAgentConfig(
          [...base, '--allowed-hours', '9-5', '--allow-domains', 'a b', '--url-log', 'all'],
          {},
        ),
      (err: unknown) =>
        err instanceof AgentConfigError &&
        err.problems.length === 3 &&
        err.problems[0] === 'allowed-hours: expected HH:MM-HH:MM windows, got "9-5"',
    );
  });

  it('keeps the old messages for the old settings', () => {
    assert.throws(
      () => loadAgentConfig(['--max-concurrent', '0'], {}),
      (err: unknown) =>
        err instanceof AgentConfigError &&
        err.message ===
          'invalid agent configuration:\n  coordinators: at least one coordinator URL is required\n  device-id: required\n  token: required (from `npm run admin -- device create`)\n  max-concurrent: expected an integer from 1 to 256, got "0"',
    );
  });

  it('takes --local-address as an IP literal from a flag or env, and refuses anything else', () => {
    assert.equal(loadAgentConfig(base, {}).localAddress, '');
    assert.equal(loadAgentConfig([...base, '--local-address', '127.0.0.2'], {}).localAddress, '127.0.0.2');
    assert.equal(loadAgentConfig(base, { CRAWL_AGENT_LOCAL_ADDRESS: '::1' }).localAddress, '::1');
    for (const bad of ['eth0', 'example.com', '127.0.0.300', '10.0.0.0/8']) {
      assert.throws(
        () => loadAgentConfig([...base, '--local-address', bad], {}),
        (err: unknown) =>
          err instanceof AgentConfigError &&
          err.problems.length === 1 &&
          err.problems[0] === `local-address: expected an IPv4 or IPv6 address, got ${JSON.stringify(bad)}`,
      );
    }
  });
});
