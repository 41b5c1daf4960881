// Creating a sweep and reading it back. A sweep's tries are ordinary CRAWL_FULL_PAGE jobs (with
// sweepId set, owned by the caller, visible through the job endpoints too), placed by
// `{ region, device_type }`; the dispatcher spreads a region's tries over distinct devices.
import { randomUUID } from 'node:crypto';
import { jobNotFound, queueFull } from '../errors.js';
import type { Services } from '../services.js';
import type { JobRecord, SweepJobRef, SweepRecord } from '../store/types.js';
import { isoNanos } from '../time.js';
import { newReportToken } from './report-token.js';
import { type SweepView, sweepView } from './sweep-view.js';

export interface SweepInput {
  url: string;
  regions: string[];
  triesPerRegion: number;
  timeoutSec: number;
  deviceType: string;
}

export async function createSweep(
  services: Services,
  ownerId: string,
  input: SweepInput,
): Promise<{ sweep: SweepRecord; jobs: JobRecord[] }> {
  const total = input.regions.length * input.triesPerRegion;
  if (!services.dispatcher.canAccept(ownerId, total)) throw queueFull();
  const nowMs = Date.now();
  const submittedAt = isoNanos();
  const sweepId = randomUUID();
  const jobs: JobRecord[] = [];
  const refs: SweepJobRef[] = [];
  for (const region of input.regions) {
    for (let tryIndex = 0; tryIndex < input.triesPerRegion; tryIndex++) {
      const job: JobRecord = {
        id: randomUUID(),
        ownerId,
        url: input.url,
        method: 'CRAWL_FULL_PAGE',
        status: 'pending',
        submittedAt,
        submittedAtMs: nowMs,
        timeoutSec: input.timeoutSec,
        placement: { region, device_type: input.deviceType },
        sessionId: null,
        sweepId,
        // Screenshots of a sweep go where the coordinator's other jobs' content goes by default.
        storageType: services.config.defaultStorageType,
        request: { headers: [], bodyBase64: '', cookies: [] },
        attempt: 0,
        deviceId: null,
        queueDeadlineMs: nowMs + input.timeoutSec * 1000,
        completedAt: null,
        failureType: null,
        errorMessage: null,
        archivedAt: null,
        result: null,
      };
      jobs.push(job);
      refs.push({ jobId: job.id, region, tryIndex });
    }
  }
  const sweep: SweepRecord = {
    id: sweepId,
    ownerId,
    url: input.url,
    regions: input.regions,
    triesPerRegion: input.triesPerRegion,
    timeoutSec: input.timeoutSec,
    deviceType: input.deviceType,
    createdAt: new Date(nowMs).toISOString(),
    reportToken: newReportToken(),
    jobs: refs,
  };
  await services.store.insertSweep(sweep, jobs);
  // First tries of every region first, so a busy fleet starts every region before any second try.
  const order = [...refs].sort((a, b) => a.tryIndex - b.tryIndex);
  const byId = new Map(jobs.map((j) => [j.id, j]));
  for (const ref of order) services.dispatcher.enqueue(byId.get(ref.jobId) as JobRecord, null);
  // Other coordinators on the same database may hold the devices some regions need.
  for (const ref of order) await services.store.publish({ type: 'job_pending', jobId: ref.jobId });
  return { sweep, jobs };
}

/** The sweep if it exists and belongs to `ownerId`; otherwise the contract's 404. */
export async function ownedSweep(services: Services, ownerId: string, id: string): Promise<SweepRecord> {
  const sweep = await services.store.getSweep(id.toLowerCase());
  if (!sweep || sweep.ownerId !== ownerId) throw jobNotFound();
  return sweep;
}

export async function loadSweepView(services: Services, sweep: SweepRecord): Promise<SweepView> {
  const jobs = await services.store.getJobs(sweep.jobs.map((j) => j.jobId));
  return sweepView(sweep, jobs, {
    edgeUrl: services.edgeUrl(),
    deviceCountry: (id) => services.dispatcher.device(id)?.profile.country,
  });
}
