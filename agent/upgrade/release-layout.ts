// The release folder on a device (docs/operations.md, releases), as the agent and the launcher
// (scripts/agent-launcher.mjs, plain JavaScript so it runs whatever a release breaks) both read it:
//
//   <root>/versions/<v>/   an unpacked bundle; its crawl-release.json says how it starts
//   <root>/current         symlink to versions/<v>: what the launcher starts (absent: the installed code)
//   <root>/previous        symlink to the version to go back to (absent: the installed code)
//   <root>/trial.json      {version, previous, startedAtMs, starts}: current is on trial until it links
//   <root>/rollback.json   {version, reason, message, atMs}: the launcher rolled back; the agent reports it
//   <root>/failed.json     {"<v>": reason}: versions rolled back here, never taken again
//
// Every change is a write to a temporary name and a rename over the old one, so a crash leaves
// either the old state or the new, never half of one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readlink, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const VERSIONS_DIR = 'versions';
export const CURRENT_LINK = 'current';
export const PREVIOUS_LINK = 'previous';
export const TRIAL_FILE = 'trial.json';
export const ROLLBACK_FILE = 'rollback.json';
export const FAILED_FILE = 'failed.json';
export const DOWNLOADS_DIR = 'downloads';

/** The new version on trial: written by the agent that installed it, counted by the launcher. */
export interface TrialMarker {
  version: string;
  /** The version it replaced ('' for the installed code). */
  previous: string;
  /** When the launcher first started it (0 until then). */
  startedAtMs: number;
  /** Starts so far (the launcher counts them). */
  starts: number;
}

/** What the launcher leaves after a rollback, for the agent it went back to to report. */
export interface RollbackRecord {
  version: string;
  reason: 'crashed' | 'no_link';
  message: string;
  atMs: number;
}

const tmpName = (file: string): string => `${file}.tmp-${randomBytes(6).toString('hex')}`;

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // A torn or foreign file says nothing we can act on.
    if (err instanceof SyntaxError) return null;
    throw err;
  }
}

async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  const tmp = tmpName(file);
  await writeFile(tmp, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  await rename(tmp, file);
}

export class ReleaseLayout {
  constructor(readonly root: string) {}

  versionDir(version: string): string {
    return path.join(this.root, VERSIONS_DIR, version);
  }

  get downloadsDir(): string {
    return path.join(this.root, DOWNLOADS_DIR);
  }

  async ensure(): Promise<void> {
    await mkdir(path.join(this.root, VERSIONS_DIR), { recursive: true });
    await mkdir(this.downloadsDir, { recursive: true });
  }

  /** The version a link points at, or '' when it does not exist. */
  async linkedVersion(link: typeof CURRENT_LINK | typeof PREVIOUS_LINK): Promise<string> {
    try {
      return path.basename(await readlink(path.join(this.root, link)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw err;
    }
  }

  /**
   * Points `link` at versions/<version> atomically (a new symlink renamed over the old one), or
   * removes it for '' (the installed code).
   */
  async pointAt(link: typeof CURRENT_LINK | typeof PREVIOUS_LINK, version: string): Promise<void> {
    const at = path.join(this.root, link);
    if (version === '') {
      await unlink(at).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      return;
    }
    const tmp = tmpName(at);
    await symlink(path.join(VERSIONS_DIR, version), tmp);
    await rename(tmp, at);
  }

  readTrial(): Promise<TrialMarker | null> {
    return readJson<TrialMarker>(path.join(this.root, TRIAL_FILE));
  }

  writeTrial(trial: TrialMarker): Promise<void> {
    return writeJsonAtomic(path.join(this.root, TRIAL_FILE), trial);
  }

  /**
   * The trial is over: this version linked. False when there was no trial of it to end (the
   * launcher had already given up on it, or it was never on trial).
   */
  async confirmTrial(version: string): Promise<boolean> {
    const trial = await this.readTrial();
    if (!trial || trial.version !== version) return false;
    try {
      await unlink(path.join(this.root, TRIAL_FILE));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  readRollback(): Promise<RollbackRecord | null> {
    return readJson<RollbackRecord>(path.join(this.root, ROLLBACK_FILE));
  }

  async clearRollback(): Promise<void> {
    await rm(path.join(this.root, ROLLBACK_FILE), { force: true });
  }

  /** Versions rolled back on this device, with why. */
  async failedVersions(): Promise<Record<string, string>> {
    return (await readJson<Record<string, string>>(path.join(this.root, FAILED_FILE))) ?? {};
  }
}
