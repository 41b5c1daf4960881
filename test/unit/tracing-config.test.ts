// The tracing settings: off unless an endpoint is given, the traces path appended once, no
// credentials in the URL, the sample ratio a share.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AgentConfigError, loadAgentConfig } from '../../agent/config.js';
import { ConfigError, loadCoordinatorConfig } from '../../coordinator/config.js';

const coordinator = (argv: string[], env: Record<string, string> = {}) =>
  loadCoordinatorConfig(['--data-dir', '/tmp/unused', ...argv], env).tracing;
const agent = (argv: string[]) =>
  loadAgentConfig(['--coordinators', 'ws://127.0.0.1:1', '--device-id', 'd', '--token', 't', ...argv], {})
    .tracing;

test('off by default, with each process’s service name', () => {
  assert.deepEqual(coordinator([]), { otlpEndpoint: null, serviceName: 'crawl-coordinator', sampleRatio: 1 });
  assert.deepEqual(agent([]), { otlpEndpoint: null, serviceName: 'crawl-agent', sampleRatio: 1 });
});

test('a base URL gets /v1/traces; a full traces URL is kept', () => {
  assert.equal(
    coordinator(['--otlp-endpoint', 'http://collector:4318']).otlpEndpoint,
    'http://collector:4318/v1/traces',
  );
  assert.equal(
    coordinator(['--otlp-endpoint', 'https://c.example/otlp/']).otlpEndpoint,
    'https://c.example/otlp/v1/traces',
  );
  assert.equal(agent(['--otlp-endpoint', 'http://c:4318/v1/traces']).otlpEndpoint, 'http://c:4318/v1/traces');
  assert.equal(
    coordinator([], { CRAWL_OTLP_ENDPOINT: 'http://env:4318', CRAWL_TRACE_SAMPLE_RATIO: '0.25' })
      .otlpEndpoint,
    'http://env:4318/v1/traces',
  );
});

test('refused: another scheme, credentials in the URL, a ratio outside [0, 1], an odd service name', () => {
  const problems = (argv: string[]) => {
    try {
      coordinator(argv);
      return [];
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.problems;
    }
  };
  assert.match(
    problems(['--otlp-endpoint', 'ftp://c:21'])[0] ?? '',
    /otlp-endpoint: expected an http\(s\) URL/,
  );
  const leaked = problems(['--otlp-endpoint', 'http://user:pw-secret@c:4318'])[0] ?? '';
  assert.match(leaked, /no credentials/);
  assert.ok(!leaked.includes('pw-secret'));
  assert.match(problems(['--trace-sample-ratio', '1.5'])[0] ?? '', /trace-sample-ratio/);
  assert.match(problems(['--trace-service-name', 'a b'])[0] ?? '', /trace-service-name/);
  assert.throws(() => agent(['--otlp-endpoint', 'not a url']), AgentConfigError);
});
