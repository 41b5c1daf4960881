// The typed client's types come from contract/ at compile time only: at runtime the client loads
// neither contract/ nor typebox. And the narrowed browser metrics of a real full-page download match
// the contract schema they are typed from.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { BrowserExecutor } from '../../agent/executors/browser/index.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { CrawlClient } from '../../client/index.js';
import * as C from '../../contract/index.js';
import {
  ROOT,
  removeDir,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import { chromiumNeed } from '../helpers/needs.js';
import { startTargetServer, type TargetServer, TLS_CERT } from '../helpers/target-server.js';

const { browser, skip: chromiumSkip } = await chromiumNeed();

function conforms(schema: TSchema, value: unknown, what: string): void {
  const errors = [...Value.Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`);
  assert.deepEqual(errors, [], `${what} does not match its schema`);
}

/** Imports `file` in a fresh node whose resolver refuses contract/ and typebox; answers exit and stderr. */
async function importGuarded(dir: string, file: string): Promise<{ code: number | null; stderr: string }> {
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `export async function resolve(spec, ctx, next) {
  const r = await next(spec, ctx);
  if (/\\/(contract|node_modules\\/typebox)\\//.test(r.url)) throw new Error('loaded at runtime: ' + r.url);
  return r;
}\n`,
  );
  const register = path.join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(Object.keys(m).length);`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', pathToFileURL(register).href, '--input-type=module', '-e', script],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr };
}

describe('typed client: contract types without the contract at runtime', () => {
  let dir: string;
  before(() => {
    dir = tempDir('client-runtime');
  });
  after(() => removeDir(dir));

  test('client/index.ts loads without contract/ or typebox; the guard does catch them', async () => {
    const client = await importGuarded(dir, path.join(ROOT, 'client/index.ts'));
    assert.equal(client.code, 0, client.stderr);
    const contract = await importGuarded(dir, path.join(ROOT, 'contract/index.ts'));
    assert.notEqual(contract.code, 0);
    assert.match(contract.stderr, /loaded at runtime: .*(contract|typebox)/);
  });
});

describe('typed client: browser metrics of a full-page download', {
  skip: chromiumSkip,
}, () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let chromium: BrowserExecutor | undefined;
  let stopAgent: (() => Promise<void>) | undefined;
  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    chromium = new BrowserExecutor({
      executablePath: browser?.path ?? '',
      policy: createNetworkPolicy({ allowCidrs: ['127.0.0.0/8'] }),
      maxBodyBytes: 10_000_000,
      settleMs: 100,
      ca: [TLS_CERT],
      log: pino({ enabled: false }),
    });
    const token = await c.newDevice('client-browser');
    stopAgent = (
      await startTestAgent({
        deviceId: 'client-browser',
        token,
        coordinators: [c.url],
        executors: [chromium],
      })
    ).stop;
  });
  after(async () => {
    await stopAgent?.();
    await chromium?.close();
    await c?.stop();
    await target?.close();
  });

  test('performanceMetrics and metadata match the narrowed schemas', async () => {
    const client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const job = await client.runJob(
      { url: `${target.httpUrl}/article`, method: 'CRAWL_FULL_PAGE', timeout_sec: 60 },
      { minIntervalMs: 50 },
    );
    assert.equal(job.status, 'completed', `${job.error_type}: ${job.error_message}`);
    const dl = await client.download(job.job_id);
    assert.equal(dl.hasPerformanceMetrics, true);
    conforms(C.Download, dl, 'download');
    conforms(C.PerformanceMetrics, dl.performanceMetrics, 'performanceMetrics');
    conforms(C.DownloadMetadata, dl.metadata, 'metadata');
    assert.ok('timeToFirstByte' in dl.performanceMetrics && dl.performanceMetrics.timeToFirstByte >= 0);
    assert.equal(dl.metadata.device_id, 'client-browser');
  });
});
