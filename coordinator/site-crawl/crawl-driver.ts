// Drives the running crawls this coordinator holds a lease on: takes URLs from the frontier in
// windows (never the whole crawl in memory), checks robots.txt and the politeness gate, submits
// a window's pages as members of the crawl's group (page-submit.ts, through the job owner), and
// when a job ends records the page and queues the links it found (page-outcome.ts). The owner
// tells it of each page's end, here or on another coordinator (JobListener.onRemoteEnd): nothing
// is polled. A crawl is a driven group (store/group-types.ts): its lease is the group's, and its
// end (frontier empty, nothing in flight) is stamped on the group here. The frontier is in the
// store, so a coordinator that stops or dies leaves every crawl resumable: another (or the same,
// restarted) takes the lease once it lapses, reads the rows it had in flight and their jobs once,
// and waits for the ends of those still running; the job owner runs a job interrupted by the
// restart again, so a page in flight at a crash is fetched at most twice, any other once.
import type { Logger } from 'pino';
import type { FleetView, JobRequests } from '../jobs/reports.js';
import { newResourceId } from '../resource-id.js';
import type { ContentStorage, StorageType } from '../storage/types.js';
import type { CrawlPageRecord, CrawlRecord } from '../store/crawl-types.js';
import type { JobRecord } from '../store/records.js';
import type { Store } from '../store/types.js';
import { WakeLoop } from '../wake-loop.js';
import type { CrawlSpec } from './crawl-spec.js';
import { LinkRules } from './link-rules.js';
import { type CrawlTally, PageOutcome } from './page-outcome.js';
import type { AdmitPages, PageAdmission } from './page-quota.js';
import { pageSubmission } from './page-submit.js';
import { type PolitenessDefaults, PolitenessGate } from './politeness.js';
import { RobotsCache } from './robots-cache.js';
import { robotsRow } from './rows.js';

export interface CrawlDriverOptions {
  store: Store;
  jobs: JobRequests & FleetView;
  storage: (type: StorageType) => ContentStorage | null;
  log: Logger;
  coordinatorId: string;
  /** A crawl's lease; renewed every third of it. */
  leaseMs: number;
  politeness: PolitenessDefaults;
  /** Jobs one crawl has in flight at most (before the per-host limits). Default 64. */
  maxInflight: number;
  /**
   * Longest sleep between passes: a cancel made on another coordinator is seen within it (a page's
   * end, wherever, wakes the driver at once). Default 1 s.
   */
  pollMs?: number;
  /** Told when this driver ended a crawl (not a map): its crawl.completed event. */
  ended?: (crawlId: string) => void;
  /** The key's job quotas for the pages about to start (page-quota.ts); absent: no quota. */
  admit?: AdmitPages;
}

/** Frontier rows read at once. */
const WINDOW = 64;
/** Crawls one coordinator drives at once. */
const MAX_HELD = 100;

interface HeldCrawl {
  record: CrawlRecord;
  spec: CrawlSpec;
  rules: LinkRules;
  /** Job id → its frontier row, for the jobs this crawl has in flight. */
  inflight: Map<string, CrawlPageRecord>;
  /** A map's fetch budget, and one addPages at a time (page-outcome.ts). */
  tally: CrawlTally;
  statusCheckedMs: number;
  /** Set when no more pages may start (the key's quota ran out): the crawl ends once its pages are back. */
  stop: string | null;
  /** Set when the crawl was dropped (cancelled): a page whose job was being submitted then is cancelled. */
  dropped: boolean;
}

/** The error message of a page job that ended because its crawl was cancelled (failure type `cancelled`). */
const CRAWL_CANCELLED = 'the crawl was cancelled';

export class CrawlDriver {
  private readonly held = new Map<string, HeldCrawl>();
  /** Jobs of held crawls that ended here (their event), by id, waiting for the next pass. */
  private readonly ended = new Map<string, JobRecord>();
  private readonly gate: PolitenessGate;
  private readonly robots: RobotsCache;
  private readonly outcome: PageOutcome;
  private readonly loop: WakeLoop;
  private readonly pollMs: number;
  private leaseCheckedMs = 0;
  private offJobs: (() => void) | null = null;

