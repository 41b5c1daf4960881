// The bundle archive: a gzipped POSIX tar (ustar, with pax or GNU long names), read and written
// here without a dependency. Reading is for a bundle whose digest and signature were already
// checked; it still refuses what could write outside the target folder (absolute paths, `..`,
// writing through a symlink the archive made, hard links, devices), as defence in depth.

import { constants } from 'node:buffer';
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;

export class BundleArchiveError extends Error {
  readonly code = 'BUNDLE_ARCHIVE_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'BundleArchiveError';
  }
}

export interface ArchiveLimits {
  /** Largest unpacked size, all files together. */
  maxUnpackedBytes: number;
  /** Most entries. Default 200,000. */
  maxEntries?: number;
}

type EntryKind = 'file' | 'dir' | 'symlink';

interface Entry {
  kind: EntryKind;
  name: string;
  mode: number;
  linkName: string;
  data: Buffer;
}

const text = (buf: Buffer, start: number, end: number): string => {
  const slice = buf.subarray(start, end);
  const nul = slice.indexOf(0);
  return slice.subarray(0, nul < 0 ? slice.length : nul).toString('utf8');
};

function octal(buf: Buffer, start: number, end: number): number {
  // GNU base-256 for large values: high bit of the first byte set.
  if ((buf[start] ?? 0) & 0x80) {
    let v = (buf[start] ?? 0) & 0x7f;
    for (let i = start + 1; i < end; i++) v = v * 256 + (buf[i] ?? 0);
    return v;
  }
  const s = text(buf, start, end).trim();
  if (s === '') return 0;
  if (!/^[0-7]+$/.test(s))
    throw new BundleArchiveError(`bad number field in tar header: ${JSON.stringify(s)}`);
  return Number.parseInt(s, 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  return sum === octal(header, 148, 156);
}

/** pax records: "<len> key=value\n" each. */
function paxRecords(data: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const len = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(len) || len <= 0 || at + len > data.length) {
      throw new BundleArchiveError('bad pax record');
    }
    const record = data.subarray(space + 1, at + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    at += len;
  }
  return out;
}

/** The entries of a tar (not gzipped), in order. */
function* entries(tar: Buffer, limits: ArchiveLimits): Generator<Entry> {
  let at = 0;
  let longName: string | null = null;
  let longLink: string | null = null;
  let pax = new Map<string, string>();
  let count = 0;
  let total = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return;
    if (!checksumOk(header)) throw new BundleArchiveError(`bad tar header checksum at byte ${at}`);
    const size = octal(header, 124, 136);
    const type = String.fromCharCode(header[156] ?? 0);
    const dataStart = at + BLOCK;
    if (dataStart + size > tar.length) throw new BundleArchiveError('tar entry runs past the end');
    const data = tar.subarray(dataStart, dataStart + size);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      pax = paxRecords(data);
      continue;
    }
    if (type === 'g') continue;
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === 'K') {
      longLink = text(data, 0, data.length);
      continue;
    }
    const prefix = text(header, 345, 500);
    const shortName = text(header, 0, 100);
    const name = pax.get('path') ?? longName ?? (prefix ? `${prefix}/${shortName}` : shortName);
    const linkName = pax.get('linkpath') ?? longLink ?? text(header, 157, 257);
    pax = new Map();
    longName = null;
    longLink = null;
    if (++count > (limits.maxEntries ?? 200_000)) throw new BundleArchiveError('too many entries');
    let kind: EntryKind;
    if (type === '0' || type === '\0' || type === '7') kind = 'file';
    else if (type === '5') kind = 'dir';
    else if (type === '2') kind = 'symlink';
    else
      throw new BundleArchiveError(`entry ${JSON.stringify(name)}: tar type ${JSON.stringify(type)} refused`);
    total += size;
    if (total > limits.maxUnpackedBytes) throw new BundleArchiveError('bundle unpacks past its size limit');
    yield { kind, name, mode: octal(header, 100, 108), linkName, data };
  }
  throw new BundleArchiveError('tar ends without its end blocks');
}

/** `a/b/c` from an entry name, or an error for anything that could leave the target folder. */
function safeRelative(name: string): string {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (name.startsWith('/') || parts.some((p) => p === '..' || p.includes('\\') || p.includes('\0'))) {
    throw new BundleArchiveError(`entry ${JSON.stringify(name)} leaves the bundle folder`);
  }
  return parts.join('/');
}

