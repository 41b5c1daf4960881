// How `crawl get`, `crawl batch` and `crawl site` report how jobs ended: one class and exit code per
// outcome (cli/outcome.ts), an index in the output folder mapping each input line or page to its
// file and class, `crawl batch status` and `crawl status BATCH_ID`, and a measurement's table naming
// a blocked result. A real coordinator, a real agent, local targets and a site that hangs up.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MeasureExecutor } from '../../agent/executors/measure/executor.js';
import { measureTools } from '../../agent/executors/measure/probe.js';
import { createNetworkPolicy } from '../../agent/policy/index.js';
import { runCli } from '../../cli/program.js';
import { CrawlClient } from '../../client/index.js';
import { pollUntil } from '../../client/wait.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import type { Obj } from '../helpers/json.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

/** Generous politeness for a loopback site. */
const FAST = ['--crawl-host-rate', '1000', '--crawl-domain-rate', '1000', '--crawl-host-concurrency', '8'];
/** Port 9 (discard) of this machine has no listener: a device's connect is refused. */
const REFUSED_URL = 'http://127.0.0.1:9/';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const readJsonLines = async (file: string): Promise<Obj[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Obj);

describe('crawl outcomes: get, batch and site alike', () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let site: http.Server;
  let siteUrl: string;
  let tcp: net.Server;
  let tcpPort: number;
  const stops: Array<() => Promise<void>> = [];
  const home = tempDir('cli-outcomes');

  /** `crawl ARGS` in this process; `tty` makes stdout a terminal (tables rather than JSON lines). */
  async function crawl(args: string[], tty = false): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const text = (d: string | Uint8Array) => String(typeof d === 'string' ? d : Buffer.from(d));
    const code = await runCli(args, {
      stdout: { write: (d) => (stdout += text(d)), isTTY: tty },
      stderr: { write: (d) => (stderr += text(d)) },
      env: { HOME: home, CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey },
      homeDir: home,
      interrupt: new AbortController().signal,
      readFile: (p) => readFile(p),
      writeFile: (p, data) => writeFile(p, data),
      appendFile: (p, data) => appendFile(p, data),
      makeDir: async (p) => {
        await mkdir(p, { recursive: true });
      },
    });
    return { code, stdout, stderr };
  }

  before(async () => {
    target = await startTargetServer();
    // A site of three pages: / links to /a and /dead; /dead hangs up without answering.
    site = http.createServer((req, res) => {
      if (req.url === '/dead') {
        req.socket.destroy();
        return;
      }
      if (req.url === '/' || req.url === '/a') {
        res.setHeader('content-type', 'text/html');
        res.end(
          `<html><body><p>page ${req.url}</p><a href="/a">a</a> <a href="/dead">dead</a></body></html>`,
        );
        return;
      }
      res.statusCode = 404;
      res.end('not here');
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    siteUrl = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;
    tcp = net.createServer((s) => s.end());
    tcp.listen(0, '127.0.0.1');
    await once(tcp, 'listening');
    tcpPort = (tcp.address() as net.AddressInfo).port;

    c = await startTestCoordinator({ flags: FAST });
    const token = await c.newDevice('outcomes-agent');
    stops.push((await startTestAgent({ deviceId: 'outcomes-agent', token, coordinators: [c.url] })).stop);
    // A device that measures under the default policy: loopback targets are refused (blocked).
    const strictPolicy = createNetworkPolicy({});
    const strictToken = await c.newDevice('outcomes-strict');
    const strict = await startTestAgent({
      deviceId: 'outcomes-strict',
      token: strictToken,
      coordinators: [c.url],
      country: 'BR',
      executors: [new MeasureExecutor({ policy: strictPolicy, tools: await measureTools() })],
    });
    stops.push(strict.stop);
  });
  after(async () => {
    for (const stop of stops) await stop();
    await c?.stop();
    await target?.close();
    site?.close();
    tcp?.close();
  });

  test('an unreachable URL is `unreachable` under get, batch and site: exit 4, and an index maps lines to files', async () => {
    const get = await crawl(['get', REFUSED_URL]);
    assert.equal(get.code, 4, get.stderr);

    const dir = tempDir('cli-outcomes-batch');
    const input = path.join(dir, 'urls.txt');
    // A blank line: the index names the lines as they are in the file.
    await writeFile(input, `${target.httpUrl}/echo?n=1\n\n${REFUSED_URL}\n${target.httpUrl}/status/404\n`);
    const out = path.join(dir, 'out');
    const batch = await crawl(['batch', input, '-o', out]);
    assert.equal(batch.code, 4, batch.stderr);
    assert.match(batch.stderr, /done 3: 2 answered, 1 unreachable; each line's outcome is in .*index\.jsonl/);
    const index = await readJsonLines(path.join(out, 'index.jsonl'));
    const byLine = new Map(index.map((e) => [e.line as number, e]));
    assert.deepEqual([...byLine.keys()].sort(), [1, 3, 4]);
    const dead = byLine.get(3) as Obj;
    assert.equal(dead.url, REFUSED_URL);
    assert.equal(dead.outcome, 'unreachable');
    assert.equal(dead.error_type, 'connect');
    assert.equal(dead.status, 'completed');
    assert.equal(dead.file, `${dead.job_id}.json`);
    const written = JSON.parse(await readFile(path.join(out, dead.file), 'utf8')) as Obj;
    assert.equal(written.mainResult.errorType, 'connect', 'the file is that line’s download');
    assert.equal((byLine.get(1) as Obj).outcome, 'answered');
    assert.equal((byLine.get(4) as Obj).outcome, 'answered', 'a 404 is an answer, as for get');
    const files = (await readdir(out)).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
    assert.deepEqual(files.sort(), index.map((e) => e.file).sort());

    // Without -o each JSON line names its input line and class.
    const lines = await crawl(['batch', input, '--state', path.join(dir, 'stdout-state.json')]);
    assert.equal(lines.code, 4, lines.stderr);
    const printed = lines.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Obj);
    assert.deepEqual(printed.map((p) => [p.line, p.outcome]).sort(), [
      [1, 'answered'],
      [3, 'unreachable'],
      [4, 'answered'],
    ]);

    const siteOut = path.join(dir, 'site');
    const crawled = await crawl(['site', `${siteUrl}/`, '--sitemap', 'skip', '-o', siteOut]);
    assert.equal(crawled.code, 4, crawled.stderr + crawled.stdout);
    assert.match(crawled.stdout, /pages: 2 answered, 1 unreachable \(each in .*index\.jsonl\)/);
    const pages = await readJsonLines(path.join(siteOut, 'index.jsonl'));
    const byUrl = new Map(pages.map((p) => [p.url as string, p]));
    assert.deepEqual([...byUrl.keys()].sort(), [`${siteUrl}/`, `${siteUrl}/a`, `${siteUrl}/dead`]);
    const hungUp = byUrl.get(`${siteUrl}/dead`) as Obj;
    assert.equal(hungUp.outcome, 'unreachable');
    assert.equal(hungUp.status, 'failed');
    assert.equal(hungUp.file, null);
    const home_ = byUrl.get(`${siteUrl}/`) as Obj;
    assert.equal(home_.outcome, 'answered');
    assert.match(await readFile(path.join(siteOut, home_.file), 'utf8'), /page \//);
  });

  test('the worst class gives the exit code: failed beats unreachable, refused beats failed', async () => {
    const dir = tempDir('cli-outcomes-worst');
    const input = path.join(dir, 'jobs.txt');
    // Nobody serves JP: the job fails no_device at its 1 s timeout.
    const noDevice = JSON.stringify({
      url: `${target.httpUrl}/echo`,
      placement: { country: 'JP' },
      timeout_sec: 1,
    });
    await writeFile(input, `${REFUSED_URL}\n${noDevice}\n`);
    const failed = await crawl(['batch', input, '-o', path.join(dir, 'a')]);
    assert.equal(failed.code, 1, failed.stderr);
    const index = await readJsonLines(path.join(dir, 'a', 'index.jsonl'));
    const line2 = index.find((e) => e.line === 2) as Obj;
    assert.equal(line2.outcome, 'failed');
    assert.equal(line2.error_type, 'no_device');
    assert.equal(line2.status, 'failed');

    await writeFile(input, `${target.httpUrl}/echo?w=1\nftp://nowhere/\n${REFUSED_URL}\n`);
    const refused = await crawl(['batch', input, '-o', path.join(dir, 'b')]);
    assert.equal(refused.code, 3, refused.stderr);
    const entries = await readJsonLines(path.join(dir, 'b', 'index.jsonl'));
    assert.deepEqual(
      entries.find((e) => e.line === 2),
      {
        line: 2,
        url: 'ftp://nowhere/',
        job_id: null,
        file: null,
        status: null,
        outcome: 'refused',
        error_type: 'invalid_request',
        error_message: 'invalid request: url must be an absolute http or https URL',
      },
    );
  });

  test('crawl batch status ID, and crawl status with a batch id shows the batch', async () => {
    const client = new CrawlClient({ baseUrl: c.url, apiKey: c.apiKey });
    const created = await client.submitMany([{ url: `${target.httpUrl}/echo?s=1` }, { url: REFUSED_URL }]);
    const batchId = created.batch_id;
    // Its end is counted once the last job's is: wait for the batch, not only its jobs.
    await pollUntil(
      batchId,
      () => client.getBatch(batchId),
      (b) => b.completed,
      (b) => `${b.counts.completed} completed`,
      { minIntervalMs: 20, timeoutMs: 30_000 },
    );

    const shown = await crawl(['batch', 'status', batchId]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(
      shown.stdout,
      new RegExp(
        `^batch ${batchId}: completed at \\S+, 2 requested, 2 accepted: 0 pending, 0 running, 2 completed, 0 failed\\n$`,
      ),
    );
    const withJobs = await crawl(['batch', 'status', batchId, '--jobs']);
    assert.match(withJobs.stdout, /completed\s+unreachable\s+GET\s+http:\/\/127\.0\.0\.1:9\/\s+connect: /);
    assert.match(withJobs.stdout, /completed\s+answered\s+GET\s+http:\/\/127\.0\.0\.1:\d+\/echo\?s=1/);
    const json = JSON.parse((await crawl(['batch', 'status', batchId, '--jobs', '--json'])).stdout) as Obj;
    assert.equal(json.batch_id, batchId);
    assert.equal(json.job_ids.length, 2);
    assert.deepEqual(
      json.jobs.map((j: Obj) => j.outcome),
      ['answered', 'unreachable'],
    );

    const asJob = await crawl(['status', batchId]);
    assert.equal(asJob.code, 0, asJob.stderr);
    assert.match(asJob.stdout, new RegExp(`^batch ${batchId}: completed`));
    assert.match(
      asJob.stderr,
      new RegExp(`${batchId} is a batch, not a job; .*crawl batch status ${batchId}`),
    );
    assert.equal(JSON.parse((await crawl(['status', batchId, '--json'])).stdout).batch_id, batchId);
    // Neither a job nor a batch: the job's 404, as before.
    const missing = await crawl(['status', crypto.randomUUID()]);
    assert.equal(missing.code, 3);
    assert.match(missing.stderr, /HTTP 404: not found: job does not exist/);
    const noBatch = await crawl(['batch', 'status', crypto.randomUUID()]);
    assert.equal(noBatch.code, 3);
  });

  test('the measurement table shows a blocked result as blocked, not completed', async () => {
    const run = await crawl(
      ['ping', '127.0.0.1', '--protocol', 'tcp', '--port', String(tcpPort), '--from', 'BR'],
      true,
    );
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /DEVICE\s+COUNTRY\s+NETWORK\s+STATUS\s+RESULT/);
    assert.match(run.stdout, /outcomes-strict\s+BR\s+\S+\s+blocked\s+blocked: /);
    assert.doesNotMatch(run.stdout, /outcomes-strict.*\scompleted\s/);
  });
});