  constructor(private readonly opts: CrawlDriverOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.gate = new PolitenessGate(opts.store.crawls, opts.politeness);
    this.robots = new RobotsCache(opts.store.crawls);
    this.outcome = new PageOutcome({
      store: opts.store.crawls,
      storage: opts.storage,
      gate: this.gate,
      robots: this.robots,
      log: opts.log,
    });
    this.loop = new WakeLoop({
      pass: () => this.pass(),
      pollMs: this.pollMs,
      onError: (err) => opts.log.warn({ err }, 'crawl pass failed'),
    });
  }

  start(): void {
    // A page's end, here (the owner's event) or on another coordinator (read by the owner once).
    const heard = (job: JobRecord) => {
      if (!this.follows(job.id)) return;
      this.ended.set(job.id, job);
      this.loop.wake();
    };
    this.offJobs = this.opts.jobs.addListener({
      onJobEvent: (e) => {
        if (e.transition === 'complete' || e.transition === 'fail') heard(e.job);
      },
      followsJob: (jobId) => this.follows(jobId),
      onRemoteEnd: heard,
    });
    this.loop.start();
  }

  /** Whether the job is a page in flight of a crawl held here whose end is not heard yet. */
  private follows(jobId: string): boolean {
    if (this.ended.has(jobId)) return false;
    for (const c of this.held.values()) if (c.inflight.has(jobId)) return true;
    return false;
  }

  newLease(): { owner: string; untilMs: number } {
    return { owner: this.opts.coordinatorId, untilMs: Date.now() + this.opts.leaseMs };
  }

  /** A crawl was made or changed here: look now rather than at the next poll. */
  wake(): void {
    this.leaseCheckedMs = 0;
    this.loop.wake();
  }

  /** The crawl was cancelled here: stop it at once (other coordinators see it within a poll). */
  async cancelled(crawlId: string): Promise<void> {
    const c = this.held.get(crawlId);
    if (c) await this.drop(c, CRAWL_CANCELLED);
  }

  async close(): Promise<void> {
    this.offJobs?.();
    this.offJobs = null;
    await this.loop.close();
    const ids = [...this.held.keys()];
    this.held.clear();
    if (ids.length > 0) await this.opts.store.groups.releaseGroups(this.opts.coordinatorId, ids);
  }

  private async pass(): Promise<number | undefined> {
    const now = Date.now();
    if (now - this.leaseCheckedMs >= this.opts.leaseMs / 3) {
      this.leaseCheckedMs = now;
      await this.keepLeases(now);
    }
    let nextMs = this.pollMs;
    for (const c of [...this.held.values()]) {
      if (this.loop.closed) return undefined;
      nextMs = Math.min(nextMs, await this.drive(c));
    }
    return nextMs;
  }

  private async keepLeases(now: number): Promise<void> {
    const groups = this.opts.store.groups;
    const until = now + this.opts.leaseMs;
    const kept = new Set(await groups.renewGroups(this.opts.coordinatorId, [...this.held.keys()], until));
    for (const [id, c] of this.held) {
      if (!kept.has(id)) {
        // Lost (expired while this process stalled, or the crawl ended elsewhere): let it go.
        this.letGo(c);
      }
    }
    const room = MAX_HELD - this.held.size;
    if (room <= 0) return;
    for (const id of await groups.claimGroups('crawl', this.opts.coordinatorId, now, until, room)) {
      if (this.held.has(id)) continue;
      const record = await this.opts.store.crawls.getCrawl(id);
      if (record?.status === 'running') await this.adopt(record);
    }
  }

  /** The crawl is no longer driven here: its state in memory goes (the store keeps the rest). */
  private letGo(c: HeldCrawl): void {
    this.held.delete(c.record.id);
    this.robots.forget(c.record.id);
    for (const id of c.inflight.keys()) this.ended.delete(id);
    c.inflight.clear();
  }

