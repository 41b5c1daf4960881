// How the agent finds out whether mtr works (agent/executors/measure/probe.ts): one probe of each
// protocol through mtr-packet, in milliseconds rather than one ~2 s cycle of mtr per agent start;
// a refusal of any kind keeps that protocol's method unadvertised, with mtr-packet's word for why.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { askMtrPacket, mtrHasJson } from '../../agent/executors/measure/probe.js';

const REAL = '/usr/bin/mtr-packet';

/** An mtr-packet stand-in: a shell script that answers each command line as `answer` says. */
function fakeMtrPacket(answer: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mtr-packet-'));
  const file = path.join(dir, 'mtr-packet');
  writeFileSync(file, `#!/bin/sh\nwhile read -r token rest; do ${answer}; done\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('the mtr probe', () => {
  it('the real mtr-packet answers a probe of each protocol to 127.0.0.1', {
    skip: existsSync(REAL) ? false : `${REAL} is not installed (apt-get install mtr-tiny)`,
  }, async () => {
    const t0 = Date.now();
    const answers = await askMtrPacket(REAL, ['icmp', 'udp', 'tcp']);
    assert.deepEqual(Object.fromEntries(answers), { icmp: null, udp: null, tcp: null });
    assert.ok(Date.now() - t0 < 2_000, `${Date.now() - t0} ms`);
  });

  it("a refusal is that protocol's reason; the others still count", async () => {
    const file = fakeMtrPacket(
      'if [ "$token" = 2 ]; then echo "$token permission-denied"; else echo "$token reply ip-4 127.0.0.1 round-trip-time 50"; fi',
    );
    const answers = await askMtrPacket(file, ['icmp', 'udp', 'tcp']);
    assert.deepEqual(Object.fromEntries(answers), { icmp: null, udp: 'permission-denied', tcp: null });
  });

  it('a helper that exits without answering leaves every protocol unadvertised', async () => {
    const file = fakeMtrPacket('exit 1');
    const answers = await askMtrPacket(file, ['icmp', 'tcp']);
    assert.deepEqual(Object.fromEntries(answers), {
      icmp: 'mtr-packet gave no answer',
      tcp: 'mtr-packet gave no answer',
    });
  });

  it('--json is used from mtr 0.87 on', () => {
    assert.equal(mtrHasJson('mtr 0.95\n'), true);
    assert.equal(mtrHasJson('mtr 0.87'), true);
    assert.equal(mtrHasJson('mtr 0.86'), false);
    assert.equal(mtrHasJson('mtr 1.0'), true);
    assert.equal(mtrHasJson('garbage'), false);
  });
});
