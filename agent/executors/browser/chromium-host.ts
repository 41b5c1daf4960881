// The one Chromium process shared by all browser jobs: launched on first use, relaunched after a
// crash or disconnect, and recycled between jobs after N pages or when its memory passes a limit.
// Jobs hold a lease while they use it; a recycle waits until no lease is out, so no job loses its
// browser to housekeeping. A browser that stops answering (a health probe gets no reply in time) is
// killed and relaunched; the jobs in it end at once with their flag.
import { createHash, X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import puppeteer, { type Browser } from 'puppeteer-core';
import { processTreeBytes } from './process-memory.js';

/** How much longer a health probe waits while a job keeps the browser busy (busy()). */
const BUSY_FACTOR = 10;

export interface ChromiumHostOptions {
  executablePath: string;
  restartAfterPages: number;
  memoryLimitBytes?: number;
  ca?: Buffer[];
  /** A health probe (Browser.getVersion) unanswered this long means the browser is hung, ms. */
  healthTimeoutMs: number;
  /** Probe this often while jobs use the browser, ms. */
  healthIntervalMs: number;
  log: Logger;
}

export interface BrowserLease {
  browser: Browser;
  /** Increases with every launch: contexts made under another generation are gone. */
  generation: number;
  /** Chrome major version, for user agents. */
  chromeMajor: string;
  release(): void;
}

export interface ChromiumHostStats {
  launches: number;
  /** Disconnects not asked for: crashes, and hung browsers killed after a failed health probe. */
  crashes: number;
  /** Browsers killed because a health probe went unanswered. */
  hangs: number;
  pid: number | null;
  pagesSinceLaunch: number;
  leases: number;
  lastMemoryBytes: number | null;
}

const CLOSE_TIMEOUT_MS = 5_000;
const MEMORY_CHECK_INTERVAL_MS = 2_000;

/**
 * Flags from docs/browser.md. The host-resolver rule makes every name (and address literal) except the
 * loopback proxy unresolvable inside Chromium: names are only resolved by the policy, in the proxy.
 */
export function launchArgs(ca: Buffer[] | undefined): string[] {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-breakpad',
    '--disable-default-apps',
    '--disable-extensions',
    '--mute-audio',
    '--hide-scrollbars',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    // WebRTC may only use UDP through the (HTTP, so TCP-only) proxy: no direct UDP to anything.
    '--force-webrtc-ip-handling-policy',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    // One renderer per page instead of per site: cross-site iframes stay in the page's target, so
    // their requests are seen by the page's network recorder. Contexts are still never shared.
    '--disable-site-isolation-trials',
    // Chromium 156 opens the omnibox popup as WebUI pages in a renderer of their own for every new
    // window, so for every job: 100-400 ms of CPU per page, more than the page itself, for a popup
    // a headless crawl never shows.
    '--disable-features=site-per-process,IsolateOrigins,Translate,MediaRouter,OptimizationHints,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
  ];
  const pins = (ca ?? []).flatMap(spkiHashes);
  if (pins.length > 0) args.push(`--ignore-certificate-errors-spki-list=${pins.join(',')}`);
  return args;
}

/** base64 SHA-256 of each certificate's public key (PEM bundle or one DER certificate). */
function spkiHashes(buf: Buffer): string[] {
  const text = buf.toString('latin1');
  const pems = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  const certs = pems ? pems.map((pem) => new X509Certificate(pem)) : [new X509Certificate(buf)];
  return certs.map((cert) => {
    const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(spki).digest('base64');
  });
}

export class ChromiumHost {
  readonly #options: ChromiumHostOptions;
  readonly #log: Logger;
  #browser: Browser | null = null;
  #userDataDir: string | null = null;
  #chromeMajor = '';
  #launching: Promise<Browser> | null = null;
  #generation = 0;
  #leases = 0;
  #pagesSinceLaunch = 0;
  #recycle = false;
  /** Jobs in a phase that keeps the browser busy (busy()). */
  #busy = 0;
  #drainWaiters: Array<() => void> = [];
  #closing = false;
  #launches = 0;
  #crashes = 0;
  #hangs = 0;
  #probing: Promise<boolean> | null = null;
  #watchdog: NodeJS.Timeout | null = null;
  #lastMemoryBytes: number | null = null;
  #lastMemoryCheck = 0;
  #memoryCheck: Promise<void> = Promise.resolve();

