// scripts/install-agent.sh into a temporary root (never the real /, never systemctl), twice to prove
// it is idempotent, then --uninstall; plus shellcheck on the scripts and `systemd-analyze verify` on
// both units as installed (the temp root holds their ExecStart paths and a copy of the system units).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { access, cp, lstat, mkdir, mkdtemp, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const script = path.join(repo, 'scripts/install-agent.sh');
const TOKEN = 'tok_9f2c1e7a-secret-value';

const have = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
const mode = async (p: string) => (await stat(p)).mode & 0o777;
const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

async function install(root: string, args: string[]) {
  return run('bash', [script, '--root', root, '--source', repo, '--no-start', ...args], {
    maxBuffer: 1024 * 1024,
  });
}

describe('install-agent.sh', () => {
  let root: string;
  let envFile: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'install-agent-'));
    envFile = path.join(root, 'etc/crawl-agent/agent.env');
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a first install without identity, touching nothing', async () => {
    const err = await install(root, ['--device-id', 'dev-1']).then(
      () => assert.fail('expected a failure'),
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(err.code, 1);
    assert.match(err.stderr, /first install needs --coordinator, --device-id and --token/);
    assert.equal(await exists(path.join(root, 'opt')), false);
  });

  it('installs code, env file, unit and command without printing the token', async () => {
    const { stdout, stderr } = await install(root, [
      '--coordinator',
      'wss://c1.example.test',
      '--coordinator',
      'https://c2.example.test',
      '--device-id',
      'dev-1',
      '--token',
      TOKEN,
      '--country',
      'de',
      '--region',
      'EU',
      '--city',
      'Frankfurt am Main',
      '--device-type',
      'server',
    ]);
    assert.ok(!stdout.includes(TOKEN) && !stderr.includes(TOKEN), 'the token is never printed');
    assert.match(stdout, /not starting \(--no-start\)/);

    const opt = path.join(root, 'opt/crawl-network');
    assert.ok(await exists(path.join(opt, 'agent/status/cli.ts')));
    assert.ok(await exists(path.join(opt, 'node_modules/tsx/package.json')));
    assert.equal(await exists(path.join(opt, '.git')), false, 'no .git in the install');
    assert.equal(await exists(path.join(opt, 'test')), false, 'no tests in the install');
    assert.equal((await mode(path.join(opt, 'scripts/crawl-agent'))) & 0o111, 0o111, 'wrapper is executable');
    assert.equal((await mode(path.join(opt, 'package.json'))) & 0o022, 0, 'code is not group/world writable');

    assert.equal(await mode(envFile), 0o600);
    assert.equal(await mode(path.dirname(envFile)), 0o700);
    const env = await readFile(envFile, 'utf8');
    const line = (key: string) => env.split('\n').find((l) => l.startsWith(`${key}=`));
    assert.equal(line('CRAWL_AGENT_TOKEN'), `CRAWL_AGENT_TOKEN=${TOKEN}`);
    assert.equal(line('CRAWL_AGENT_DEVICE_ID'), 'CRAWL_AGENT_DEVICE_ID=dev-1');
    assert.equal(
      line('CRAWL_AGENT_COORDINATORS'),
      'CRAWL_AGENT_COORDINATORS=wss://c1.example.test,https://c2.example.test',
    );
    assert.equal(line('CRAWL_AGENT_COUNTRY'), 'CRAWL_AGENT_COUNTRY=DE');
    assert.equal(line('CRAWL_AGENT_CITY'), 'CRAWL_AGENT_CITY="Frankfurt am Main"');
    assert.equal(line('CRAWL_AGENT_NETWORK_TYPE'), undefined, 'the example placement is not taken as ours');
    assert.equal(line('CRAWL_AGENT_STATUS_ADDR'), 'CRAWL_AGENT_STATUS_ADDR=127.0.0.1:9477');
    assert.equal(env.split('\n').filter((l) => l.startsWith('CRAWL_AGENT_TOKEN=')).length, 1);

    const unit = path.join(root, 'etc/systemd/system/crawl-agent.service');
    assert.equal(
      await readFile(unit, 'utf8'),
      await readFile(path.join(repo, 'systemd/crawl-agent.service'), 'utf8'),
    );
    assert.equal(await mode(unit), 0o644);
    const link = path.join(root, 'usr/local/bin/crawl-agent');
    assert.ok((await lstat(link)).isSymbolicLink());
    assert.equal(await readlink(link), '/opt/crawl-network/scripts/crawl-agent');
  });

  it('is idempotent: a re-run without flags changes no setting', async () => {
    const envBefore = await readFile(envFile, 'utf8');
    const { stdout } = await install(root, []);
    assert.match(stdout, /kept \/etc\/crawl-agent\/agent\.env as it is/);
    assert.equal(await readFile(envFile, 'utf8'), envBefore);
    assert.equal(await mode(envFile), 0o600);
  });

  it('a re-run with flags changes only those settings', async () => {
    const envBefore = await readFile(envFile, 'utf8');
    const tokenFile = path.join(root, 'new-token');
    await writeFile(tokenFile, 'tok_rotated\n');
    const { stdout } = await install(root, ['--city', 'Berlin', '--token-file', tokenFile]);
    assert.ok(!stdout.includes('tok_rotated'));
    const envAfter = await readFile(envFile, 'utf8');
    const expected = envBefore
      .replace('CRAWL_AGENT_CITY="Frankfurt am Main"', 'CRAWL_AGENT_CITY=Berlin')
      .replace(`CRAWL_AGENT_TOKEN=${TOKEN}`, 'CRAWL_AGENT_TOKEN=tok_rotated');
    assert.equal(envAfter, expected);
  });

  it('rejects invalid placement values', async () => {
    const err = await install(root, ['--region', 'MARS']).then(
      () => assert.fail('expected a failure'),
      (e: { stderr: string }) => e,
    );
    assert.match(err.stderr, /REGION must be one of: NA EU APAC LATAM MEA/);
  });

  it('installs units that pass systemd-analyze verify', async (t) => {
    if (!have('systemd-analyze')) {
      t.skip('systemd-analyze is not installed: unit files not verified');
      return;
    }
    // verify --root needs the system's own units (sysinit.target...) inside the root.
    await mkdir(path.join(root, 'usr/lib/systemd'), { recursive: true });
    await cp('/usr/lib/systemd/system', path.join(root, 'usr/lib/systemd/system'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    await cp(
      path.join(repo, 'systemd/crawl-coordinator.service'),
      path.join(root, 'etc/systemd/system/crawl-coordinator.service'),
    );
    const { stdout, stderr } = await run('systemd-analyze', [
      `--root=${root}`,
      'verify',
      'crawl-agent.service',
      'crawl-coordinator.service',
    ]);
    assert.equal(`${stdout}${stderr}`, '', 'no warnings');
    // Proof that the check has teeth: a missing ExecStart binary fails it.
    await rm(path.join(root, 'etc/systemd/system/crawl-coordinator.service'));
    await writeFile(
      path.join(root, 'etc/systemd/system/broken.service'),
      '[Service]\nExecStart=/opt/crawl-network/missing\n',
    );
    const broken = await run('systemd-analyze', [`--root=${root}`, 'verify', 'broken.service']).then(
      () => assert.fail('expected verify to fail'),
      (e: { stderr: string }) => e,
    );
    assert.match(broken.stderr, /missing is not executable/);
    await rm(path.join(root, 'etc/systemd/system/broken.service'));
  });

  it('uninstalls, keeping the state directory unless --purge', async () => {
    const state = path.join(root, 'var/lib/private/crawl-agent');
    await mkdir(state, { recursive: true });
    await writeFile(path.join(state, 'spool.db'), 'x');
    const { stdout } = await run('bash', [script, '--root', root, '--uninstall']);
    assert.match(stdout, /kept the state directory/);
    for (const p of [
      'opt/crawl-network',
      'etc/crawl-agent',
      'etc/systemd/system/crawl-agent.service',
      'usr/local/bin/crawl-agent',
    ]) {
      assert.equal(await exists(path.join(root, p)), false, `${p} removed`);
    }
    assert.ok(await exists(path.join(state, 'spool.db')));
    await run('bash', [script, '--root', root, '--uninstall', '--purge']);
    assert.equal(await exists(state), false);
  });
});

describe('shell scripts', () => {
  it('pass shellcheck', async (t) => {
    if (!have('shellcheck')) {
      t.skip('shellcheck is not installed: scripts not checked');
      return;
    }
    const { stdout: list } = await run('sh', ['-c', 'ls scripts/*.sh'], { cwd: repo });
    const files = [...list.trim().split('\n'), 'scripts/crawl-agent'];
    const result = spawnSync('shellcheck', files, { cwd: repo, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});
