// Globalping's `http` type: one of our HTTP jobs (GET, HEAD or OPTIONS, as `request.method` asks;
// Globalping's default HEAD) per probe, made from the measurement's plan (measure-service.ts
// planLocations: the same locations, the same distinct devices) and stored as a batch, one group
// (services.jobs.submitGroup). So the jobs are ordinary jobs: GET /crawl/v1/batch/{id} and the job
// endpoints show them. GET /v1/measurements/{id} answers such a batch in Globalping's
// MeasurementResponse with its http result fields (docs/measure.md, "Globalping compatibility").
import { STATUS_CODES } from 'node:http';
import { asObject, parseHeaders, parseUrl } from '../api/validate.js';
import { ApiError, invalid, queueFull } from '../errors.js';
import { askedJob } from '../jobs/new-job.js';
import type { BatchSubmission } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import { partName } from '../results/content.js';
import type { CoreServices } from '../services.js';
import { contentKey } from '../storage/types.js';
import type { BatchRecord } from '../store/batch-types.js';
import type { MeasureLocationRecord } from '../store/measure-types.js';
import type { JobRecord, Placement, ResultRecord, StoredHeader } from '../store/records.js';
import {
  factsOfDevice,
  factsOfEntry,
  type ProbeFacts,
  probeLocation,
  probeTags,
} from './globalping-probes.js';
import { normalizeTarget } from './measure-input.js';
import { type MeasurePlan, noMeasureDevice, planRefs } from './measure-service.js';
import { deviceOf } from './measure-view.js';

/** Globalping returns the first 10 kB of a body. */
export const HTTP_BODY_BYTES = 10_240;
/** Globalping's default wall-clock limit of an http test, in seconds. */
export const HTTP_TIMEOUT_SEC = 15;
const METHODS = ['HEAD', 'GET', 'OPTIONS'] as const;
type HttpMethod = (typeof METHODS)[number];
/** Globalping overrides these itself; so does the device (its own User-Agent, the URL's host). */
const RESERVED_HEADERS = new Set(['host', 'user-agent']);

/** An http measurement as asked: the one request every probe makes. */
export interface HttpAsk {
  method: HttpMethod;
  url: string;
  target: string;
  headers: StoredHeader[];
  timeoutSec: number;
}

const str = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(`${field} must be a string`);
  return v;
};

/** Globalping's http `measurementOptions` for `target`, as the request each probe makes. */
export function readHttpOptions(target: string, raw: unknown, timeoutSec: number | undefined): HttpAsk {
  const host = normalizeTarget(target);
  if (host === null) throw invalid('target must be a host name or an IP address');
  const o = raw === undefined || raw === null ? {} : asObject(raw, 'measurementOptions');
  let protocol = 'HTTPS';
  let port: number | undefined;
  let request: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(o)) {
    if (value === undefined || value === null) continue;
    if (key === 'protocol') {
      const p = typeof value === 'string' ? value.toUpperCase() : '';
      if (p === 'HTTP2')
        throw invalid('measurementOptions.protocol HTTP2 is not supported here (HTTP, HTTPS)');
      if (p !== 'HTTP' && p !== 'HTTPS') throw invalid('measurementOptions.protocol must be HTTP or HTTPS');
      protocol = p;
    } else if (key === 'port') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535)
        throw invalid('measurementOptions.port must be an integer from 1 to 65535');
      port = value;
    } else if (key === 'request') {
      request = asObject(value, 'measurementOptions.request');
    } else if (key === 'resolver') {
      throw invalid('measurementOptions.resolver is not supported for http (devices use their own resolver)');
    } else if (key === 'ipVersion') {
      throw invalid('measurementOptions.ipVersion is not supported for http');
    } else throw invalid(`measurementOptions.${key} is not supported for http`);
  }
  let method: HttpMethod = 'HEAD';
  let path = '/';
  let query = '';
  let headers: StoredHeader[] = [];
  for (const [key, value] of Object.entries(request)) {
    const field = `measurementOptions.request.${key}`;
    if (value === undefined || value === null) continue;
    if (key === 'method') {
      const m = METHODS.find((x) => x === str(value, field)?.toUpperCase());
      if (!m) throw invalid(`${field} must be one of ${METHODS.join(', ')}`);
      method = m;
    } else if (key === 'path') {
      path = str(value, field) ?? '/';
      if (!path.startsWith('/')) path = `/${path}`;
    } else if (key === 'query') {
      query = (str(value, field) ?? '').replace(/^\?/, '');
    } else if (key === 'host') {
      const h = normalizeTarget(str(value, field) ?? '');
      if (h !== host) throw invalid(`${field} other than the target is not supported here`);
    } else if (key === 'headers') {
      const given = asObject(value, field);
      const kept = Object.fromEntries(
        Object.entries(given).filter(([n]) => !RESERVED_HEADERS.has(n.toLowerCase())),
      );
      try {
        headers = parseHeaders({ headers: kept });
      } catch (err) {
        // The job API's header rules, worded for this field.
        if (err instanceof ApiError)
          throw invalid(`measurementOptions.request.${err.message.replace(/^invalid request: /, '')}`);
        throw err;
      }
    } else throw invalid(`${field} is not a known field`);
  }
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const url = `${protocol.toLowerCase()}://${hostPart}${port === undefined ? '' : `:${port}`}${path}${query ? `?${query}` : ''}`;
  try {
    parseUrl({ url });
  } catch {
    throw invalid('measurementOptions.request: path and query do not make a URL');
  }
  return { method, url, target: host, headers, timeoutSec: timeoutSec ?? HTTP_TIMEOUT_SEC };
}