  /**
   * Takes the crawl on: the rows in flight when its previous holder stopped are read once with
   * their jobs. A job that ended is recorded at the next round; one still waiting or running is
   * followed until the owner tells of its end; a row whose job was never stored (its holder died
   * between the two writes) is queued again.
   */
  private async adopt(record: CrawlRecord): Promise<void> {
    const spec = record.spec as CrawlSpec;
    const c: HeldCrawl = {
      record,
      spec,
      rules: new LinkRules(spec),
      inflight: new Map(),
      tally: { fetches: 0, serial: serialQueue() },
      statusCheckedMs: Date.now(),
      stop: null,
      dropped: false,
    };
    const crawls = this.opts.store.crawls;
    for (const page of await crawls.runningPages(record.id, 10_000)) {
      if (page.jobId) c.inflight.set(page.jobId, page);
    }
    if (spec.mode === 'map') {
      const counts = await crawls.counts(record.id);
      c.tally.fetches = Math.max(0, spec.maxFetches - (counts.found - counts.queued));
    }
    // Held (followed) before the jobs are read: an end after the read is heard, one before it read.
    this.held.set(record.id, c);
    if (c.inflight.size === 0) return;
    const ids = [...c.inflight.keys()];
    const jobs = new Map((await this.opts.store.getJobs(ids)).map((j) => [j.id, j]));
    for (const id of ids) {
      const job = jobs.get(id);
      if (job?.status === 'completed' || job?.status === 'failed') this.ended.set(id, job);
      else if (!job) {
        const page = c.inflight.get(id) as CrawlPageRecord;
        c.inflight.delete(id);
        await crawls.endPage(record.id, page.urlHash, id, { state: 'queued', statusCode: null, error: null });
      }
    }
  }

  /** One round for one crawl; returns how soon it wants another. */
  private async drive(c: HeldCrawl): Promise<number> {
    const crawls = this.opts.store.crawls;
    const now = Date.now();
    if (now - c.statusCheckedMs >= this.pollMs) {
      c.statusCheckedMs = now;
      const fresh = await crawls.getCrawl(c.record.id);
      if (fresh?.status !== 'running') {
        await this.drop(c, CRAWL_CANCELLED);
        return this.pollMs;
      }
    }
    await this.collect(c);
    let waitMs = this.pollMs;
    const blockedHosts = new Set<string>();
    const owner = { requestsPerSecond: c.spec.requestsPerSecond, concurrency: c.spec.concurrency };
    let sawQueued = false;
    for (;;) {
      if (c.stop || c.inflight.size >= this.opts.maxInflight) break;
      if (!this.opts.jobs.canAccept(c.record.ownerId)) return 200;
      const window = await crawls.frontier(c.record.id, WINDOW);
      if (window.length > 0) sawQueued = true;
      let progressed = false;
      // Checked one by one (robots.txt from memory, each host's room in flight read once); the
      // key's quota is asked once for the rows let through, whose rate slots and submits then run
      // together, so a window costs a few store round trips, not a few per row.
      const room = new Map<string, number>();
      const candidates: Array<{ page: CrawlPageRecord; crawlDelaySec: number }> = [];
      for (const page of window) {
        if (c.inflight.size + candidates.length >= this.opts.maxInflight) break;
        // A host waiting for its robots.txt still lets the robots.txt itself through.
        if (blockedHosts.has(page.host) && page.kind !== 'robots') continue;
        const verdict = await this.robotsVerdict(c, page);
        if (verdict === 'skipped') {
          progressed = true;
          continue;
        }
        if (typeof verdict === 'object') {
          blockedHosts.add(page.host);
          waitMs = Math.min(waitMs, verdict.waitMs);
          continue;
        }
        const left = room.get(page.host) ?? (await this.gate.concurrencyRoom(page.host, owner));
        if (left <= 0) {
          room.set(page.host, 0);
          blockedHosts.add(page.host);
          waitMs = Math.min(waitMs, 50);
          continue;
        }
        room.set(page.host, left - 1);
        candidates.push({ page, crawlDelaySec: verdict });
      }
      let admission: PageAdmission | null = null;
      let admitted = candidates.length;
      if (candidates.length > 0 && this.opts.admit) {
        admission = await this.opts.admit(c.spec, candidates.length);
        admitted = admission.admitted;
        c.stop = admission.stop;
        // Held back by the key's unfinished jobs: its jobs ending make room.
        if (admitted < candidates.length) waitMs = Math.min(waitMs, 200);
      }
      // Rate slots taken together; the pages that got one are submitted together.
      const slots = await Promise.all(
        candidates.slice(0, admitted).map(async (x) => ({
          page: x.page,
          slot: await this.takeRate(x.page, owner, x.crawlDelaySec),
        })),
      );
      const ready: CrawlPageRecord[] = [];
      for (const { page, slot } of slots) {
        if (slot === true) ready.push(page);
        else {
          blockedHosts.add(slot.host);
          waitMs = Math.min(waitMs, slot.waitMs);
        }
      }
      const started = await this.launch(c, ready);
      if (started > 0) progressed = true;
      await admission?.giveBack(admitted - started);
      // A window wholly blocked waits for its hosts; a window that moved may have more behind it.
      if (c.stop || admitted < candidates.length || !progressed || window.length < WINDOW) break;
    }
    if (c.stop) {
      if (c.inflight.size === 0) await this.finish(c, c.stop);
      return waitMs;
    }
    if (!sawQueued && c.inflight.size === 0 && !(await this.robotsPending(c))) await this.finish(c);
    return waitMs;
  }

