// Creating a sweep and reading it back. A sweep is a group of jobs (store/group-types.ts); its tries
// are ordinary CRAWL_FULL_PAGE jobs (with sweepId set, owned by the caller, visible through the job
// endpoints too), placed by
// `{ region, device_type }`; the job owner's picker spreads a region's tries over distinct devices.
import { jobNotFound, queueFull } from '../errors.js';
import type { BatchSubmission, SubmitTrace } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import type { CoreServices } from '../services.js';
import type { JobRecord, SweepJobRef, SweepRecord } from '../store/records.js';
import { newReportToken } from './report-token.js';
import { noDeviceMessage, regionsWithoutDevices } from './sweep-coverage.js';
import { type SweepMeasure, startSweepMeasures, sweepMeasureJobs } from './sweep-network.js';
import { type SweepView, sweepView } from './sweep-view.js';

export interface SweepInput {
  url: string;
  regions: string[];
  triesPerRegion: number;
  timeoutSec: number;
  deviceType: string;
  /** Measurements beside the page tries (sweep-network.ts); absent or empty: none. */
  measures?: SweepMeasure[];
  /** Lighthouse on every try (docs/sweeps.md); absent: none. */
  audits?: Array<'lighthouse'>;
  /** A chosen sweep id (its webhook is stored first); default random. */
  id?: string;
  /** The request's W3C trace context, parent of the sweep's submit span when tracing. */
  trace?: SubmitTrace;
}

/**
 * How many jobs a sweep makes: its page tries and its measurements' devices. What its key is
 * charged, whether a request or a schedule's firing makes it.
 */
export function sweepJobCount(sweep: Pick<SweepInput, 'regions' | 'triesPerRegion' | 'measures'>): number {
  const tries = sweep.regions.length * sweep.triesPerRegion;
  return tries + sweepMeasureJobs(sweep.measures ?? [], sweep.regions.length, sweep.triesPerRegion);
}

export interface CreatedSweep {
  sweep: SweepRecord;
  jobs: JobRecord[];
  /**
   * The requested regions no connected device could serve, whose tries failed at once with
   * `no_device`; null when this coordinator cannot know (a shared store: other coordinators hold
   * devices it does not see), and then every try waits for a device as ever.
   */
  regionsWithoutDevices: string[] | null;
}

export async function createSweep(
  services: CoreServices,
  ownerId: string,
  input: SweepInput,
): Promise<CreatedSweep> {
  const total = input.regions.length * input.triesPerRegion;
  if (!services.jobs.canAccept(ownerId, total)) throw queueFull();
  const sweepId = input.id ?? newResourceId();
  const items: BatchSubmission[] = [];
  const refs: SweepJobRef[] = [];
  for (const region of input.regions) {
    for (let tryIndex = 0; tryIndex < input.triesPerRegion; tryIndex++) {
      const id = newResourceId();
      items.push({
        index: refs.length,
        sessionDeviceId: null,
        input: {
          id,
          ownerId,
          url: input.url,
          method: 'CRAWL_FULL_PAGE',
          timeoutSec: input.timeoutSec,
          placement: { region, device_type: input.deviceType },
          sessionId: null,
          sweepId,
          // Screenshots of a sweep go where the coordinator's other jobs' content goes by default.
          storageType: services.config.defaultStorageType,
          request: {
            headers: [],
            bodyBase64: '',
            cookies: [],
            ownWebhook: false, // a sweep's webhook is the sweep's
            ...(input.audits ? { page: { audits: input.audits } } : {}),
          },
        },
      });
      refs.push({ jobId: id, region, tryIndex });
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
    createdAt: new Date().toISOString(),
    reportToken: newReportToken(),
    jobs: refs,
  };
  // A group (the sweep, its tries and their refs in one transaction). First tries of every region
  // first, so a busy fleet starts every region before any second try.
  const ordered = [...items].sort((a, b) => (refs[a.index]?.tryIndex ?? 0) - (refs[b.index]?.tryIndex ?? 0));
  const jobs = await services.jobs.submitGroup({ kind: 'sweep', sweep }, ordered, { trace: input.trace });
  const regionsWithoutDevices = await failUnserved(services, sweep, jobs, input.audits !== undefined);
  if (input.measures && input.measures.length > 0) await startSweepMeasures(services, sweep, input.measures);
  return { sweep, jobs, regionsWithoutDevices };
}

/**
 * A coordinator alone on its store sees every connected device: a region none of them can serve
 * would only have its tries wait out their timeout and fail `no_device` then, so they fail now.
 * A device that connects meanwhile finds them gone; a try it already took is left alone (the fail
 * applies only to a try still pending).
 */
async function failUnserved(
  services: CoreServices,
  sweep: SweepRecord,
  jobs: readonly JobRecord[],
  lighthouse: boolean,
): Promise<string[] | null> {
  if (services.store.shared) return null;
  const unserved = regionsWithoutDevices(
    services.jobs.listDevices(),
    sweep.regions,
    sweep.deviceType,
    lighthouse,
  );
  if (unserved.length === 0) return unserved;
  const byId = new Map(jobs.map((j) => [j.id, j]));
  for (const ref of sweep.jobs) {
    const job = byId.get(ref.jobId);
    if (!job || !unserved.includes(ref.region)) continue;
    await services.jobs.failUnplaceable(job, noDeviceMessage(ref.region, sweep.deviceType, lighthouse));
  }
  return unserved;
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