/**
 * Makes the http measurement: one job per device the plan gives each location, pinned to the
 * device it counted (on a coordinator alone on its store; with a shared store the location's
 * placement), stored as one batch.
 */
export async function createHttpMeasurement(
  services: CoreServices,
  ownerId: string,
  ask: HttpAsk,
  locations: readonly MeasureLocationRecord[],
  plan: MeasurePlan,
): Promise<{ id: string; jobs: JobRecord[] }> {
  if (plan.total === 0) throw noMeasureDevice();
  if (!services.jobs.canAccept(ownerId, plan.total)) throw queueFull();
  const batchId = newResourceId();
  const refs = planRefs(plan);
  const nth = new Map<number, number>();
  const items: BatchSubmission[] = refs.map((ref, index) => {
    const k = nth.get(ref.location) ?? 0;
    nth.set(ref.location, k + 1);
    const device = plan.devices?.[ref.location]?.[k];
    const base = locations[ref.location]?.placement ?? {};
    const placement: Placement = device ? { ...base, device_id: device } : base;
    return {
      index,
      sessionDeviceId: null,
      input: askedJob(
        {
          url: ask.url,
          method: ask.method,
          timeoutSec: ask.timeoutSec,
          headers: ask.headers,
          bodyBase64: '',
          cookies: [],
          placement,
          storageType: services.config.defaultStorageType,
          sessionId: null,
          webhook: null,
        },
        { id: ref.jobId, ownerId, sessionPlacement: null, batchId },
      ),
    };
  });
  const createdAt = new Date().toISOString();
  const batch: BatchRecord = {
    id: batchId,
    ownerId,
    createdAt,
    requestedCount: items.length,
    acceptedCount: items.length,
    finishedCount: 0,
    completedAt: null,
    itemErrors: [],
  };
  const jobs = await services.jobs.submitGroup({ kind: 'batch', batch }, items);
  return { id: batchId, jobs };
}

const isFinal = (j: JobRecord): boolean => j.status === 'completed' || j.status === 'failed';

/** Whether these jobs are one http measurement: one URL, one method Globalping has. */
export function isHttpMeasurement(jobs: readonly JobRecord[]): boolean {
  const first = jobs[0];
  if (!first || !(METHODS as readonly string[]).includes(first.method)) return false;
  if (!/^https?:\/\//.test(first.url)) return false;
  return jobs.every((j) => j.url === first.url && j.method === first.method);
}

/** The first bytes of the body part (at most `max` + 1, to tell a longer body), or null. */
async function bodyHead(
  services: CoreServices,
  job: JobRecord,
  r: ResultRecord,
  max: number,
): Promise<Buffer | null> {
  const storage = services.storage(job.storageType);
  if (!storage || r.parts.body === undefined || r.parts.body === 0 || job.archivedAt) return null;
  try {
    const stream = await storage.getStream(contentKey(job.ownerId, job.id, partName(r.attempt, 'body')));
    if (!stream) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buf);
      size += buf.length;
      if (size > max) break;
    }
    stream.destroy();
    return Buffer.concat(chunks).subarray(0, max + 1);
  } catch (err) {
    services.log.warn({ err, jobId: job.id }, 'body of an http measurement not readable');
    return null;
  }
}

