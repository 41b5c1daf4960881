// Creating a sweep and reading it back. A sweep's tries are ordinary CRAWL_FULL_PAGE jobs (with
// sweepId set, owned by the caller, visible through the job endpoints too), placed by
// `{ region, device_type }`; the job owner's picker spreads a region's tries over distinct devices.
import { jobNotFound, queueFull } from '../errors.js';
import { newJobRecord } from '../jobs/new-job.js';
import type { SubmitTrace } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import type { CoreServices } from '../services.js';
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
  /** A chosen sweep id (its webhook is stored first); default random. */
  id?: string;
  /** The request's W3C trace context, parent of the sweep's submit span when tracing. */
  trace?: SubmitTrace;
}

export async function createSweep(
  services: CoreServices,
  ownerId: string,
  input: SweepInput,
): Promise<{ sweep: SweepRecord; jobs: JobRecord[] }> {
  const total = input.regions.length * input.triesPerRegion;
  if (!services.jobs.canAccept(ownerId, total)) throw queueFull();
  const nowMs = Date.now();
  const submittedAt = isoNanos();
  const sweepId = input.id ?? newResourceId();
  const jobs: JobRecord[] = [];
  const refs: SweepJobRef[] = [];
  for (const region of input.regions) {
    for (let tryIndex = 0; tryIndex < input.triesPerRegion; tryIndex++) {
      const job = newJobRecord(
        {
          ownerId,
          url: input.url,
          method: 'CRAWL_FULL_PAGE',
          timeoutSec: input.timeoutSec,
          placement: { region, device_type: input.deviceType },
          sessionId: null,
          sweepId,
          // Screenshots of a sweep go where the coordinator's other jobs' content goes by default.
          storageType: services.config.defaultStorageType,
          request: { headers: [], bodyBase64: '', cookies: [] },
        },
        nowMs,
        submittedAt,
      );
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
  // First tries of every region first, so a busy fleet starts every region before any second try.
  await services.jobs.submitSweep(sweep, jobs, { trace: input.trace });
  return { sweep, jobs };
}

/** The sweep if it exists and belongs to `ownerId`; otherwise the contract's 404. */
export async function ownedSweep(services: CoreServices, ownerId: string, id: string): Promise<SweepRecord> {
  const sweep = await services.store.getSweep(id.toLowerCase());
  if (!sweep || sweep.ownerId !== ownerId) throw jobNotFound();
  return sweep;
}

export async function loadSweepView(services: CoreServices, sweep: SweepRecord): Promise<SweepView> {
  const jobs = await services.store.getJobs(sweep.jobs.map((j) => j.jobId));
  return sweepView(sweep, jobs, {
    edgeUrl: services.edgeUrl(),
    deviceCountry: (id) => services.jobs.device(id)?.profile.country,
  });
}
