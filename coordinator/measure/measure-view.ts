// GET /crawl/v1/measure/{id}: the measurement as asked and, per device, what it measured so far.
// Read from the jobs' stored results (metadata.measure, metadata.network, the raw output part):
// nothing of a measurement's results is kept twice.
import type { Measurement, MeasurementEntry } from '../../contract/index.js';
import { MEASURE_RESULT_LIMITS } from '../../proto/index.js';
import { readPart } from '../results/content.js';
import type { CoreServices } from '../services.js';
import type { MeasurementRecord } from '../store/measure-types.js';
import type { JobRecord, ResultRecord } from '../store/records.js';
import type { MeasureResultJson } from './measure-result.js';

const isFinal = (j: JobRecord | undefined): boolean => j?.status === 'completed' || j?.status === 'failed';

/** The options as the API names them (snake_case), defaults the device applies left out. */
export function optionsView(
  m: Pick<MeasurementRecord, 'type' | 'options' | 'timeoutSec'>,
): Record<string, unknown> {
  const o = m.options;
  const out: Record<string, unknown> = { protocol: o.protocol };
  if (o.port) out.port = o.port;
  if (o.packets) out.packets = o.packets;
  if (o.maxHops) out.max_hops = o.maxHops;
  if (m.type === 'dns') {
    out.record_type = o.recordType;
    out.resolver = o.resolver;
    if (o.resolverPort) out.resolver_port = o.resolverPort;
  }
  if (o.serverName) out.server_name = o.serverName;
  if (o.ipVersion) out.ip_version = o.ipVersion;
  out.timeout_sec = m.timeoutSec;
  return out;
}

/** The measurement's request as the API shows it (GET /crawl/v1/measure/{id}, a schedule's `measure`). */
export function requestView(
  m: Pick<MeasurementRecord, 'type' | 'target' | 'options' | 'timeoutSec' | 'locations'>,
) {
  return {
    type: m.type,
    target: m.target,
    options: optionsView(m),
    locations: m.locations.map((l) => ({ ...l.placement, limit: l.limit })),
  };
}

export function measurementStatus(m: MeasurementRecord, jobs: ReadonlyMap<string, JobRecord>) {
  return m.jobs.every((r) => isFinal(jobs.get(r.jobId))) ? 'finished' : 'in-progress';
}

/** Where a measurement job's device was, as its result recorded it (null: no device yet). */
export function deviceOf(job: JobRecord, r: ResultRecord | null): MeasurementEntry['device'] {
  const md = r?.metadata ?? {};
  const loc = (md.device_location ?? {}) as { country?: string; region?: string; city?: string };
  const net = md.network as {
    asn?: number | null;
    network_name?: string | null;
    network_kind?: string | null;
  };
  const deviceId = r?.deviceId ?? job.deviceId;
  if (!deviceId) return null;
  return {
    device_id: deviceId,
    country: loc.country ?? '',
    region: loc.region ?? '',
    city: loc.city ?? '',
    network: net
      ? {
          asn: net.asn ?? null,
          network_name: net.network_name ?? null,
          network_kind: net.network_kind ?? null,
        }
      : null,
  };
}

async function rawOutput(services: CoreServices, job: JobRecord, r: ResultRecord): Promise<string> {
  const storage = services.storage(job.storageType);
  if (!storage || r.parts.body === undefined || job.archivedAt) return '';
  try {
    const data = await readPart(storage, job, r, 'body');
    // The agent caps it at this bound; a larger part (an agent that does not) is cut here.
    return data ? data.subarray(0, MEASURE_RESULT_LIMITS.maxRawBytes).toString('utf8') : '';
  } catch (err) {
    services.log.warn({ err, jobId: job.id }, 'raw output of a measurement not readable');
    return '';
  }
}

async function resultOf(
  services: CoreServices,
  job: JobRecord,
  r: ResultRecord,
  hopAsn: (address: string) => Promise<number | null>,
): Promise<NonNullable<MeasurementEntry['result']>> {
  const m = r.metadata.measure as MeasureResultJson | undefined;
  const out: NonNullable<MeasurementEntry['result']> = {
    success: r.success,
    error_type: r.errorType,
    error_message: r.errorMessage,
    type: m?.type ?? '',
    protocol: m?.protocol ?? '',
    target: m?.target ?? '',
    address: m?.address ?? '',
    tool: m?.tool ?? '',
    truncated: m?.truncated ?? false,
    time_ms: Math.round(r.timeUs / 1000),
    raw_output: await rawOutput(services, job, r),
  };
  if (m?.ping) out.ping = m.ping;
  if (m?.hops) {
    out.hops = await Promise.all(
      m.hops.map(async (h) => ({ ...h, asn: h.address ? await hopAsn(h.address).catch(() => null) : null })),
    );
  }
  if (m?.dns) out.dns = m.dns;
  if (m?.tls) out.tls = m.tls;
  return out;
}

/** The measurement's jobs by id (one read). */
export async function loadMeasurementJobs(
  services: CoreServices,
  m: MeasurementRecord,
): Promise<Map<string, JobRecord>> {
  return new Map((await services.store.getJobs(m.jobs.map((r) => r.jobId))).map((j) => [j.id, j]));
}

export async function loadMeasurementView(
  services: CoreServices,
  m: MeasurementRecord,
  hopAsn: (address: string) => Promise<number | null> = async () => null,
): Promise<Measurement> {
  return measurementView(services, m, await loadMeasurementJobs(services, m), hopAsn);
}

/** The view of a measurement whose jobs are read already (loadMeasurementJobs). */
export async function measurementView(
  services: CoreServices,
  m: MeasurementRecord,
  jobs: ReadonlyMap<string, JobRecord>,
  hopAsn: (address: string) => Promise<number | null> = async () => null,
): Promise<Measurement> {
  const results: MeasurementEntry[] = [];
  for (const ref of m.jobs) {
    const job = jobs.get(ref.jobId);
    if (!job) continue;
    const r = job.result;
    results.push({
      job_id: job.id,
      location: ref.location,
      status: job.status,
      error_type: job.status === 'failed' ? job.failureType : null,
      device: deviceOf(job, r),
      result: r ? await resultOf(services, job, r, hopAsn) : null,
    });
  }
  const request = requestView(m);
  return {
    id: m.id,
    type: request.type,
    target: request.target,
    status: measurementStatus(m, jobs),
    created_at: m.createdAt,
    options: request.options,
    locations: request.locations,
    total_devices: m.jobs.length,
    results,
  };
}