  /**
   * Before a crawl may end, every URL it lists has been checked against its host's robots.txt: a
   * map's found URLs (never taken from the frontier) are checked here, a disallowed one skipped; a
   * host not read yet gets its robots.txt queued, and the crawl goes on (true) until it is read.
   */
  private async robotsPending(c: HeldCrawl): Promise<boolean> {
    if (!c.spec.robots || c.spec.mode !== 'map') return false;
    const crawls = this.opts.store.crawls;
    let pending = false;
    for (let after = -1; ; ) {
      const rows = await crawls.listPages(c.record.id, after, WINDOW, ['found']);
      for (const page of rows) {
        const verdict = await this.robots.verdict(c.record.id, page.host, page.url);
        if (verdict === 'disallowed') await crawls.skipQueued(c.record.id, page.urlHash);
        else if (verdict === 'unknown') {
          pending = true;
          if (await crawls.addHost(c.record.id, page.host)) {
            await c.tally.serial(() => crawls.addPages(c.record.id, [robotsRow(page.host)], c.spec.maxPages));
          }
        }
      }
      const last = rows.at(-1);
      if (rows.length < WINDOW || !last) break;
      after = last.seq;
    }
    return pending;
  }

  /**
   * What robots.txt says of the row: its Crawl-delay (s) when it may go, 'skipped' when it
   * disallows it (recorded), or how long to wait while the host's robots.txt is not read yet.
   */
  private async robotsVerdict(
    c: HeldCrawl,
    page: CrawlPageRecord,
  ): Promise<number | 'skipped' | { waitMs: number }> {
    if (page.kind === 'robots' || !c.spec.robots) return 0;
    const crawls = this.opts.store.crawls;
    const robots = await this.robots.get(c.record.id, page.host);
    if (!robots) {
      if (await crawls.addHost(c.record.id, page.host)) {
        await c.tally.serial(() => crawls.addPages(c.record.id, [robotsRow(page.host)], c.spec.maxPages));
        return { waitMs: 0 };
      }
      return { waitMs: 50 };
    }
    if (!robots.allows(page.url)) {
      await crawls.skipQueued(c.record.id, page.urlHash);
      return 'skipped';
    }
    return robots.crawlDelaySec;
  }

  /** The host's (and domain's) rate slot; or which host to wait for and how long. */
  private async takeRate(
    page: CrawlPageRecord,
    owner: { requestsPerSecond: number | null; concurrency: number | null },
    crawlDelaySec: number,
  ): Promise<true | { host: string; waitMs: number }> {
    const answer = await this.gate.takeRate(page.host, new URL(page.url).hostname, owner, crawlDelaySec);
    return answer.ok ? true : { host: page.host, waitMs: answer.retryInMs };
  }

