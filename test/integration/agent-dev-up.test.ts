// `npm start` (scripts/dev-up.ts) serves the status address it gives its local agent, and places
// that agent where the machine's time zone is (a desktop), so jobs and sweeps by region find it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

describe('npm start', () => {
  it('prints an agent status address that answers; the agent is located by the time zone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-up-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/dev-up.ts', '--port', '0', '--data-dir', dataDir, '--browser', 'none'],
      {
        cwd: repo,
        env: {
          ...process.env,
          CRAWL_LOG_LEVEL: 'warn',
          TZ: 'Europe/Paris',
          CRAWL_AGENT_COUNTRY: undefined,
          CRAWL_AGENT_REGION: undefined,
          CRAWL_AGENT_DEVICE_TYPE: undefined,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      const statusUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: string) => {
          out += d;
          const m = /agent status (http:\/\/127\.0\.0\.1:\d+\/status)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`dev-up exited ${code} before printing: ${out}`)));
      });
      const res = await fetch(statusUrl);
      assert.equal(res.status, 200);
      const status = (await res.json()) as {
        deviceId: string;
        link: { state: string };
        location: { country: string; region: string };
        deviceType: string;
      };
      assert.match(status.deviceId, /^local-agent/);
      assert.equal(status.link.state, 'connected');
      assert.deepEqual(status.location, { country: 'FR', region: 'EU', city: '' });
      assert.equal(status.deviceType, 'desktop');
      assert.match(out, /location {5}FR EU, desktop \(from the time zone Europe\/Paris; /);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
