// What some suites need from the machine: a PostgreSQL (127.0.0.1:5432, trust auth, or
// TEST_POSTGRES_URL) and a Chromium. Every such suite asks here, so a missing one is handled one
// way everywhere:
// - on a developer's machine the suites skip, and the run's output says why (what was tried,
//   what failed, how to get it) once per run, not once per file;
// - under CI (CI=true, set by .ci/run) a missing one fails the file instead: CI installs both
//   (scripts/setup.sh --test), so there a skip would only hide tests that did not run.
import { openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER_CANDIDATES, findBrowser } from '../../agent/executors/browser/index.js';
import { ADMIN_URL, postgresProblem } from './postgres.js';

/** CI must run every suite: a missing PostgreSQL or Chromium fails there. */
export const IN_CI = process.env.CI === 'true';

const SETUP = 'bash scripts/setup.sh --test installs and starts it';

/**
 * The node:test runner starts every test file as a child process of its own, so "once per run"
 * is once per runner: the first file to get here writes the note, the others find its marker.
 * The runner's start time goes into the marker's name so a later run with a reused pid still
 * gets its note.
 */
function noteOnce(what: string, note: string): void {
  let runner = String(process.ppid);
  try {
    // /proc/<pid>/stat field 22 is the process's start time (Linux); elsewhere the pid alone.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    runner += `-${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {}
  try {
    const fd = openSync(path.join(tmpdir(), `crawl-test-note-${what}-${runner}`), 'wx');
    writeSync(fd, note);
  } catch {
    return; // another file of this run has said it
  }
  process.stderr.write(`${note}\n`);
}

function missing(what: 'postgres' | 'chromium', name: string, why: string): string {
  if (IN_CI) {
    throw new Error(`CI=true and ${name} is missing: ${why}. CI must run these suites, not skip them.`);
  }
  noteOnce(what, `${name} suites are skipped in this run: ${why}.`);
  return `no ${name} (why: see the note at the start of the run)`;
}

let pg: Promise<string | false> | undefined;

/** `false` when PostgreSQL answers; else a suite's skip reason. Throws under CI. */
export function postgresSkip(): Promise<string | false> {
  pg ??= postgresProblem().then((problem) =>
    problem === null
      ? false
      : missing(
          'postgres',
          'PostgreSQL',
          `${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')} did not answer (${problem}); ${SETUP}, or set TEST_POSTGRES_URL`,
        ),
  );
  return pg;
}

export interface ChromiumNeed {
  browser: { path: string; version: string } | null;
  /** `false` when a browser was found; else a suite's skip reason. */
  skip: string | false;
}

let chromium: Promise<ChromiumNeed> | undefined;

/** The browser the agent would use, or a suite's skip reason. Throws under CI. */
export function chromiumNeed(): Promise<ChromiumNeed> {
  chromium ??= findBrowser().then((browser) => ({
    browser,
    skip: browser
      ? false
      : missing(
          'chromium',
          'Chromium',
          `none of ${BROWSER_CANDIDATES.join(', ')} answered --version; ${SETUP} (apt-get install chromium)`,
        ),
  }));
  return chromium;
}