/** Response headers as Globalping shows them: lower-case names, repeated ones as arrays. */
function headerObject(list: readonly StoredHeader[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const h of list) {
    const name = h.name.toLowerCase();
    const had = out[name];
    out[name] = had === undefined ? h.value : Array.isArray(had) ? [...had, h.value] : [had, h.value];
  }
  return out;
}

async function httpResult(services: CoreServices, job: JobRecord): Promise<Record<string, unknown>> {
  const r = job.result;
  if (!isFinal(job)) return { status: 'in-progress', rawOutput: '' };
  if (!r?.success) return { status: 'failed', rawOutput: r?.errorMessage || job.errorMessage || '' };
  const head = await bodyHead(services, job, r, HTTP_BODY_BYTES);
  const size = r.parts.body ?? 0;
  const truncated = size > HTTP_BODY_BYTES || (head?.length ?? 0) > HTTP_BODY_BYTES;
  const rawBody = head && head.length > 0 ? head.subarray(0, HTTP_BODY_BYTES).toString('utf8') : null;
  const rawHeaders = r.responseHeaders.map((h) => `${h.name}: ${h.value}`).join('\n');
  const statusCodeName = STATUS_CODES[r.statusCode] ?? '';
  const network = r.metadata.network as { connected_address?: string | null } | undefined;
  const totalMs = Math.round(r.timeUs / 1000);
  return {
    status: 'finished',
    rawOutput: `HTTP/1.1 ${r.statusCode} ${statusCodeName}\n${rawHeaders}${rawBody === null ? '' : `\n\n${rawBody}`}`,
    rawHeaders,
    rawBody,
    truncated,
    headers: headerObject(r.responseHeaders),
    statusCode: r.statusCode,
    statusCodeName,
    resolvedAddress: network?.connected_address ?? null,
    // The device times the whole request; its phases are not reported.
    timings: { total: totalMs, dns: null, tcp: null, tls: null, firstByte: null, download: null },
    // The device reports the TLS version and cipher, not the certificate.
    tls: null,
  };
}

/** Where the job's device is: as its result recorded it, else as the connected device says. */
function factsOfJob(services: CoreServices, job: JobRecord): ProbeFacts {
  if (job.result?.metadata) return factsOfEntry(deviceOf(job, job.result));
  const id = job.deviceId ?? job.placement.device_id;
  const live = id ? services.jobs.listDevices().find((d) => d.profile.deviceId === id) : undefined;
  return live ? factsOfDevice(live) : factsOfEntry(null);
}

/** The resolvers a result reported (Globalping's probe `resolvers`). */
function resolversOf(job: JobRecord): string[] {
  const net = job.result?.metadata.network as { resolvers?: string[] } | undefined;
  return net?.resolvers ?? [];
}

/** An http measurement's jobs (in their batch order) in Globalping's MeasurementResponse. */
export async function httpView(
  services: CoreServices,
  batch: BatchRecord,
  jobs: readonly JobRecord[],
): Promise<Record<string, unknown>> {
  const first = jobs[0];
  const url = new URL(first?.url ?? 'https://invalid.test/');
  const results = await Promise.all(
    jobs.map(async (job) => {
      const facts = factsOfJob(services, job);
      return {
        probe: { ...probeLocation(facts), tags: probeTags(facts), resolvers: resolversOf(job) },
        result: await httpResult(services, job),
      };
    }),
  );
  const times = [batch.createdAt, ...jobs.map((j) => j.completedAt ?? '')].filter((t) => t !== '').sort();
  const headers = Object.fromEntries((first?.request.headers ?? []).map((h) => [h.name, h.value]));
  return {
    id: batch.id,
    type: 'http',
    target: url.hostname.replace(/^\[|\]$/g, ''),
    status: jobs.every(isFinal) ? 'finished' : 'in-progress',
    createdAt: batch.createdAt,
    updatedAt: times.at(-1) ?? batch.createdAt,
    probesCount: jobs.length,
    measurementOptions: {
      protocol: url.protocol === 'http:' ? 'HTTP' : 'HTTPS',
      ...(url.port ? { port: Number(url.port) } : {}),
      request: {
        method: first?.method ?? 'HEAD',
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      },
    },
    results,
  };
}
