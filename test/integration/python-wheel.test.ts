// The Python SDK as a user gets it: a wheel built offline from python/ with Debian's setuptools,
// wheel and pip (no package index: this machine reaches none), installed into a fresh venv with
// `pip install --no-index`, and used from there, outside the checkout, against a real coordinator
// and agent: submit a job, wait for it, read its content, and hear an error with the contract's
// words. The venv sees Debian's httpx (--system-site-packages), the SDK's one dependency.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import {
  ROOT,
  removeDir,
  startTestAgent,
  startTestCoordinator,
  type TestCoordinator,
  tempDir,
} from '../helpers/cluster.js';
import { IN_CI } from '../helpers/needs.js';
import { startTargetServer, type TargetServer } from '../helpers/target-server.js';

const run = promisify(execFile);
/** Debian's Python, the one CI has (scripts/setup.sh --test installs its packages). */
const PYTHON = '/usr/bin/python3';
const NEEDED = 'python3-venv python3-pip python3-setuptools python3-wheel python3-httpx';

/** `false` when the wheel can be built and installed here; else the skip reason (a failure under CI). */
async function pythonSkip(): Promise<string | false> {
  try {
    // setuptools first: pip imports the standard library's distutils, which setuptools then refuses.
    await run(PYTHON, ['-c', 'import setuptools, wheel, ensurepip, pip, httpx']);
    return false;
  } catch (err) {
    const why = `${PYTHON} cannot build and install the wheel (${String(err).split('\n').at(-2) ?? err}); bash scripts/setup.sh --test installs ${NEEDED}`;
    if (IN_CI) throw new Error(`CI=true and ${why}`);
    return why;
  }
}

/** A child's environment without anything that would let it import the SDK from the checkout. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    PYTHONDONTWRITEBYTECODE: '1',
    PIP_NO_INPUT: '1',
  };
  delete env.PYTHONPATH;
  delete env.VIRTUAL_ENV;
  return env;
}

const USE_SDK = `
import json, os, sys
import crawl_network
from importlib.metadata import version
from crawl_network import CrawlClient, CrawlNotFoundError, WaitOptions

with CrawlClient(os.environ["CRAWL_URL"], os.environ["CRAWL_API_KEY"]) as crawl:
    job = crawl.run_job({"url": os.environ["TARGET_URL"]}, WaitOptions(timeout=60))
    page = crawl.download_as(job["job_id"], "text")
    try:
        crawl.get_job("00000000-0000-7000-8000-000000000000")
        error = None
    except CrawlNotFoundError as err:
        error = {"status": err.status, "code": err.code, "message": err.api_message}
print(json.dumps({
    "module": crawl_network.__file__,
    "version": version("crawl-network"),
    "status": job["status"],
    "text": page.content.decode(),
    "error": error,
}))
`;

describe('the Python SDK as a wheel in a fresh venv', async () => {
  const skip = await pythonSkip();
  let work: string;
  let c: TestCoordinator;
  let target: TargetServer;
  let stopAgent: (() => Promise<void>) | undefined;

  before(async () => {
    if (skip) return;
    work = tempDir('pywheel');
    target = await startTargetServer();
    c = await startTestCoordinator();
    const agent = await startTestAgent({
      deviceId: 'wheel-agent',
      token: await c.newDevice('wheel-agent'),
      coordinators: [c.url],
    });
    stopAgent = agent.stop;
  });
  after(async () => {
    if (skip) return;
    await stopAgent?.();
    await c?.stop();
    await target?.close();
    removeDir(work);
  });

  test('builds offline, installs with --no-index and runs a job from the venv', { skip }, async () => {
    // Built from a copy, so the build's egg-info and build/ never land in the checkout.
    const source = path.join(work, 'source');
    for (const part of ['pyproject.toml', 'README.md', 'src']) {
      cpSync(path.join(ROOT, 'python', part), path.join(source, part), { recursive: true });
    }
    const dist = path.join(work, 'dist');
    const env = cleanEnv({});
    await run(
      PYTHON,
      ['-m', 'pip', 'wheel', '--no-deps', '--no-build-isolation', '--no-index', '--wheel-dir', dist, source],
      { env },
    );
    const wheels = readdirSync(dist);
    assert.deepEqual(wheels, ['crawl_network-0.1.0-py3-none-any.whl']);
    const wheel = path.join(dist, wheels[0] as string);
    const { stdout: listing } = await run(PYTHON, [
      '-c',
      'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))',
      wheel,
    ]);
    const files = listing.trim().split('\n');
    for (const f of ['crawl_network/__init__.py', 'crawl_network/py.typed', 'crawl_network/types.py']) {
      assert.ok(files.includes(f), `${f} is in the wheel: ${files.join(', ')}`);
    }
    assert.ok(!files.some((f) => f.includes('tests/')), 'no tests in the wheel');

    const venv = path.join(work, 'venv');
    await run(PYTHON, ['-m', 'venv', '--system-site-packages', venv], { env });
    const venvPython = path.join(venv, 'bin', 'python');
    // No --no-deps: pip must find the httpx dependency satisfied (Debian's, seen by the venv).
    await run(venvPython, ['-m', 'pip', 'install', '--no-index', '--disable-pip-version-check', wheel], {
      env,
    });

    const script = path.join(work, 'use_sdk.py');
    writeFileSync(script, USE_SDK);
    const { stdout } = await run(venvPython, [script], {
      cwd: work,
      env: cleanEnv({ CRAWL_URL: c.url, CRAWL_API_KEY: c.apiKey, TARGET_URL: `${target.httpUrl}/article` }),
      timeout: 120_000,
    });
    const out = JSON.parse(stdout) as {
      module: string;
      version: string;
      status: string;
      text: string;
      error: { status: number; code: string; message: string };
    };
    assert.ok(out.module.startsWith(path.join(venv, 'lib')), `imported from the venv: ${out.module}`);
    assert.equal(out.version, '0.1.0');
    assert.equal(out.status, 'completed');
    assert.match(out.text, /The harbour lights were lit/);
    assert.deepEqual(out.error, {
      status: 404,
      code: 'not_found',
      message: 'not found: job does not exist or you are not authorized to view it',
    });
  });
});
