// `crawl batch FILE`: lines of URLs and JSON jobs submitted in batches, results written as jobs
// end, and a run interrupted mid-way resumed from its state file without submitting anything twice.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../cli/program.js';
import { startTestAgent, startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

describe('crawl batch', () => {
  let c: TestCoordinator;
  let target: TargetServer;
  let stopAgent: () => Promise<void>;
  const home = tempDir('cli-batch-home');

  function crawl(args: string[], interrupt: AbortSignal) {
    let stdout = '';
    let stderr = '';
    const done = runCli(args, {
      stdout: { write: (d) => (stdout += String(typeof d === 'string' ? d : Buffer.from(d))) },
      stderr: { write: (d) => (stderr += String(typeof d === 'string' ? d : Buffer.from(d))) },
      env: { HOME: home, CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey },
      homeDir: home,
      interrupt,
      readFile: (p) => readFile(p),
      writeFile: (p, data) => writeFile(p, data),
    });
    return done.then((code) => ({ code, stdout, stderr }));
  }

  before(async () => {
    target = await startTargetServer();
    c = await startTestCoordinator();
    const token = await c.newDevice('cli-batch-agent');
    stopAgent = (
      await startTestAgent({ deviceId: 'cli-batch-agent', token, coordinators: [c.url], maxConcurrent: 4 })
    ).stop;
  });
  after(async () => {
    await stopAgent();
    await c.stop();
    await target.close();
  });

  test('an interrupted run resumes from its state file: nothing submitted or written twice', async () => {
    const dir = tempDir('cli-batch');
    const input = path.join(dir, 'jobs.txt');
    const out = path.join(dir, 'out');
    const lines = [
      `${target.httpUrl}/echo?cb=1`,
      JSON.stringify({ url: `${target.httpUrl}/echo?cb=2`, method: 'HEAD' }),
      'ftp://not-crawlable/',
      `${target.httpUrl}/slow?ms=1500&cb=3`,
      '',
      `${target.httpUrl}/slow?ms=1500&cb=4`,
      `${target.httpUrl}/echo?cb=5`,
    ];
    await writeFile(input, `${lines.join('\n')}\n`);
    const stateFile = path.join(out, '.crawl-batch-state.json');
    // Interrupt once both batches are recorded and a result is written, while the slow jobs run.
    const stop = new AbortController();
    const first = crawl(['batch', input, '-o', out, '--chunk', '4'], stop.signal);
    for (;;) {
      // Absent at first, and possibly caught mid-write: read again.
      const state = await readFile(stateFile, 'utf8').then(
        (t) => {
          try {
            return JSON.parse(t);
          } catch {
            return null;
          }
        },
        () => null,
      );

      if (state && state.batches.length === 2 && state.written.length >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    stop.abort();
    const cut = await first;
    assert.equal(cut.code, 130, cut.stderr);
    assert.match(cut.stderr, /--resume/);
    // The refused line is answered with /new's message.
    assert.deepEqual(JSON.parse(cut.stdout.trim()), {
      line: 3,
      error: {
        code: 'invalid_request',
        message: 'invalid request: url must be an absolute http or https URL',
      },
    });
    const before = JSON.parse(await readFile(stateFile, 'utf8'));
    const resumed = await crawl(
      ['batch', input, '-o', out, '--chunk', '4', '--resume', before.batches[0].batch_id],
      new AbortController().signal,
    );
    // The whole input counts: the line refused in the first run makes the resumed run exit 3.
    assert.equal(resumed.code, 3, resumed.stderr);
    assert.equal(resumed.stdout, '', 'the refused line is not written again');
    // The index holds every line once, across both runs.
    const index = (await readFile(path.join(out, 'index.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      index.map((e) => e.line).sort((a, b) => a - b),
      [1, 2, 3, 4, 6, 7],
    );
    assert.equal(index.find((e) => e.line === 3).outcome, 'refused');
    const after = JSON.parse(await readFile(stateFile, 'utf8'));
    assert.deepEqual(after.batches, before.batches, 'no batch was submitted again');
    const files = (await readdir(out)).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
    assert.equal(files.length, 5);
    for (const n of [1, 2, 3, 4, 5]) {
      const seen = target.seen.filter((r) => new URL(r.url, 'http://x').searchParams.get('cb') === String(n));
      assert.equal(seen.length, 1, `job ${n} ran once`);
    }
    const bodies = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(out, f), 'utf8'))),
    );
    assert.ok(
      bodies.every((b) => b.mainRequest?.url?.startsWith(target.httpUrl)),
      "each file is its job's download",
    );
    // A resume of another input is refused before anything is sent.
    await writeFile(input, `${target.httpUrl}/echo?cb=other\n`);
    const wrong = await crawl(['batch', input, '-o', out, '--resume'], new AbortController().signal);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /not the one the state file was made from/);
  });
});
