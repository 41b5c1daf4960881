// The dashboard's JSON: this coordinator's linked devices by region and country and by state,
// the queue, recent activity, and the newest sweeps with their report links.
import { isAvailable, isQuarantined } from '../metrics/device-gauges.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import type { Services } from '../services.js';
import { reportUrl } from '../sweeps/sweep-view.js';
import type { Verified } from '../trust/location/location-verdict.js';
import type { Activity, ActivityView } from './activity.js';

/** Sweeps listed on the dashboard. */
export const RECENT_SWEEPS = 10;

export interface StateCounts {
  devices: number;
  available: number;
  busy: number;
  quarantined: number;
  draining: number;
}

export interface FleetView {
  generated_at: string;
  coordinator_id: string;
  totals: StateCounts;
  regions: Array<StateCounts & { region: string }>;
  countries: Array<StateCounts & { country: string; region: string }>;
  queued_jobs: number;
  /** Linked devices by location verdict (coordinator/trust/location/; docs/security.md). */
  location: Record<Verified, number>;
  /** Linked devices by agent version, most first (docs/operations.md, releases). */
  versions: Array<{ version: string; devices: number }>;
  /** The agent release being rolled out, and to what share of the fleet; null: none. */
  rollout: { version: string; percent: number; updated_at: string } | null;
  activity: ActivityView;
  sweeps: Array<{
    id: string;
    url: string;
    created_at: string;
    regions: string[];
    total_jobs: number;
    report_url: string;
  }>;
}

const zero = (): StateCounts => ({ devices: 0, available: 0, busy: 0, quarantined: 0, draining: 0 });

function add(c: StateCounts, d: ConnectedDevice): void {
  c.devices++;
  // Each device is in exactly one state: quarantined, draining, available (a free slot) or busy
  // (every slot running a job).
  if (isQuarantined(d)) c.quarantined++;
  else if (d.draining) c.draining++;
  else if (isAvailable(d)) c.available++;
  else c.busy++;
}

/** The agent versions linked and the rollout under way (coordinator/releases/). */
function releaseProgress(services: Services): Pick<FleetView, 'versions' | 'rollout'> {
  const view = services.releases.view();
  return { versions: view.devices_by_version, rollout: view.rollout };
}

export async function fleetView(services: Services, activity: Activity): Promise<FleetView> {
  const totals = zero();
  const regions = new Map<string, StateCounts & { region: string }>();
  const countries = new Map<string, StateCounts & { country: string; region: string }>();
  const location: Record<Verified, number> = { yes: 0, no: 0, unknown: 0 };
  for (const d of services.jobs.listDevices()) {
    location[services.location?.verdictOf(d.profile.deviceId) ?? 'unknown']++;
    const region = d.profile.region || 'unknown';
    const country = (d.profile.country || '??').toUpperCase();
    add(totals, d);
    const r = regions.get(region) ?? { region, ...zero() };
    add(r, d);
    regions.set(region, r);
    const c = countries.get(country) ?? { country, region, ...zero() };
    add(c, d);
    countries.set(country, c);
  }
  const edge = services.edgeUrl();
  const sweeps = (await services.store.listRecentSweeps(RECENT_SWEEPS)).map((s) => ({
    id: s.id,
    url: s.url,
    created_at: s.createdAt,
    regions: s.regions,
    total_jobs: s.jobs.length,
    report_url: reportUrl(edge, s),
  }));
  const byCount = <T extends StateCounts>(a: T, b: T, ka: string, kb: string) =>
    b.devices - a.devices || ka.localeCompare(kb);
  return {
    generated_at: new Date().toISOString(),
    coordinator_id: services.config.coordinatorId,
    totals,
    regions: [...regions.values()].sort((a, b) => byCount(a, b, a.region, b.region)),
    countries: [...countries.values()].sort((a, b) => byCount(a, b, a.country, b.country)),
    queued_jobs: services.jobs.queuedCount,
    ...releaseProgress(services),
    location,
    activity: activity.view(),
    sweeps,
  };
}