/** Unpacks a .tar.gz into `dir` (made if missing; expected empty). */
export async function unpackTarGz(archive: Buffer, dir: string, limits: ArchiveLimits): Promise<void> {
  let tar: Buffer;
  try {
    // Bounded: a small archive cannot inflate into more than the limit (plus tar's headers).
    tar = gunzipSync(archive, {
      maxOutputLength: Math.min(limits.maxUnpackedBytes * 2 + 1024 * 1024, constants.MAX_LENGTH),
    });
  } catch (err) {
    throw new BundleArchiveError(`not a gzip archive within its size limit: ${(err as Error).message}`);
  }
  await mkdir(dir, { recursive: true });
  const links = new Set<string>();
  const throughLink = (rel: string): boolean => {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) if (links.has(parts.slice(0, i).join('/'))) return true;
    return false;
  };
  for (const e of entries(tar, limits)) {
    const rel = safeRelative(e.name);
    if (rel === '') continue;
    if (throughLink(rel) || links.has(rel)) {
      throw new BundleArchiveError(`entry ${JSON.stringify(e.name)} is written through a symlink`);
    }
    const target = path.join(dir, rel);
    if (e.kind === 'dir') {
      await mkdir(target, { recursive: true });
    } else if (e.kind === 'symlink') {
      await mkdir(path.dirname(target), { recursive: true });
      await symlink(e.linkName, target);
      links.add(rel);
    } else {
      await mkdir(path.dirname(target), { recursive: true });
      // Owner read/write always; executable bits as archived; nothing for group/other writes.
      await writeFile(target, e.data, { mode: (e.mode & 0o755) | 0o600, flag: 'wx' });
    }
  }
}

function header(name: string, kind: EntryKind, size: number, mode: number, linkName: string): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(`${(mode & 0o7777).toString(8).padStart(7, '0')}\0`, 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  // A fixed time: the same tree packs to the same bytes (and the same digest).
  h.write('00000000000\0', 136, 'ascii');
  h.write(kind === 'file' ? '0' : kind === 'dir' ? '5' : kind === 'symlink' ? '2' : 'x', 156, 'ascii');
  h.write(linkName, 157, 100, 'utf8');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.fill(32, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

function paxHeader(records: Record<string, string>): Buffer[] {
  let body = '';
  for (const [k, v] of Object.entries(records)) {
    const rest = ` ${k}=${v}\n`;
    let len = Buffer.byteLength(rest) + 1;
    while (String(len).length + Buffer.byteLength(rest) !== len)
      len = String(len).length + Buffer.byteLength(rest);
    body += `${len}${rest}`;
  }
  const data = Buffer.from(body, 'utf8');
  const h = header('PaxHeader', 'file', data.length, 0o644, '');
  h[156] = 'x'.charCodeAt(0);
  // Re-sum after changing the type byte.
  h.fill(32, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return [h, data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK)];
}

function entryBlocks(name: string, kind: EntryKind, data: Buffer, mode: number, linkName: string): Buffer[] {
  const out: Buffer[] = [];
  const pax: Record<string, string> = {};
  if (Buffer.byteLength(name) > 99) pax.path = name;
  if (Buffer.byteLength(linkName) > 99) pax.linkpath = linkName;
  if (Object.keys(pax).length > 0) out.push(...paxHeader(pax));
  out.push(header(name.slice(0, 99), kind, data.length, mode, linkName.slice(0, 99)));
  if (data.length > 0) out.push(data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  return out;
}

/**
 * Packs `dir` into a .tar.gz, names relative to it, sorted, with fixed times and owners: the same
 * tree gives the same bytes. Symlinks are kept as symlinks.
 */
export async function packTarGz(dir: string): Promise<Buffer> {
  const blocks: Buffer[] = [];
  async function walk(rel: string): Promise<void> {
    const names = (await readdir(path.join(dir, rel))).sort();
    for (const n of names) {
      const r = rel ? `${rel}/${n}` : n;
      const abs = path.join(dir, r);
      const st = await lstat(abs);
      if (st.isSymbolicLink())
        blocks.push(...entryBlocks(r, 'symlink', Buffer.alloc(0), 0o777, await readlink(abs)));
      else if (st.isDirectory()) {
        blocks.push(...entryBlocks(`${r}/`, 'dir', Buffer.alloc(0), 0o755, ''));
        await walk(r);
      } else if (st.isFile()) {
        blocks.push(...entryBlocks(r, 'file', await readFile(abs), st.mode & 0o100 ? 0o755 : 0o644, ''));
      }
    }
  }
  await walk('');
  blocks.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

/** sha256:<hex> of bytes: the form releases name their digest in. */
export function bundleDigest(bytes: Buffer): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
