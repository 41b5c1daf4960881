// The cluster the Python SDK's tests run against: a real coordinator (SQLite in a temp dir, port
// 0), a real agent process linked to it, and a local site, all from the repository's test helpers.
// Prints one JSON line on stdout once everything is ready:
//   {"url", "api_key", "other_key", "admin_key", "site_url", "device_id", "browser"}
// The agent runs full-page jobs (sweeps) with the machine's Chromium; without one `browser` is the
// reason the sweep test skips (under CI=true a missing Chromium fails: test/helpers/needs.ts).
// and stops everything when its stdin closes (the pytest fixture closes it) or on SIGTERM/SIGINT.
//   node --import tsx python/tests/harness.ts
import { createApiKey } from '../../coordinator/auth/admin-ops.js';
import { removeDir, spawnAgent, startTestCoordinator } from '../../test/helpers/cluster.js';
import { chromiumNeed } from '../../test/helpers/needs.js';
import { startSiteServer } from '../../test/helpers/site-server.js';

const DEVICE_ID = 'py-agent-1';

// Webhook deliveries go to the tests' own receiver on 127.0.0.1, which the coordinator's network
// policy refuses unless a lab range is allowed (docs/push.md).
const coord = await startTestCoordinator({ flags: ['--webhook-allow-cidrs', '127.0.0.0/8,::1/128'] });
const site = await startSiteServer({
  pages: 7,
  sitemap: true,
  robots: 'User-agent: *\nDisallow: /private/\n',
});
const adminKey = (await createApiKey(coord.coordinator.store, { name: 'py-admin', admin: true })).key;
const otherKey = await coord.newKey();
const chromium = await chromiumNeed();
const agent = spawnAgent({
  deviceId: DEVICE_ID,
  token: await coord.newDevice(DEVICE_ID),
  coordinators: [coord.url],
  logLevel: 'info',
  // Later flags win over the helper's `--browser none`.
  extra: chromium.browser ? ['--browser', chromium.browser.path] : [],
});
await agent.waitForLog((l) => l.msg === 'linked to coordinator');

let stopping: Promise<void> | undefined;
function stop(): Promise<void> {
  stopping ??= (async () => {
    agent.child.kill('SIGTERM');
    await agent.exited;
    await Promise.all([coord.stop(), site.close()]);
    removeDir(coord.dataDir);
    removeDir(agent.stateDir);
  })();
  return stopping;
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

process.stdout.write(
  `${JSON.stringify({
    url: coord.url,
    api_key: coord.apiKey,
    other_key: otherKey,
    admin_key: adminKey,
    site_url: site.url,
    device_id: DEVICE_ID,
    browser: chromium.skip === false ? true : chromium.skip,
  })}\n`,
);
