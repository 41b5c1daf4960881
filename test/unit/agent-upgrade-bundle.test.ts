// Release bundles without sockets: the archive round trip, what unpacking refuses (paths out of the
// folder, writes through a symlink, hard links, a bundle over its size), the signature check, and
// the rollout's pick of devices.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { releaseSignedBy } from '../../agent/upgrade/release-verify.js';
import { bundleDigest, packTarGz, unpackTarGz } from '../../agent/upgrade/tar.js';
import { inRollout, rolloutBucket } from '../../coordinator/releases/rollout.js';
import { generateReleaseKey, signRelease } from '../../scripts/release-tools.js';

const tmp = (p: string) => mkdtemp(path.join(tmpdir(), `crawl-${p}-`));
const LIMITS = { maxUnpackedBytes: 1024 * 1024 };

/** One ustar entry, written by hand so a test can make what the packer never would. */
function entry(name: string, type: string, data = Buffer.alloc(0), link = ''): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100);
  h.write('0000644\0', 100);
  h.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write(type, 156);
  h.write(link, 157, 100);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.fill(32, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return Buffer.concat([h, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}
const archive = (...entries: Buffer[]) => gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));

describe('release bundle archive', () => {
  test('packs and unpacks a tree: contents, executable bits, symlinks, long names; same tree, same bytes', async () => {
    const src = await tmp('pack');
    const deep = path.join(src, 'a'.repeat(60), 'b'.repeat(60));
    await mkdir(deep, { recursive: true });
    await writeFile(path.join(deep, 'file.txt'), 'deep');
    await writeFile(path.join(src, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    await symlink('run.sh', path.join(src, 'link'));
    const bytes = await packTarGz(src);
    assert.deepEqual(await packTarGz(src), bytes);
    const out = await tmp('unpack');
    await unpackTarGz(bytes, out, LIMITS);
    assert.equal(await readFile(path.join(out, 'a'.repeat(60), 'b'.repeat(60), 'file.txt'), 'utf8'), 'deep');
    assert.equal((await stat(path.join(out, 'run.sh'))).mode & 0o111, 0o111);
    assert.equal(await readlink(path.join(out, 'link')), 'run.sh');
  });

  test('refuses entries that leave the folder, write through a symlink, or link hard', async () => {
    for (const [what, bytes] of [
      ['parent path', archive(entry('../escape', '0', Buffer.from('x')))],
      ['absolute path', archive(entry('/tmp/escape', '0', Buffer.from('x')))],
      [
        'through a symlink',
        archive(entry('out', '2', Buffer.alloc(0), '/tmp'), entry('out/x', '0', Buffer.from('x'))),
      ],
      ['hard link', archive(entry('h', '1', Buffer.alloc(0), '/etc/passwd'))],
    ] as const) {
      await assert.rejects(
        unpackTarGz(bytes, await tmp('hostile'), LIMITS),
        { code: 'BUNDLE_ARCHIVE_INVALID' },
        what,
      );
    }
  });

  test('refuses a bundle that unpacks past its size limit', async () => {
    const big = archive(entry('zeros', '0', Buffer.alloc(4 * 1024 * 1024)));
    assert.ok(big.length < 64 * 1024);
    await assert.rejects(unpackTarGz(big, await tmp('bomb'), LIMITS), { code: 'BUNDLE_ARCHIVE_INVALID' });
  });
});

describe('release signature', () => {
  test('holds for its version and digest under the release key, and nothing else', () => {
    const key = generateReleaseKey();
    const bundle = Buffer.from('bundle bytes');
    const m = signRelease(bundle, '1.2.3', key.privateKeyPem);
    assert.equal(m.digest, bundleDigest(bundle));
    const sig = Buffer.from(m.signature, 'base64');
    const trusted = [Buffer.from(key.publicKey, 'base64')];
    assert.equal(releaseSignedBy(trusted, '1.2.3', m.digest, sig), true);
    assert.equal(releaseSignedBy(trusted, '1.2.4', m.digest, sig), false);
    assert.equal(releaseSignedBy(trusted, '1.2.3', bundleDigest(Buffer.from('other')), sig), false);
    assert.equal(
      releaseSignedBy([Buffer.from(generateReleaseKey().publicKey, 'base64')], '1.2.3', m.digest, sig),
      false,
    );
    assert.equal(releaseSignedBy(trusted, '1.2.3', m.digest, sig.subarray(1)), false);
  });
});

describe('rollout share', () => {
  test('picks about the share of devices, the same ones each time, and growing it only adds devices', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `device-${i}`);
    const at = (percent: number) =>
      new Set(ids.filter((id) => inRollout({ version: '3.0.0', percent, updatedAt: '' }, id)));
    const ten = at(10);
    assert.ok(ten.size > 900 && ten.size < 1100, `10 %: ${ten.size}`);
    const quarter = at(25);
    for (const id of ten) assert.ok(quarter.has(id));
    assert.equal(at(100).size, ids.length);
    assert.equal(at(0).size, 0);
    assert.equal(rolloutBucket('3.0.0', 'device-1'), rolloutBucket('3.0.0', 'device-1'));
    // Another release starts on other devices.
    const other = new Set(ids.filter((id) => rolloutBucket('3.0.1', id) < 10));
    assert.ok([...ten].filter((id) => other.has(id)).length < 200);
  });
});
