// Signed agent upgrades through a real coordinator and real agent processes under the real
// launcher (scripts/agent-launcher.mjs), restarted by a stand-in for systemd's Restart=always:
// version N upgrades to N+1; a tampered bundle and a wrong signature are refused and logged while
// N keeps running; a release that crashes at start, and one that never links, are rolled back.
import assert from 'node:assert/strict';
import { readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bundleDigest } from '../../agent/upgrade/tar.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import type { ReleaseService } from '../../coordinator/releases/release-service.js';
import type { UpgradeReport } from '../../proto/index.js';
import { pinDevice, publishRelease } from '../../scripts/release-tools.js';
import {
  buildBundle,
  generateReleaseKey,
  installRelease,
  releaseRoot,
  type SupervisedAgent,
  signRelease,
  supervise,
} from '../helpers/agent-releases.js';
import { startTestCoordinator, type TestCoordinator, tempDir } from '../helpers/cluster.js';

const N = '1.0.0';
const NEXT = '1.1.0';
const TAMPERED = '1.2.0';
const FOREIGN = '1.3.0';
const CRASHING = '1.4.0';
const SILENT = '1.5.0';

type Line = Record<string, unknown>;

describe('agent upgrades', () => {
  let c: TestCoordinator;
  let admin: string;
  let releases: ReleaseService;
  const key = generateReleaseKey();
  let bundleN: Buffer;
  const agents: SupervisedAgent[] = [];
  /** The devices of each test, started together in before(): their first starts overlap. */
  let devices: Record<
    'up' | 'guarded' | 'crashy' | 'silent',
    Promise<{ agent: SupervisedAgent; root: string }>
  >;

  /** The next report the coordinator hears from `deviceId` about `version`. */
  const reportFrom = (deviceId: string, version: string): Promise<UpgradeReport> =>
    new Promise((resolve) => {
      const on = (id: string, report: UpgradeReport) => {
        if (id !== deviceId || report.version !== version) return;
        releases.off('report', on);
        resolve(report);
      };
      releases.on('report', on);
    });

  /** The agent version the coordinator has for a linked device (its hello's). */
  async function linkedVersion(deviceId: string): Promise<string | null> {
    const res = await fetch(`${c.url}/crawl/v1/devices?connected=true`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const body = (await res.json()) as { devices: Array<{ device_id: string; agent_version: string }> };
    return body.devices.find((d) => d.device_id === deviceId)?.agent_version ?? null;
  }

  async function failures(reason: string): Promise<number> {
    const res = await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${admin}` } });
    const m = new RegExp(`^crawl_agent_upgrades_failed_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(
      await res.text(),
    );
    return Number(m?.[1] ?? Number.NaN);
  }

  /** A device running release N under the launcher, linked. */
  // Generous: a tsx agent's first start from a fresh folder takes 20 s and more on a loaded machine.
  async function deviceOnN(id: string, trialMs = 120_000): Promise<{ agent: SupervisedAgent; root: string }> {
    const token = await c.newDevice(id);
    const root = await releaseRoot();
    await installRelease(root, N, bundleN);
    const agent = supervise({
      root,
      trialMs,
      maxStarts: 2,
      env: {
        CRAWL_AGENT_COORDINATORS: c.url,
        CRAWL_AGENT_DEVICE_ID: id,
        CRAWL_AGENT_TOKEN: token,
        CRAWL_AGENT_STATE_DIR: tempDir(`state-${id}`),
        CRAWL_AGENT_BROWSER: 'none',
        CRAWL_AGENT_STATUS_ADDR: 'off',
        CRAWL_AGENT_RECONNECT_MIN_MS: '50',
        CRAWL_AGENT_RECONNECT_MAX_MS: '500',
        CRAWL_AGENT_DRAIN_TIMEOUT_MS: '2000',
        CRAWL_AGENT_RELEASE_KEY: key.publicKey,
        CRAWL_AGENT_LOG_LEVEL: 'info',
      },
    });
    agents.push(agent);
    await agent.waitForLog((l) => l.msg === 'linked to coordinator');
    assert.equal(await linkedVersion(id), N);
    return { agent, root };
  }

  const linkedLines = (agent: SupervisedAgent): Line[] =>
    agent.logs.filter((l) => l.msg === 'linked to coordinator');

  async function publish(version: string, bundle: Buffer, pem = key.privateKeyPem): Promise<void> {
    await publishRelease(c.url, admin, bundle, signRelease(bundle, version, pem));
  }

  before(async () => {
    c = await startTestCoordinator();
    admin = (await createApiKey(c.coordinator.store, { name: 'release manager', admin: true })).key;
    releases = c.coordinator.services.releases;
    bundleN = await buildBundle(N);
    await publish(N, bundleN);
    await publish(NEXT, await buildBundle(NEXT));
    // Signed and published as it should be, then changed at rest in the coordinator's storage.
    const tampered = await buildBundle(TAMPERED);
    await publish(TAMPERED, tampered);
    const stored = await c.coordinator.store.releases.getRelease(TAMPERED);
    assert.ok(stored);
    const evil = Buffer.from(tampered);
    evil[evil.length - 100] = (evil[evil.length - 100] ?? 0) ^ 0xff;
    await c.coordinator.storages.local.put(stored.storageKey, evil, 'application/gzip');
    // Signed by a key the devices were not installed with.
    await publish(FOREIGN, await buildBundle(FOREIGN), generateReleaseKey().privateKeyPem);
    await publish(CRASHING, await buildBundle(CRASHING, 'crash'));
    await publish(SILENT, await buildBundle(SILENT, 'silent'));
    devices = {
      up: deviceOnN('up-1'),
      guarded: deviceOnN('guarded-1'),
      crashy: deviceOnN('crashy-1'),
      silent: deviceOnN('silent-1', 4_000),
    };
    // Each test awaits its own; a failed start fails that test, not the process.
    for (const d of Object.values(devices)) d.catch(() => undefined);
  });

  after(async () => {
    await Promise.all(agents.map((a) => a.stop()));
    await c.stop();
  });

  test('version N upgrades to N+1: downloaded, verified, swapped in, restarted, linked as N+1', async () => {
    const { agent, root } = await devices.up;
    const confirmed = reportFrom('up-1', NEXT);
    await pinDevice(c.url, admin, 'up-1', NEXT);
    await agent.waitForLog((l) => l.msg === 'upgrade installed: restarting into it' && l.version === NEXT);
    await agent.waitForLog((l) => l.msg === 'upgrade confirmed: this version linked within its trial');
    const report = await confirmed;
    assert.deepEqual({ version: report.version, ok: report.ok }, { version: NEXT, ok: true });
    assert.equal(await linkedVersion('up-1'), NEXT);
    assert.equal(await readlink(path.join(root, 'current')), path.join('versions', NEXT));
    assert.equal(await readlink(path.join(root, 'previous')), path.join('versions', N));
    await assert.rejects(stat(path.join(root, 'trial.json')), { code: 'ENOENT' });
    // N ran first, then N+1 (started once by the launcher after the agent's own exit).
    assert.equal(agent.starts, 2);
    assert.deepEqual(
      agent.logs.filter((l) => l.msg === 'starting agent').map((l) => l.version),
      [N, NEXT],
    );
  });

  test('a tampered bundle and a wrong signature are refused and logged; N keeps running', async () => {
    const { agent, root } = await devices.guarded;
    const before = { digest: await failures('digest'), signature: await failures('signature') };

    const tamperReport = reportFrom('guarded-1', TAMPERED);
    await pinDevice(c.url, admin, 'guarded-1', TAMPERED);
    const refusedTamper = await agent.waitForLog(
      (l) => l.msg === 'upgrade refused' && l.version === TAMPERED,
    );
    assert.equal(refusedTamper.reason, 'digest');
    const tr = await tamperReport;
    assert.equal(tr.reason, 'digest');
    assert.match(String(tr.message), /digest/);

    const foreignReport = reportFrom('guarded-1', FOREIGN);
    await pinDevice(c.url, admin, 'guarded-1', FOREIGN);
    const refusedForeign = await agent.waitForLog(
      (l) => l.msg === 'upgrade refused' && l.version === FOREIGN,
    );
    assert.equal(refusedForeign.reason, 'signature');
    assert.equal((await foreignReport).reason, 'signature');

    assert.equal(await failures('digest'), before.digest + 1);
    assert.equal(await failures('signature'), before.signature + 1);
    // Still N: never restarted, still linked once, nothing of the refused releases unpacked.
    assert.equal(agent.starts, 1);
    assert.equal(linkedLines(agent).length, 1);
    assert.equal(await linkedVersion('guarded-1'), N);
    assert.equal(await readlink(path.join(root, 'current')), path.join('versions', N));
    await assert.rejects(stat(path.join(root, 'versions', TAMPERED)), { code: 'ENOENT' });
    await assert.rejects(stat(path.join(root, 'versions', FOREIGN)), { code: 'ENOENT' });
    // The tampered bytes are what the coordinator served: its digest is not the release's.
    const served = await fetch(`${c.url}/agent/v1/releases/${TAMPERED}/bundle`, {
      headers: { authorization: `Bearer ${await c.newDevice('probe-1')}` },
    });
    const stored = await c.coordinator.store.releases.getRelease(TAMPERED);
    assert.notEqual(bundleDigest(Buffer.from(await served.arrayBuffer())), stored?.digest);
  });

  test('a release that crashes at start is rolled back by the launcher: N links again and reports it', async () => {
    const { agent, root } = await devices.crashy;
    const before = await failures('crashed');
    const report = reportFrom('crashy-1', CRASHING);
    await pinDevice(c.url, admin, 'crashy-1', CRASHING);
    await agent.waitForLog(
      (l) => l.msg === 'upgrade installed: restarting into it' && l.version === CRASHING,
    );
    const rolled = await agent.waitForLog((l) => l.msg === 'rolled back');
    assert.equal(rolled.version, CRASHING);
    assert.equal(rolled.reason, 'crashed');
    assert.deepEqual(
      { version: (await report).version, ok: (await report).ok, reason: (await report).reason },
      { version: CRASHING, ok: false, reason: 'crashed' },
    );
    assert.equal(await failures('crashed'), before + 1);
    assert.equal(await linkedVersion('crashy-1'), N);
    assert.equal(await readlink(path.join(root, 'current')), path.join('versions', N));
    // N, the crashing release twice (--max-starts 2), then N again.
    assert.deepEqual(
      agent.logs.filter((l) => l.msg === 'starting agent').map((l) => l.version),
      [N, CRASHING, CRASHING, N],
    );
    assert.equal(linkedLines(agent).length, 2);
  });

  test('a release that never links is rolled back when its trial time is up', async () => {
    const { agent, root } = await devices.silent;
    const report = reportFrom('silent-1', SILENT);
    await pinDevice(c.url, admin, 'silent-1', SILENT);
    const rolled = await agent.waitForLog((l) => l.msg === 'rolled back');
    assert.equal(rolled.version, SILENT);
    assert.equal(rolled.reason, 'no_link');
    assert.equal((await report).reason, 'no_link');
    assert.equal(await linkedVersion('silent-1'), N);
    assert.equal(await readlink(path.join(root, 'current')), path.join('versions', N));
    // The device does not take it again, though the pin still names it.
    assert.deepEqual(
      agent.logs.filter((l) => l.msg === 'starting agent').map((l) => l.version),
      [N, SILENT, N],
    );
  });
});
