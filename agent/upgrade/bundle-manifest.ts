// crawl-release.json, at a bundle's root: which version it is and how the launcher starts it. The
// launcher (scripts/agent-launcher.mjs) reads the same fields.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BUNDLE_MANIFEST_FILE, isReleaseVersion } from '../../proto/index.js';

export interface BundleManifest {
  version: string;
  /** The agent's entry file, relative to the bundle's root (e.g. dist/agent/main.js). */
  entry: string;
  /** Node's own flags before the entry (e.g. ["--import", "tsx"] for a source bundle). Default none. */
  nodeArgs: string[];
}

export class BundleManifestError extends Error {
  readonly code = 'BUNDLE_MANIFEST_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'BundleManifestError';
  }
}

/** Checks the manifest of an unpacked bundle: its version is the one expected, its entry exists. */
export async function readBundleManifest(dir: string, expectVersion: string): Promise<BundleManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, BUNDLE_MANIFEST_FILE), 'utf8'));
  } catch (err) {
    throw new BundleManifestError(`no readable ${BUNDLE_MANIFEST_FILE}: ${(err as Error).message}`);
  }
  const m = (raw ?? {}) as Record<string, unknown>;
  const version = typeof m.version === 'string' ? m.version : '';
  if (!isReleaseVersion(version) || version !== expectVersion) {
    throw new BundleManifestError(`the bundle says version ${JSON.stringify(version)}, not ${expectVersion}`);
  }
  const entry = typeof m.entry === 'string' ? m.entry : '';
  const parts = entry.split('/');
  if (entry === '' || entry.startsWith('/') || parts.includes('..')) {
    throw new BundleManifestError(`entry ${JSON.stringify(entry)} is not a path inside the bundle`);
  }
  const nodeArgs = m.nodeArgs === undefined ? [] : m.nodeArgs;
  if (!Array.isArray(nodeArgs) || nodeArgs.some((a) => typeof a !== 'string') || nodeArgs.length > 32) {
    throw new BundleManifestError('nodeArgs must be a list of strings');
  }
  const st = await stat(path.join(dir, entry)).catch(() => null);
  if (!st?.isFile()) throw new BundleManifestError(`entry ${entry} is not in the bundle`);
  return { version, entry, nodeArgs: nodeArgs as string[] };
}
