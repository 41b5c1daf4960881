// GET /crawl/v1/devices: the fleet for operators (admin keys only). Every registered, unrevoked
// device, with what this coordinator knows of it live: location, capabilities, load, version,
// connected since, last seen, recent success rate and latency. With several coordinators on one
// database each lists its own connections as connected (docs/sweeps.md).
import type { FastifyInstance } from 'fastify';
import { Devices, DevicesQuery, jobErrors } from '../../contract/index.js';
import { PAGE_FEATURES } from '../../proto/index.js';
import { forbidden } from '../errors.js';
import type { ConnectedDevice } from '../scheduler/device.js';
import type { Services } from '../services.js';
import type { DeviceRecord } from '../store/records.js';
import type { DeviceTrustRecord } from '../store/trust-types.js';
import type { ClaimedPlace } from '../trust/location/location-verdict.js';
import type { ContractTypes } from './type-provider.js';

/**
 * What page features jobs of each method may ask of the device, read back from the keys it is
 * placed by (METHOD+page, METHOD+lighthouse: link/handshake.ts), so the list says what the
 * scheduler will do, not only what the agent advertised. A GET job's only page feature is extract
 * (docs/actions.md).
 */
function pageFeaturesOf(methods: ReadonlySet<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of methods) {
    const [method, tier] = key.split('+');
    if (!method || tier !== 'page') continue;
    out[method] =
      method === 'GET'
        ? ['extract']
        : PAGE_FEATURES.filter((f) => f !== 'lighthouse' || methods.has(`${method}+lighthouse`));
  }
  return out;
}

/** `claimed`, `evidence` and `verified` (docs/api.md, "Devices: location evidence"). */
function locationCheckOf(services: Services, id: string, claimed: ClaimedPlace) {
  return services.location?.view(id, claimed) ?? { claimed, evidence: null, verified: 'unknown' };
}

const latest = (...isos: Array<string | null | undefined>): string | null =>
  isos
    .filter((x): x is string => !!x)
    .sort()
    .at(-1) ?? null;

function deviceView(
  services: Services,
  record: DeviceRecord | undefined,
  live: ConnectedDevice | undefined,
  trust: DeviceTrustRecord | undefined,
) {
  const id = record?.id ?? live?.profile.deviceId ?? '';
  const p = live?.profile;
  const info = live?.info ?? {};
  const str = (k: string): string => (typeof info[k] === 'string' ? (info[k] as string) : '');
  const stats = services.jobs.deviceStats(id);
  const running = live?.running.size ?? 0;
  const max = p?.maxConcurrent ?? 0;
  return {
    device_id: id,
    name: record?.name ?? '',
    connected: live !== undefined,
    connected_at: live?.connectedAt ?? null,
    last_seen_at: latest(
      record?.lastSeenAt,
      live?.connectedAt,
      live?.lastSeenMs === undefined ? null : new Date(live.lastSeenMs).toISOString(),
    ),
    created_at: record?.createdAt ?? null,
    agent_version: str('agent_version'),
    browser_version: str('browser_version'),
    location: { country: p?.country ?? '', region: p?.region ?? '', city: p?.city ?? '' },
    // Added: that claim, the evidence for it and the verdict (coordinator/trust/location/;
    // docs/security.md, "Location evidence"). `location` above stays as it was.
    location_check: locationCheckOf(services, id, {
      country: p?.country ?? '',
      region: p?.region ?? '',
      city: p?.city ?? '',
    }),
    device_type: p?.deviceType ?? '',
    network_type: p?.networkType ?? '',
    // The network its link comes from (docs/api.md); never the address. null while not connected.
    address_family: live?.egress?.addressFamily ?? null,
    asn: live?.egress?.asn ?? null,
    network_name: live?.egress?.networkName ?? null,
    network_kind: live?.egress?.networkKind ?? null,
    // Page features are indexed as extra method keys (METHOD+page); the answer lists real methods.
    capabilities: {
      methods: p ? [...p.methods].filter((m) => !m.includes('+')).sort() : [],
      max_concurrent: max,
      page_features: p ? pageFeaturesOf(p.methods) : {},
    },
    load: { running, max_concurrent: max, ratio: max > 0 ? running / max : 0 },
    draining: live?.draining ?? false,
    // Its standing (docs/security.md): quarantined devices get canary jobs only.
    quarantined: trust?.quarantined ?? false,
    trust: {
      score: trust?.score ?? 1,
      reason: trust?.reason ?? '',
      canary_passes: trust?.canaryPasses ?? 0,
      canary_failures: trust?.canaryFailures ?? 0,
      disputes: trust?.disputes ?? 0,
      strikes: trust?.strikes ?? 0,
    },
    assigned_total: live?.assignedTotal ?? 0,
    recent: {
      success_rate: stats.samples > 0 ? Number(stats.successRate.toFixed(4)) : null,
      latency_ms: stats.latencyMs === null ? null : Math.round(stats.latencyMs),
      results: stats.samples,
    },
  };
}

export function registerDeviceRoutes(base: FastifyInstance, services: Services): void {
  // Request types follow from the route schemas (contract/).
  const app = base.withTypeProvider<ContractTypes>();
  const schema = {
    tags: ['devices'],
    summary: 'The fleet, for operators (admin keys only)',
    querystring: DevicesQuery,
    response: { 200: Devices, ...jobErrors(403) },
  };
  app.get('/crawl/v1/devices', { schema }, async (req) => {
    const key = req.apiKey;
    if (!key.admin) throw forbidden();
    const filter = req.query.connected;
    const records = (await services.store.listDevices()).filter((d) => !d.revokedAt);
    const live = new Map(services.jobs.listDevices().map((d) => [d.profile.deviceId, d]));
    const known = new Set(records.map((r) => r.id));
    const ids = [...new Set([...records.map((r) => r.id), ...live.keys()])];
    const standing = new Map((await services.store.trust.listDeviceTrust(ids)).map((t) => [t.deviceId, t]));
    const devices = records.map((r) => deviceView(services, r, live.get(r.id), standing.get(r.id)));
    // A device revoked while linked stays listed until its link ends: it may still run jobs.
    for (const [id, d] of live) {
      if (!known.has(id)) devices.push(deviceView(services, undefined, d, standing.get(id)));
    }
    const shown = filter === undefined ? devices : devices.filter((d) => d.connected === (filter === 'true'));
    return {
      total: devices.length,
      connected: live.size,
      available: services.jobs.availableDeviceCount,
      queued_jobs: services.jobs.queuedCount,
      devices: shown,
    };
  });
}
