// The rollout of an agent release over a fleet of 50 devices speaking the real link protocol (raw
// agents in this process) through a real coordinator, on SQLite and on PostgreSQL: a 10 % rollout
// offers the release to the devices whose id hash falls in the first 10 %, never to a pinned one;
// those devices download it with their own token and link again as the new version, which
// /metrics and the dashboard count; 100 % then reaches every device not pinned.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { releaseSignedBy } from '../../agent/upgrade/release-verify.js';
import { bundleDigest } from '../../agent/upgrade/tar.js';
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { rolloutBucket } from '../../coordinator/releases/rollout.js';
import { releaseBundlePath, type UpgradeOffer } from '../../proto/index.js';
import { pinDevice, publishRelease, releaseStatus, setRollout } from '../../scripts/release-tools.js';
import { buildBundle, generateReleaseKey, signRelease } from '../helpers/agent-releases.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { postgresSkip } from '../helpers/needs.js';
import { freshPostgresUrl } from '../helpers/postgres.js';
import { RawAgent } from '../helpers/raw-agent.js';

const FLEET = 50;
const OLD = 'raw-test';
const NEW = '2.0.0';
const ids = Array.from({ length: FLEET }, (_, i) => `fleet-${String(i).padStart(2, '0')}`);

/** Upgrade offers a raw agent has received (and not consumed). */
const offersTo = (a: RawAgent): UpgradeOffer[] =>
  a.frames.filter((f) => f.body === 'upgrade').map((f) => f.upgrade as UpgradeOffer);

async function metric(c: TestCoordinator, admin: string, version: string): Promise<number> {
  const text = await (
    await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${admin}` } })
  ).text();
  const m = new RegExp(
    `^crawl_devices_by_version\\{version="${version.replace('.', '\\.')}"\\} (\\d+)$`,
    'm',
  ).exec(text);
  return Number(m?.[1] ?? 0);
}

async function rollout(c: TestCoordinator): Promise<void> {
  const admin = (await createApiKey(c.coordinator.store, { name: 'release manager', admin: true })).key;
  const key = generateReleaseKey();
  const bundle = await buildBundle(NEW, 'crash');
  const manifest = signRelease(bundle, NEW, key.privateKeyPem);
  await publishRelease(c.url, admin, bundle, manifest);
  // The version the fleet runs now, published too so a device can be held at it.
  const old = await buildBundle(OLD, 'crash');
  await publishRelease(c.url, admin, old, signRelease(old, OLD, key.privateKeyPem));

  const tokens = new Map<string, string>();
  const agents = new Map<string, RawAgent>();
  await Promise.all(ids.map(async (id) => tokens.set(id, await c.newDevice(id))));
  try {
    await Promise.all(
      ids.map(async (id) => agents.set(id, await RawAgent.connect(c.url, id, tokens.get(id) ?? ''))),
    );
    const inShare = ids.filter((id) => rolloutBucket(NEW, id) < 10);
    // About 5 of 50: the hash spreads ids evenly.
    assert.ok(inShare.length >= 2 && inShare.length <= 9, `in the 10 % share: ${inShare.length}`);
    // One device in the share and two outside it are held at the version they run.
    const pinned = [inShare[0] ?? '', ...ids.filter((id) => !inShare.includes(id)).slice(0, 2)];
    for (const id of pinned) await pinDevice(c.url, admin, id, OLD);

    await setRollout(c.url, admin, NEW, 10);
    // Offers go out before the rollout call answers; a ping round trip per link brings them in.
    await Promise.all([...agents.values()].map((a) => a.barrier()));
    const offered = ids.filter((id) => offersTo(agents.get(id) as RawAgent).length > 0);
    assert.deepEqual(
      offered,
      inShare.filter((id) => !pinned.includes(id)),
    );
    assert.equal(offered.length, inShare.length - 1);
    for (const id of offered) {
      const [offer] = offersTo(agents.get(id) as RawAgent);
      assert.equal(offer?.version, NEW);
      assert.equal(offer?.digest, manifest.digest);
      assert.equal(offer?.path, releaseBundlePath(NEW));
      assert.ok(
        releaseSignedBy(
          [Buffer.from(key.publicKey, 'base64')],
          NEW,
          offer.digest ?? '',
          offer.signature ?? new Uint8Array(),
        ),
      );
    }

    // The offered devices download with their own token and come back as the new version.
    for (const id of offered) {
      const res = await fetch(`${c.url}${releaseBundlePath(NEW)}`, {
        headers: { authorization: `Bearer ${tokens.get(id)}` },
      });
      assert.equal(res.status, 200);
      assert.equal(bundleDigest(Buffer.from(await res.arrayBuffer())), manifest.digest);
      agents.get(id)?.close();
      await agents.get(id)?.closed;
      agents.set(id, await RawAgent.connect(c.url, id, tokens.get(id) ?? '', { agentVersion: NEW }));
    }
    const refused = await fetch(`${c.url}${releaseBundlePath(NEW)}`, {
      headers: { authorization: 'Bearer nope' },
    });
    assert.equal(refused.status, 401);
    assert.equal(await metric(c, admin, NEW), offered.length);
    assert.equal(await metric(c, admin, OLD), FLEET - offered.length);
    const status = (await releaseStatus(c.url, admin)) as {
      rollout: { version: string; percent: number };
      devices_by_version: Array<{ version: string; devices: number }>;
      pins: Array<{ device_id: string; version: string }>;
    };
    assert.deepEqual(status.rollout, { ...status.rollout, version: NEW, percent: 10 });
    assert.deepEqual(status.devices_by_version, [
      { version: OLD, devices: FLEET - offered.length },
      { version: NEW, devices: offered.length },
    ]);
    assert.deepEqual(status.pins.map((p) => p.device_id).sort(), [...pinned].sort());

    // The dashboard shows the same progress.
    const dash = (await (
      await fetch(`${c.url}/dashboard/data.json`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as {
      versions: Array<{ version: string; devices: number }>;
      rollout: { percent: number } | null;
    };
    assert.deepEqual(dash.versions, status.devices_by_version);
    assert.equal(dash.rollout?.percent, 10);

    // All of it: every device not pinned and not yet on the release is offered it; pinned never.
    await setRollout(c.url, admin, NEW, 100);
    await Promise.all([...agents.values()].map((a) => a.barrier()));
    for (const id of ids) {
      const got = offersTo(agents.get(id) as RawAgent).length;
      const expected = pinned.includes(id) || offered.includes(id) ? 0 : 1;
      assert.equal(got, expected, `${id}: ${got} offers`);
    }
  } finally {
    for (const a of agents.values()) a.close();
  }
}

const pgSkip = await postgresSkip();

describe('agent release rollout over 50 devices', () => {
  test('on SQLite', async () => {
    const c = await startTestCoordinator();
    try {
      await rollout(c);
    } finally {
      await c.stop();
    }
  });

  test('on PostgreSQL', { skip: pgSkip }, async () => {
    const db = await freshPostgresUrl();
    const c = await startTestCoordinator({ flags: ['--store', db.url] });
    try {
      await rollout(c);
    } finally {
      await c.stop();
      await db.drop();
    }
  });
});
