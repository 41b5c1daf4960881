// The URL log: host or full URL per the owner's choice, bounded files rotated N deep, read back newest
// last across files.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { UrlLog } from '../../agent/owner/url-log.js';

const entry = (n: number) => ({
  time: new Date(1_700_000_000_000 + n).toISOString(),
  method: 'GET',
  url: `https://user:pw@site${n}.example/path?q=${n}`,
  status: 200,
  bytes: n,
  outcome: 'success',
  jobId: `job-${n}`,
});

describe('URL log', () => {
  it('records the host only by default choice, the URL when asked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'urllog-'));
    const hosts = new UrlLog({ dir, mode: 'host', maxFileBytes: 10_000, files: 2 });
    await hosts.record(entry(1));
    assert.equal((await hosts.read(10))[0]?.target, 'site1.example');
    const urls = new UrlLog({ dir: `${dir}-u`, mode: 'url', maxFileBytes: 10_000, files: 2 });
    await urls.record(entry(2));
    assert.equal((await urls.read(10))[0]?.target, 'https://user:pw@site2.example/path?q=2');
    const off = new UrlLog({ dir: `${dir}-o`, mode: 'off', maxFileBytes: 10_000, files: 2 });
    await off.record(entry(3));
    assert.deepEqual(await off.read(10), []);
  });

  it('rotates at the size bound and keeps N files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'urllog-'));
    const log = new UrlLog({ dir, mode: 'host', maxFileBytes: 1024, files: 3 });
    await Promise.all(Array.from({ length: 200 }, (_, i) => log.record(entry(i))));
    const files = readdirSync(dir).sort();
    assert.deepEqual(files, ['url.log', 'url.log.1', 'url.log.2']);
    for (const f of files) assert.ok(statSync(path.join(dir, f)).size <= 1024, f);
    const newest = await log.read(5);
    assert.deepEqual(
      newest.map((e) => e.jobId),
      ['job-195', 'job-196', 'job-197', 'job-198', 'job-199'],
    );
    const all = await log.read(10_000);
    assert.ok(all.length < 200 && all.length > 10, `older lines dropped, got ${all.length}`);
    assert.equal(all.at(-1)?.jobId, 'job-199');
  });

  it('keeps every line once and in order across batches, a close and a new instance', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'urllog-'));
    const log = new UrlLog({ dir, mode: 'host', maxFileBytes: 1024 * 1024, files: 2 });
    // Lines of one turn go in one write; the next turn's in the next one.
    await Promise.all([log.record(entry(1)), log.record(entry(2))]);
    await log.record(entry(3));
    const pending = log.record(entry(4));
    await log.close();
    await pending;
    await log.record(entry(5)); // after close(), opened again
    await log.close();
    const again = new UrlLog({ dir, mode: 'host', maxFileBytes: 1024 * 1024, files: 2 });
    await again.record(entry(6));
    assert.deepEqual(
      (await again.read(100)).map((e) => e.jobId),
      ['job-1', 'job-2', 'job-3', 'job-4', 'job-5', 'job-6'],
    );
    await again.close();
  });
});