  constructor(options: ChromiumHostOptions) {
    this.#options = options;
    this.#log = options.log;
  }

  stats(): ChromiumHostStats {
    return {
      launches: this.#launches,
      crashes: this.#crashes,
      hangs: this.#hangs,
      pid: this.#browser?.process()?.pid ?? null,
      pagesSinceLaunch: this.#pagesSinceLaunch,
      leases: this.#leases,
      lastMemoryBytes: this.#lastMemoryBytes,
    };
  }

  /** A browser for one page. Waits for a pending recycle; launches when none is running. */
  async lease(): Promise<BrowserLease> {
    // The latest job's memory reading decides whether this one gets a fresh browser.
    await this.#memoryCheck;
    // A browser being probed may be about to be killed: no new job goes into it until it answers.
    if (this.#probing) await this.#probing;
    for (;;) {
      if (this.#closing) throw new Error('browser executor is closed');
      if (this.#recycle && this.#browser) {
        if (this.#leases > 0) {
          await new Promise<void>((resolve) => this.#drainWaiters.push(resolve));
          continue;
        }
        this.#recycle = false;
        await this.#shutdown('recycle');
        continue;
      }
      this.#recycle = false;
      const browser = this.#browser?.connected ? this.#browser : await this.#launchOnce();
      if (this.#closing) throw new Error('browser executor is closed');
      if (browser !== this.#browser) continue; // it crashed while we waited for the launch
      this.#leases++;
      this.#startWatchdog();
      this.#pagesSinceLaunch++;
      if (this.#pagesSinceLaunch >= this.#options.restartAfterPages) this.#recycle = true;
      let released = false;
      return {
        browser,
        generation: this.#generation,
        chromeMajor: this.#chromeMajor,
        release: () => {
          if (released) return;
          released = true;
          this.#release();
        },
      };
    }
  }

  /** The browser without a lease or a launch (a spare page is being made), or null. */
  get current(): { browser: Browser; generation: number } | null {
    return this.#browser?.connected ? { browser: this.#browser, generation: this.#generation } : null;
  }

  /**
   * Asks the browser for its version; no answer within healthTimeoutMs means it is hung: it is
   * killed (its jobs see the disconnect at once) and the next lease launches a new one. Resolves
   * true when the browser answered (or none is running). Concurrent calls share one probe.
   */
  /**
   * Runs `work` that keeps the browser itself busy for long (a Lighthouse audit: tracing, trace
   * processing): meanwhile a health probe waits BUSY_FACTOR times longer before it calls the
   * browser hung. On a loaded device the audit made a 2 s probe kill a working browser.
   */
  async busy<T>(work: () => Promise<T>): Promise<T> {
    this.#busy++;
    try {
      return await work();
    } finally {
      this.#busy--;
    }
  }

  probe(): Promise<boolean> {
    this.#probing ??= this.#probe().finally(() => {
      this.#probing = null;
    });
    return this.#probing;
  }

  async #probe(): Promise<boolean> {
    const browser = this.#browser;
    if (!browser?.connected) return true;
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      browser.version().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        const waitMs = this.#options.healthTimeoutMs * (this.#busy > 0 ? BUSY_FACTOR : 1);
        timer = setTimeout(() => resolve(false), waitMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (answered || this.#browser !== browser) return true;
    this.#hangs++;
    this.#log.warn({ pid: browser.process()?.pid }, 'browser stopped answering: killing it');
    // Leases wait for this probe: they must see the browser gone, not a dead one still "connected".
    const gone = new Promise<void>((resolve) => {
      browser.once('disconnected', () => resolve());
      setTimeout(resolve, CLOSE_TIMEOUT_MS).unref();
    });
    browser.process()?.kill('SIGKILL');
    await gone;
    return false;
  }

  #startWatchdog(): void {
    if (this.#watchdog) return;
    this.#watchdog = setInterval(() => {
      if (this.#leases === 0 || this.#closing) {
        if (this.#watchdog) clearInterval(this.#watchdog);
        this.#watchdog = null;
        return;
      }
      void this.probe();
    }, this.#options.healthIntervalMs);
    this.#watchdog.unref();
  }

  /** Graceful: closes the browser once leases are back (jobs close their pages first). Safe twice. */
  async close(): Promise<void> {
    this.#closing = true;
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
    if (this.#launching) await this.#launching.catch(() => undefined);
    await this.#shutdown('close');
  }

  /**
   * A job is done with its page (its tab may still be closing): its memory reading, when a limit is
   * set, decides whether the next lease gets a fresh browser.
   */
  jobDone(): void {
    const limit = this.#options.memoryLimitBytes;
    if (limit === undefined) return;
    this.#memoryCheck = this.#checkMemory(limit).catch((err: unknown) => {
      this.#log.warn({ err }, 'could not measure the browser memory');
    });
  }

  #release(): void {
    this.#leases--;
    if (this.#leases === 0) {
      const waiters = this.#drainWaiters;
      this.#drainWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  async #checkMemory(limitBytes: number): Promise<void> {
    const now = Date.now();
    const pid = this.#browser?.process()?.pid;
    // A limit below any real browser's size means "recycle after every job": no need to measure.
    if (pid === undefined || (now - this.#lastMemoryCheck < MEMORY_CHECK_INTERVAL_MS && limitBytes > 1))
      return;
    this.#lastMemoryCheck = now;
    const bytes = await processTreeBytes(pid);
    this.#lastMemoryBytes = bytes;
    if (bytes !== null && bytes > limitBytes && !this.#recycle) {
      this.#log.info({ memoryBytes: bytes, limitBytes }, 'browser over its memory limit: restarting it');
      this.#recycle = true;
    }
  }

  #launchOnce(): Promise<Browser> {
    this.#launching ??= this.#launch().finally(() => {
      this.#launching = null;
    });
    return this.#launching;
  }

  async #launch(): Promise<Browser> {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'crawl-chromium-'));
    // No speculative connections: Chromium would otherwise often open the main document's connection
    // before the navigation starts, and its timing (TCP, TLS) would read 0. Prefetching is off too.
    await mkdir(path.join(userDataDir, 'Default'));
    await writeFile(
      path.join(userDataDir, 'Default', 'Preferences'),
      JSON.stringify({ net: { network_prediction_options: 2 } }),
    );
    const startedAt = performance.now();
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: this.#options.executablePath,
        headless: true,
        // No DevTools port: a page (through the proxy) could otherwise reach it on loopback.
        pipe: true,
        userDataDir,
        args: launchArgs(this.#options.ca),
        defaultViewport: null,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        protocolTimeout: 60_000,
      });
    } catch (err) {
      await rm(userDataDir, { recursive: true, force: true });
      throw err;
    }
    const version = await browser.version(); // "Chrome/156.0.8078.79"
    this.#chromeMajor = /\/(\d+)\./.exec(version)?.[1] ?? '';
    this.#browser = browser;
    this.#userDataDir = userDataDir;
    this.#generation++;
    this.#launches++;
    this.#pagesSinceLaunch = 0;
    this.#lastMemoryBytes = null;
    browser.on('disconnected', () => {
      if (this.#browser !== browser) return; // closed on purpose
      this.#crashes++;
      this.#log.warn({ pid: browser.process()?.pid }, 'browser disconnected: it will be relaunched');
      this.#browser = null;
      void this.#removeDir(userDataDir, browser);
    });
    this.#log.info(
      { pid: browser.process()?.pid, version, launchMs: Math.round(performance.now() - startedAt) },
      'browser launched',
    );
    return browser;
  }

  async #shutdown(reason: string): Promise<void> {
    const browser = this.#browser;
    const dir = this.#userDataDir;
    this.#browser = null;
    this.#userDataDir = null;
    if (!browser) return;
    this.#log.info({ reason, pages: this.#pagesSinceLaunch }, 'closing browser');
    const child = browser.process();
    const timer = setTimeout(() => child?.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
    try {
      await browser.close();
    } catch (err) {
      this.#log.warn({ err }, 'browser did not close cleanly');
      child?.kill('SIGKILL');
    } finally {
      clearTimeout(timer);
    }
    if (dir) await this.#removeDir(dir, browser);
  }

  async #removeDir(dir: string, browser: Browser): Promise<void> {
    const child = browser.process();
    // Chromium writes to its profile until it exits; wait for that before removing it.
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, CLOSE_TIMEOUT_MS).unref();
      });
    }
    await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch((err: unknown) => {
      this.#log.warn({ err, dir }, 'could not remove the browser profile');
    });
  }
}
