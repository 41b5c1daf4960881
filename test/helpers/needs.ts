// What some suites need from the machine: a PostgreSQL (127.0.0.1:5432, trust auth, or
// TEST_POSTGRES_URL), a Chromium, and the measurement tools (ping, traceroute, mtr, working: run as
// root or with CAP_NET_RAW). Every such suite asks here, so a missing one is handled one way
// everywhere:
// - on a developer's machine the suites skip, and the run's output says why (what was tried,
//   what failed, how to get it) once per run, not once per file;
// - under CI (CI=true, set by .ci/run) a missing one fails the file instead: CI installs them all
//   (scripts/setup.sh --test), so there a skip would only hide tests that did not run.
// A suite that drops a capability from an agent (setpriv) needs root too, and fails under CI
// without it likewise.
import { existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROWSER_CANDIDATES, findBrowser } from '../../agent/executors/browser/index.js';
import {
  type MeasureTools,
  probeMeasureTools,
  TOOL_DIRS,
  TOOL_METHODS,
} from '../../agent/executors/measure/probe.js';
import type { MeasureMethod } from '../../proto/index.js';
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

function missing(
  what: 'postgres' | 'chromium' | 'measure-tools' | 'net-raw',
  name: string,
  why: string,
): string {
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

export interface MeasureToolsNeed {
  /** What the agent's probe found on this machine (the tools the suites' executors are given). */
  tools: MeasureTools;
  /** `false` when `method` runs here; else a test's skip reason. */
  skip(method: MeasureMethod): string | false;
}

let measure: Promise<MeasureToolsNeed> | undefined;

/**
 * The measurement tools as the agent's start-up probe finds them (TEST_MEASURE_TOOL_DIRS, a
 * comma-separated list, replaces the system directories, for the test of this helper). A method
 * that does not run is a skip, said once per run; under CI any one of them fails the file.
 */
export function measureToolsNeed(): Promise<MeasureToolsNeed> {
  measure ??= probeMeasureTools(process.env.TEST_MEASURE_TOOL_DIRS?.split(',') ?? TOOL_DIRS).then((tools) => {
    const absent = TOOL_METHODS.filter((m) => !tools.methods.has(m));
    if (absent.length > 0)
      missing(
        'measure-tools',
        'ping/traceroute/mtr',
        `${absent.map((m) => `${m} (${tools.missing[m] ?? 'not probed'})`).join(', ')}; ` +
          'bash scripts/setup.sh installs ping, traceroute and mtr (iputils-ping, traceroute, mtr-tiny); ' +
          'ICMP and TCP traceroute and mtr need root or CAP_NET_RAW',
      );
    return {
      tools,
      skip: (method) =>
        tools.methods.has(method) ? false : `${method} unavailable: ${tools.missing[method] ?? 'not probed'}`,
    };
  });
  return measure;
}

/**
 * `false` when this process may run a child without CAP_NET_RAW (root, setpriv) and give a file a
 * capability (setcap); else a skip reason. Throws under CI.
 */
export function dropCapabilitySkip(): string | false {
  const has = (name: string) => TOOL_DIRS.some((dir) => existsSync(path.join(dir, name)));
  const problem =
    process.getuid?.() !== 0
      ? 'not root: only root may drop a capability from a child'
      : !has('setpriv')
        ? 'setpriv (util-linux) is not installed'
        : !has('setcap')
          ? 'setcap is not installed (bash scripts/setup.sh installs libcap2-bin)'
          : null;
  if (problem === null) return false;
  return missing('net-raw', 'setpriv and setcap as root', problem);
}
