// Measurements from the typed client and the `crawl` command: `crawl ping|dns TARGET --from DE
// --limit N` spawned as a user runs it, printing one JSON line per device as results arrive when
// stdout is not a terminal and a table per device on a terminal; the client's measure(),
// getMeasurement() and waitForMeasurement(). Real agents, loopback lab targets.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CrawlClient, CrawlInvalidRequestError, type Measurement } from '../../client/index.js';
import { ROOT, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { type LabDnsServer, startLabDns } from '../helpers/dns-server.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';

const CRAWL = path.join(ROOT, 'scripts/crawl');
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('measurements from the client and the CLI', () => {
  let c: TestCoordinator;
  let dns: LabDnsServer;
  let server: net.Server;
  let port: number;
  let home: string;
  const stops: Array<() => Promise<void>> = [];

  before(async () => {
    c = await startTestCoordinator();
    home = tempDir('measure-cli');
    dns = await startLabDns({ 'www.lab.test': [{ type: 'A', ttl: 60, address: '192.0.2.20' }] });
    server = net.createServer((s) => s.end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
    for (let i = 1; i <= 3; i++)
      stops.push(await startMeasureAgent(c, { deviceId: `cli-de-${i}`, country: 'DE' }));
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await dns?.close();
    server?.close();
  });

  function crawl(
    args: string[],
    tty = false,
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOME: home,
      CRAWL_URL: c.url,
      CRAWL_API_KEY: c.apiKey,
      CRAWL_CONFIG: undefined,
      CRAWL_PROFILE: undefined,
    };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const [cmd, argv] = tty
      ? ['script', ['-qec', [CRAWL, ...args].map(shellQuote).join(' '), '/dev/null']]
      : [CRAWL, args];
    const child = spawn(cmd as string, argv as string[], {
      cwd: home,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    const deadline = setTimeout(() => child.kill('SIGKILL'), 60_000);
    return new Promise((resolve) =>
      child.on('close', (code) => {
        clearTimeout(deadline);
        resolve({ code, stdout, stderr });
      }),
    );
  }

  test('crawl ping --from DE --limit 3 without a terminal: one JSON line per device', async () => {
    const run = await crawl([
      'ping',
      '127.0.0.1',
      '--protocol',
      'tcp',
      '--port',
      String(port),
      '--packets',
      '2',
      '--from',
      'DE',
      '--limit',
      '3',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Obj);
    assert.equal(lines.length, 3);
    const devices = lines.map((l) => (l.device as Obj).device_id);
    assert.equal(new Set(devices).size, 3);
    for (const l of lines) {
      assert.equal(l.type, 'ping');
      assert.equal(l.status, 'completed');
      assert.equal(((l.result as Obj).ping as Obj).received, 2);
    }
  });

  test('crawl dns on a terminal: a table per device', async () => {
    const run = await crawl(
      ['dns', 'www.lab.test', '--resolver', '127.0.0.1', '--resolver-port', String(dns.port), '--from', 'DE'],
      true,
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /dns www\.lab\.test from 1 device/);
    assert.match(run.stdout, /DEVICE\s+COUNTRY\s+NETWORK\s+STATUS\s+RESULT/);
    assert.match(run.stdout, /cli-de-\d\s+DE\s+.*completed\s+NOERROR 192\.0\.2\.20/);
  });

  test('a bad location is a usage error; a bad field the coordinator’s exact message', async () => {
    const usage = await crawl(['dns', 'x.test', '--from', 'Germany!']);
    assert.notEqual(usage.code, 0);
    assert.match(usage.stderr, /--from: Germany! is not a country code, a region or an AS number/);
    const bad = await crawl(['dns', 'x.test', '--packets', '2']);
    assert.notEqual(bad.code, 0);
    assert.match(
      bad.stderr,
      /invalid request: packets does not apply to dns \(only to ping, traceroute, mtr\)/,
    );
  });

  test('the client: measure, getMeasurement, waitForMeasurement with updates', async () => {
    const client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const created = await client.measure({
      type: 'dns',
      target: 'www.lab.test',
      resolver: '127.0.0.1',
      resolver_port: dns.port,
      locations: [{ country: 'DE', limit: 2 }],
    });
    assert.equal(created.total_devices, 2);
    const seen: Measurement[] = [];
    const done = await client.waitForMeasurement(created.id, {
      minIntervalMs: 50,
      onUpdate: (m) => seen.push(m),
    });
    assert.equal(done.status, 'finished');
    assert.ok(seen.length >= 1);
    for (const e of done.results) {
      assert.deepEqual(
        e.result?.dns?.answers.map((a) => a.value),
        ['192.0.2.20'],
      );
    }
    const again = await client.getMeasurement(created.id);
    assert.equal(again.id, created.id);
    await assert.rejects(
      client.measure({ type: 'dns', target: '' }),
      (err: unknown) => err instanceof CrawlInvalidRequestError && /target is required/.test(err.message),
    );
  });

  test('the MCP tool measure: per device where it ran and what it found', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${c.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${c.apiKey}` } },
      }),
    );
    try {
      const answer = (await client.callTool({
        name: 'measure',
        arguments: {
          type: 'dns',
          target: 'www.lab.test',
          resolver: '127.0.0.1',
          resolver_port: dns.port,
          locations: [{ country: 'DE', limit: 2 }],
        },
      })) as { isError?: boolean; content: Array<{ type: string; text?: string }> };
      const textOut = answer.content.map((p) => p.text ?? '').join('');
      assert.equal(answer.isError, false, textOut);
      const summary = JSON.parse(textOut) as Obj;
      assert.equal(summary.status, 'finished');
      const devices = summary.devices as Obj[];
      assert.equal(devices.length, 2);
      for (const d of devices) {
        assert.equal((d.device as Obj).country, 'DE');
        const dnsOut = (d.result as Obj).dns as Obj;
        assert.deepEqual(
          (dnsOut.answers as Obj[]).map((a) => a.value),
          ['192.0.2.20'],
        );
      }
    } finally {
      await client.close();
    }
  });
});
