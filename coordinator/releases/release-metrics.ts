// Upgrade progress in /metrics: linked devices by agent version, and failed upgrades by reason.
import { Counter, Gauge, type Registry } from 'prom-client';
import { UPGRADE_FAILURE_REASONS } from '../../proto/index.js';
import { BoundedLabel } from '../metrics/bounded-label.js';

export function registerReleaseMetrics(
  registry: Registry,
  devicesByVersion: () => Map<string, number>,
): { upgradeFailed(reason: string): void } {
  const versions = new BoundedLabel();
  new Gauge({
    name: 'crawl_devices_by_version',
    help: 'Devices linked to this coordinator, by the agent version their hello named.',
    labelNames: ['version'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [version, n] of devicesByVersion())
        this.inc({ version: versions.of(version, 'unknown') }, n);
    },
  });
  const failed = new Counter({
    name: 'crawl_agent_upgrades_failed_total',
    help: 'Upgrades devices reported failed or refused, by reason (download, digest, signature, bundle, disk, crashed, no_link, refused).',
    labelNames: ['reason'],
    registers: [registry],
  });
  // Every reason shows from the start, at 0.
  for (const reason of UPGRADE_FAILURE_REASONS) failed.inc({ reason }, 0);
  return {
    upgradeFailed(reason) {
      failed.inc({
        reason: (UPGRADE_FAILURE_REASONS as readonly string[]).includes(reason) ? reason : 'other',
      });
    },
  };
}
