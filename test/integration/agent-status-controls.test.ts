// The status port's guard (Host must name loopback, no cross-origin changes), the owner's switch
// through it and `crawl-agent pause|resume`, and the URL log: its file, `crawl-agent log`, GET /log.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CrawlAgent } from '../../agent/runtime.js';
import { type StatusServer, startStatusServer } from '../../agent/status/index.js';
import { type CountingTarget, startCountingTarget, startLinkedAgent } from '../helpers/agent-harness.js';
import { FakeCoordinator } from '../helpers/fake-coordinator.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));

/** One raw HTTP/1.1 request with exactly the given head; resolves to the status line and body. */
async function raw(port: number, head: string): Promise<{ status: number; text: string }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  let text = '';
  socket.setEncoding('utf8');
  for await (const chunk of socket) text += chunk;
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text };
}

describe('status port guard, owner switch and URL log', () => {
  let target: CountingTarget;
  let fake: FakeCoordinator;
  let agent: CrawlAgent;
  let stateDir: string;
  let status: StatusServer;
  let port: number;
  const cli = (...args: string[]) =>
    run(path.join(repo, 'scripts/crawl-agent'), [...args, '--addr', `127.0.0.1:${port}`], { cwd: repo });

  before(async () => {
    target = await startCountingTarget();
    fake = await FakeCoordinator.start();
    ({ agent, stateDir } = await startLinkedAgent(fake, ['--url-log', 'url']));
    status = await startStatusServer({ host: '127.0.0.1', port: 0, source: agent });
    port = Number(new URL(status.url).port);
  });
  after(async () => {
    await status.close();
    await agent.close();
    await fake.close();
    await target.close();
  });

  it('answers loopback Host values and refuses any other (DNS rebinding)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      assert.equal((await raw(port, `GET /status HTTP/1.1\r\nHost: ${host}`)).status, 200, host);
    }
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1:1', 'localhost']) {
      const res = await raw(port, `GET /status HTTP/1.1\r\nHost: ${host}`);
      assert.equal(res.status, 421, host);
      assert.doesNotMatch(res.text, /owner-dev/, 'nothing about the device leaks');
    }
  });

  it('refuses a cross-origin POST, so a web page cannot pause the device', async () => {
    const res = await raw(
      port,
      `POST /pause HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: https://evil.example\r\nContent-Length: 0`,
    );
    assert.equal(res.status, 403);
    assert.equal(agent.snapshot().owner?.paused, false);
  });

  it('crawl-agent pause and resume switch the agent through the port', async () => {
    const paused = await cli('pause');
    assert.match(paused.stdout, /^paused: the agent takes no new jobs/);
    assert.equal(agent.snapshot().owner?.paused, true);
    const shown = await cli('status');
    assert.match(shown.stdout, /^Taking jobs: +no: paused by the device owner$/m);
    const id = fake.assign({ method: 'GET', url: `${target.url}/paused` });
    assert.ok((await fake.answer(id)).reject);
    await cli('resume');
    assert.equal(agent.snapshot().owner?.paused, false);
  });

  it('logs every job: the file, GET /log and crawl-agent log', async () => {
    const ok = fake.assign({ method: 'GET', url: `${target.url}/logged?bytes=42` });
    await fake.result(ok);
    const failed = fake.assign({ method: 'GET', url: 'http://127.0.0.1:1/nothing-listens' });
    await fake.result(failed);

    // The log line is written beside the result, not before it: it may land just after the result.
    const file = path.join(stateDir, 'url-log', 'url.log');
    const until = Date.now() + 5_000;
    let entries: Array<Record<string, unknown>> = [];
    while (!entries.some((e) => e.jobId === failed)) {
      assert.ok(Date.now() < until, 'both jobs logged within 5 s');
      await new Promise((r) => setTimeout(r, 10));
      const text = await readFile(file, 'utf8').catch(() => '');
      entries = text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    }
    const okLine = entries.find((e) => e.jobId === ok);
    assert.deepEqual(
      { ...okLine, time: undefined },
      {
        time: undefined,
        method: 'GET',
        target: `${target.url}/logged?bytes=42`,
        status: 200,
        bytes: 42,
        outcome: 'success',
        jobId: ok,
      },
    );
    assert.match(String(okLine?.time), /^\d{4}-\d\d-\d\dT/);
    assert.equal(entries.find((e) => e.jobId === failed)?.outcome, 'connect');

    const res = await fetch(`${status.url}/log?limit=1`);
    const body = (await res.json()) as { entries: Array<{ jobId: string }> };
    assert.deepEqual(
      body.entries.map((e) => e.jobId),
      [failed],
    );
    assert.equal((await fetch(`${status.url}/log?limit=0`)).status, 400);

    const out = (await cli('log')).stdout.split('\n');
    assert.match(out[0] ?? '', /^TIME +METHOD +STATUS +BYTES +OUTCOME +TARGET$/);
    assert.ok(out.some((l) => /GET +200 +42 +success +http:\/\/127\.0\.0\.1:\d+\/logged\?bytes=42$/.test(l)));
    assert.ok(out.some((l) => /GET +- +0 +connect +http:\/\/127\.0\.0\.1:1\/nothing-listens$/.test(l)));
  });
});
