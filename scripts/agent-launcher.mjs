#!/usr/bin/env node
// @ts-check
// The stable launcher of the crawl agent (docs/operations.md, releases). The systemd unit starts
// this, never a release directly: it is plain JavaScript with no dependency and no part of any
// release, so a new version that crashes before running any of its own code still gets rolled
// back. The release folder's layout is described in agent/upgrade/release-layout.ts.
//
//   agent-launcher.mjs --root DIR [--trial-ms 60000] [--max-starts 3] [-- INSTALLED COMMAND...]
//
// It starts <root>/current (versions/<v>/ as its crawl-release.json says), or the installed code
// (the command after --) when there is no current release. While trial.json names the current
// version, each start is counted; past --max-starts starts, or --trial-ms after the first one,
// without the agent confirming its trial (it removes trial.json once it has linked), the launcher
// points `current` back at `previous`, records why (rollback.json, failed.json) and starts that.
// It exits with the agent's exit code, so the service manager (Restart=always) starts it again.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash < 0 ? argv : argv.slice(0, dash);
const installed = dash < 0 ? [] : argv.slice(dash + 1);

/** @param {string} name @param {string} fallback */
function flag(name, fallback) {
  const i = own.indexOf(`--${name}`);
  if (i >= 0 && own[i + 1] !== undefined) return /** @type {string} */ (own[i + 1]);
  const eq = own.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : fallback;
}

const root = flag('root', '');
const trialMs = Number(flag('trial-ms', '60000'));
const maxStarts = Number(flag('max-starts', '3'));
if (!root || !Number.isInteger(trialMs) || trialMs < 1 || !Number.isInteger(maxStarts) || maxStarts < 1) {
  process.stderr.write(
    'usage: agent-launcher.mjs --root DIR [--trial-ms MS] [--max-starts N] [-- COMMAND...]\n',
  );
  process.exit(2);
}

/** pino-shaped lines, so the journal and the agent's own lines read alike. */
function log(level, msg, fields = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), component: 'launcher', ...fields, msg })}\n`,
  );
}

const at = (/** @type {string} */ name) => path.join(root, name);

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** @param {string} file @param {unknown} value */
function writeJson(file, value) {
  const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  writeFileSync(tmp, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/** @param {string} link */
function linked(link) {
  try {
    return path.basename(readlinkSync(at(link)));
  } catch {
    return '';
  }
}

/** Points `current` at versions/<version> (a symlink renamed over the old one); '' removes it. */
function pointCurrent(/** @type {string} */ version) {
  if (version === '') {
    try {
      unlinkSync(at('current'));
    } catch {}
    return;
  }
  const tmp = `${at('current')}.tmp-${randomBytes(6).toString('hex')}`;
  symlinkSync(path.join('versions', version), tmp);
  renameSync(tmp, at('current'));
}

/** Goes back to `previous`, and remembers why: the agent reports it, and never takes it again. */
function rollBack(
  /** @type {string} */ version,
  /** @type {'crashed' | 'no_link'} */ reason,
  /** @type {string} */ message,
) {
  const previous = linked('previous');
  pointCurrent(previous);
  try {
    unlinkSync(at('trial.json'));
  } catch {}
  writeJson(at('rollback.json'), { version, reason, message, atMs: Date.now() });
  writeJson(at('failed.json'), { ...(readJson(at('failed.json')) ?? {}), [version]: reason });
  log('error', 'rolled back', { version, previous: previous || 'installed code', reason, why: message });
}

/** What to run now: a release (its dir, version and manifest) or the installed command. */
function resolveStart() {
  const version = linked('current');
  if (version === '') return null;
  const dir = path.join(root, 'versions', version);
  const manifest = readJson(path.join(dir, 'crawl-release.json'));
  if (!manifest || manifest.version !== version || typeof manifest.entry !== 'string') {
    return { version, dir, manifest: null };
  }
  return { version, dir, manifest };
}

let start = resolveStart();
let trial = start ? readJson(at('trial.json')) : null;
if (start && trial && trial.version === start.version) {
  const now = Date.now();
  trial.starts = (Number(trial.starts) || 0) + 1;
  if (!trial.startedAtMs) trial.startedAtMs = now;
  writeJson(at('trial.json'), trial);
  if (!start.manifest) {
    rollBack(start.version, 'crashed', 'no usable crawl-release.json');
  } else if (trial.starts > maxStarts) {
    rollBack(start.version, 'crashed', `did not link within ${maxStarts} starts`);
  } else if (now - trial.startedAtMs > trialMs) {
    rollBack(start.version, 'no_link', `did not link within ${trialMs} ms`);
  }
  if (linked('current') !== start.version) {
    start = resolveStart();
    trial = null;
  }
} else trial = null;

/** @type {string} */
let command;
/** @type {string[]} */
let args;
/** @type {string} */
let cwd = process.cwd();
const env = { ...process.env, CRAWL_AGENT_RELEASE_ROOT: root };
delete env.CRAWL_AGENT_RELEASE_VERSION;
if (start?.manifest) {
  command = process.execPath;
  args = [...(start.manifest.nodeArgs ?? []), path.join(start.dir, start.manifest.entry)];
  // A bundle carries what it needs (its node_modules): it runs from its own folder.
  cwd = start.dir;
  env.CRAWL_AGENT_RELEASE_VERSION = start.version;
} else {
  if (installed.length === 0) {
    log('error', 'no current release and no installed command to start');
    process.exit(1);
  }
  command = /** @type {string} */ (installed[0]);
  args = installed.slice(1);
}

log('info', 'starting agent', {
  version: start?.manifest ? start.version : 'installed code',
  trial: trial ? { starts: trial.starts, maxStarts, trialMs } : undefined,
});
const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) {
  process.on(signal, () => child.kill(signal));
}

/** @type {NodeJS.Timeout | null} */
let deadline = null;
if (trial && start) {
  const version = start.version;
  const startedAtMs = Number(trial.startedAtMs);
  deadline = setTimeout(
    () => {
      // The agent removes trial.json once linked: still there means it never did.
      const still = readJson(at('trial.json'));
      if (!still || still.version !== version) return;
      rollBack(version, 'no_link', `did not link within ${trialMs} ms`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    },
    Math.max(0, startedAtMs + trialMs - Date.now()),
  );
}

child.on('error', (err) => {
  log('error', 'agent did not start', { err: err.message });
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (deadline) clearTimeout(deadline);
  log(code === 0 ? 'info' : 'warn', 'agent exited', { code, signal });
  process.exit(code ?? 1);
});