  /**
   * Starts the pages (their rows running, each with its job's id) and submits their jobs together as
   * members of the crawl's group: one transaction for the window. Returns how many started.
   */
  private async launch(c: HeldCrawl, pages: readonly CrawlPageRecord[]): Promise<number> {
    const crawls = this.opts.store.crawls;
    const crawlId = c.record.id;
    // A cancel here drops the crawl at once, even while this round awaits the store: start nothing.
    if (pages.length === 0 || this.held.get(crawlId) !== c) return 0;
    const taken = await Promise.all(
      pages.map(async (page) => {
        const jobId = newResourceId();
        if (!(await crawls.startPage(crawlId, page.urlHash, jobId))) return null;
        return { ...page, state: 'running' as const, jobId, tries: page.tries + 1 };
      }),
    );
    const running = taken.filter((p) => p !== null);
    const requeue = () =>
      Promise.all(
        running.map((p) =>
          crawls.endPage(crawlId, p.urlHash, p.jobId, { state: 'queued', statusCode: null, error: null }),
        ),
      );
    if (running.length === 0) return 0;
    if (this.held.get(crawlId) !== c) {
      await requeue();
      return 0;
    }
    for (const p of running) c.inflight.set(p.jobId, p);
    const items = running.map((p, i) => pageSubmission(c.record.ownerId, c.spec, p, i));
    let jobs: JobRecord[] | null;
    try {
      jobs = await this.opts.jobs.submitToGroup(crawlId, items);
    } catch (err) {
      this.opts.log.warn({ err, crawlId, pages: running.length }, 'crawl pages not submitted');
      jobs = null;
    }
    if (jobs === null) {
      // Not stored (a store error, or the crawl ended meanwhile): the rows go back to the queue; a
      // crawl that ended keeps them queued, as a cancel does.
      for (const p of running) c.inflight.delete(p.jobId);
      await requeue();
      return 0;
    }
    // Cancelled while the jobs were being stored: drop() may not have found them, so they go here.
    if (c.dropped) {
      await Promise.all(
        jobs.map((job) =>
          this.opts.jobs
            .cancel(job, CRAWL_CANCELLED)
            .catch((err: unknown) =>
              this.opts.log.warn({ err, jobId: job.id }, 'page job of a cancelled crawl not cancelled'),
            ),
        ),
      );
    }
    return running.length;
  }

  /** Ends the pages whose jobs' ends the owner reported (here or on another coordinator). */
  private async collect(c: HeldCrawl): Promise<void> {
    const records: Array<Promise<void>> = [];
    for (const [id, page] of c.inflight) {
      const job = this.ended.get(id);
      if (!job) continue;
      this.ended.delete(id);
      c.inflight.delete(id);
      records.push(this.outcome.record(c.record, c.spec, c.rules, page, job, c.tally));
    }
    await Promise.all(records);
  }

  /** Ends the crawl: completed, or failed when no page could be fetched or `stop` says why. */
  private async finish(c: HeldCrawl, stop: string | null = null): Promise<void> {
    const counts = await this.opts.store.crawls.counts(c.record.id);
    const failed = stop !== null || (counts.done === 0 && counts.failed > 0);
    const ended = await this.opts.jobs.endGroup({
      kind: 'crawl',
      id: c.record.id,
      status: failed ? 'failed' : 'completed',
      error: failed ? (stop ?? 'no page could be fetched') : null,
    });
    if (ended && c.spec.mode === 'crawl') this.opts.ended?.(c.record.id);
    this.letGo(c);
    this.opts.log.info({ crawlId: c.record.id, ...counts }, 'crawl finished');
  }

  /**
   * The crawl stopped (cancelled): its page jobs still waiting or running fail `cancelled` now (the
   * running ones stopped on their devices, wherever they are linked), and their pages end as failed.
   */
  private async drop(c: HeldCrawl, why: string): Promise<void> {
    c.dropped = true;
    const pages = [...c.inflight.entries()];
    this.letGo(c);
    if (pages.length === 0) return;
    const jobs = await this.opts.store.getJobs(pages.map(([id]) => id));
    const live = jobs.filter((job) => job.status === 'pending' || job.status === 'running');
    await Promise.all(live.map((job) => this.opts.jobs.cancel(job, why)));
    for (const [jobId, page] of pages) {
      await this.opts.store.crawls.endPage(c.record.id, page.urlHash, jobId, {
        state: 'failed',
        statusCode: null,
        error: why,
      });
    }
  }
}

/** Runs the functions it is given one after another, in the order given. */
function serialQueue(): <T>(run: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = tail.then(run, run);
    tail = next.catch(() => {});
    return next;
  };
}
