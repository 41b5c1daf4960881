// Canary jobs: now and then each connected device is sent, on the coordinator's own initiative, a
// GET of the canary target with a fresh nonce; the answer must hold the target's keyed hash of it.
// A device that returns anything else has fabricated or tampered. Quarantined devices get canaries
// ten times as often, so they can earn their release. Due times sit in one-second buckets: a tick
// costs what is due, not the fleet.
//
// Devices that measure DNS also get DNS canaries when the operator names a DNS server it controls
// (--canary-dns-server, --canary-dns-name, --canary-dns-answer): a query for a fresh name under the
// canary name, whose answer the coordinator knows; a device that reports another answer has lied
// about a measurement and is judged exactly as one that fabricates a page. A device doing both kinds
// gets them in turn.
//
// Devices that ping get ping and TCP ping canaries when the operator names targets it controls
// (--canary-ping-target, --canary-tcp-open, --canary-tcp-closed, ...; measure/rtt-canary.ts says what
// each is and how it is judged). A device takes every kind it can, one after the other.

import type { Logger } from 'pino';
import { measureUrl } from '../../proto/index.js';
import type { CanaryDnsConfig, CanaryRttConfig } from '../config.js';
import type { JobEvent, JobListener } from '../jobs/events.js';
import type { NewJob } from '../jobs/new-job.js';
import type { FleetView, JobRequests } from '../jobs/reports.js';
import type { MeasureResultJson } from '../measure/measure-result.js';
import type { ConnectedDevice, DeviceListener } from '../scheduler/device.js';
import type { StorageType } from '../storage/types.js';
import { SYSTEM_OWNER_ID } from '../store/records.js';
import { canaryAnswer, newNonce } from './canary-token.js';
import { DueSet } from './due-set.js';
import {
  isRttCanaryKind,
  judgeRttCanary,
  type RttCanaryKind,
  rttCanaryJob,
  rttCanaryKinds,
} from './measure/rtt-canary.js';
import type { ReadBody } from './read-body.js';
import type { Reputation } from './reputation.js';

export interface CanaryOptions {
  jobs: JobRequests & FleetView;
  reputation: Reputation;
  readBody: ReadBody;
  log: Logger;
  /** Base URL of the canary target; each canary GETs `${url}/${nonce}`. */
  url: () => string;
  secret: string;
  intervalMs: number;
  storageType: StorageType;
  /** DNS canaries for devices that measure DNS; null or absent: none. */
  dns?: CanaryDnsConfig | null;
  /** Ping and TCP ping canaries for devices that ping; null or absent: none. */
  rtt?: CanaryRttConfig | null;
  now?: () => number;
}

type CanaryKind = 'page' | 'dns' | RttCanaryKind;
interface InFlight {
  deviceId: string;
  nonce: string;
  kind: CanaryKind;
}

const TICK_MS = 1_000;
const CANARY_TIMEOUT_SEC = 30;

export class CanaryService implements JobListener, DeviceListener {
  private readonly due: DueSet;
  private readonly inFlight = new Map<string, InFlight>();
  /** The kind of each device's latest canary, so one that takes both kinds gets them in turn. */
  private readonly lastKind = new Map<string, CanaryKind>();
  /**
   * The kind each device last failed. While quarantined it gets that kind only: passing the other
   * kinds says nothing of the lie it was caught in, and must not release it.
   */
  private readonly failedKind = new Map<string, CanaryKind>();
  private readonly busy = new Set<string>();
  /** Devices connected here that take canaries (GET). */
  private readonly tracked = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: CanaryOptions) {
    this.now = opts.now ?? Date.now;
    this.due = new DueSet(TICK_MS, this.now);
  }

  start(): void {
    if (this.timer || this.opts.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), Math.min(TICK_MS, this.opts.intervalMs));
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  added(device: ConnectedDevice): void {
    if (this.opts.intervalMs <= 0 || this.kindsOf(device).length === 0) return;
    this.tracked.add(device.profile.deviceId);
    // The first canary comes at a random point of the first interval (or soon, when quarantined).
    this.schedule(device.profile.deviceId, Math.random() * this.intervalFor(device));
  }

  removed(device: ConnectedDevice): void {
    this.tracked.delete(device.profile.deviceId);
    this.lastKind.delete(device.profile.deviceId);
    this.failedKind.delete(device.profile.deviceId);
    this.unschedule(device.profile.deviceId);
  }

  /**
   * The device's next canary goes out now (it took part in a disagreement: its canary judges it on
   * its own). One already in flight stands; the one after is scheduled as usual once it is judged.
   */
  soon(deviceId: string): void {
    if (!this.tracked.has(deviceId) || this.busy.has(deviceId)) return;
    this.unschedule(deviceId);
    void this.send(deviceId).catch((err) => this.opts.log.warn({ err, deviceId }, 'canary not sent'));
  }

  /** A quarantined device's next canary comes soon. */
  quarantineChanged(device: ConnectedDevice): void {
    if (!device.quarantined) this.failedKind.delete(device.profile.deviceId);
    if (this.due.has(device.profile.deviceId))
      this.schedule(device.profile.deviceId, this.intervalFor(device) / 2);
  }

  onJobEvent(e: JobEvent): void {
    if (e.transition !== 'complete' && e.transition !== 'fail') return;
    const canary = this.inFlight.get(e.job.id);
    if (!canary) return;
    this.inFlight.delete(e.job.id);
    this.busy.delete(canary.deviceId);
    void this.judge(e, canary).catch((err) =>
      this.opts.log.error({ err, jobId: e.job.id }, 'canary check failed'),
    );
  }

  /** The canaries a device can take: a page for GET, a DNS query for MEASURE_DNS_UDP (when set up). */
  private kindsOf(device: ConnectedDevice): CanaryKind[] {
    const kinds: CanaryKind[] = [];
    if (device.profile.methods.has('GET')) kinds.push('page');
    if (this.opts.dns && device.profile.methods.has('MEASURE_DNS_UDP')) kinds.push('dns');
    kinds.push(...rttCanaryKinds(this.opts.rtt, device.profile.methods));
    return kinds;
  }

  private async judge(e: JobEvent, canary: InFlight): Promise<void> {
    const { deviceId, nonce } = canary;
    if (e.transition === 'fail') {
      // Only a canary the device took and lost counts; one that never reached it (paused by its
      // owner, busy, draining) says nothing.
      if (e.failureType === 'device_lost') await this.opts.reputation.record(deviceId, 'lost', 'canary lost');
    } else if (e.transition === 'complete') {
      const r = e.result;
      if (r.deviceId !== deviceId) return; // answered by another device: says nothing of this one
      if (!r.success && r.errorType === 'blocked') {
        // The device's own network policy refuses the canary's address (a coordinator on a private
        // or loopback address, as in a one-machine setup): it says nothing of the device's honesty.
        this.opts.log.debug(
          { deviceId, error: r.errorMessage },
          'canary target refused by the device policy',
        );
      } else if (!r.success) {
        await this.opts.reputation.record(
          deviceId,
          'canary_unreachable',
          `${r.errorType}: ${r.errorMessage}`,
        );
      } else if (isRttCanaryKind(canary.kind) && this.opts.rtt) {
        const v = judgeRttCanary(
          canary.kind,
          this.opts.rtt,
          r.metadata.measure as MeasureResultJson | undefined,
        );
        await this.opts.reputation.record(deviceId, v.signal, v.detail);
        if (v.signal === 'canary_fail') this.failedKind.set(deviceId, canary.kind);
      } else if (canary.kind === 'dns') {
        const dns = (r.metadata.measure as MeasureResultJson | undefined)?.dns;
        const want = this.opts.dns?.answer ?? '';
        const ok = (dns?.answers ?? []).some((a) => a.value.toLowerCase() === want);
        const got = (dns?.answers ?? []).map((a) => a.value).join(', ') || dns?.status || 'no answer';
        await this.opts.reputation.record(
          deviceId,
          ok ? 'canary_pass' : 'canary_fail',
          ok ? 'DNS canary answered' : `DNS canary answer fabricated or altered (${got.slice(0, 200)})`,
        );
        if (!ok) this.failedKind.set(deviceId, 'dns');
      } else {
        const body = (await this.opts.readBody(e.job, r)) ?? '';
        const ok = r.statusCode === 200 && body.includes(canaryAnswer(this.opts.secret, nonce));
        await this.opts.reputation.record(
          deviceId,
          ok ? 'canary_pass' : 'canary_fail',
          ok
            ? 'canary answered'
            : `canary answer fabricated or altered (status ${r.statusCode}, ${body.length} bytes)`,
        );
        if (!ok) this.failedKind.set(deviceId, 'page');
      }
    }
    const dev = this.opts.jobs.device(deviceId);
    if (dev && this.tracked.has(deviceId)) this.schedule(deviceId, this.intervalFor(dev));
  }

  private intervalFor(device: ConnectedDevice): number {
    return device.quarantined ? Math.max(100, this.opts.intervalMs / 10) : this.opts.intervalMs;
  }

  private schedule(deviceId: string, inMs: number): void {
    this.due.schedule(deviceId, inMs);
  }

  private unschedule(deviceId: string): void {
    this.due.unschedule(deviceId);
  }

  private async tick(): Promise<void> {
    for (const deviceId of this.due.takeDue()) {
      await this.send(deviceId).catch((err) => this.opts.log.warn({ err, deviceId }, 'canary not sent'));
    }
  }

  private async send(deviceId: string): Promise<void> {
    const dev = this.opts.jobs.device(deviceId);
    if (!dev) return;
    // One canary at a time per device; the next is scheduled when this one is judged.
    if (this.busy.has(deviceId)) return;
    this.busy.add(deviceId);
    const nonce = newNonce();
    const kinds = this.kindsOf(dev);
    // Each kind in turn: the one after the device's latest (the first when it had none); a device
    // quarantined for failing a kind gets that one until it is released.
    const last = this.lastKind.get(deviceId);
    const failed = dev.quarantined ? this.failedKind.get(deviceId) : undefined;
    const kind =
      failed && kinds.includes(failed)
        ? failed
        : (kinds[(last === undefined ? -1 : kinds.indexOf(last)) + 1] ?? kinds[0] ?? 'page');
    try {
      const job = await this.opts.jobs.submit(
        kind === 'dns'
          ? this.dnsCanary(deviceId, nonce)
          : isRttCanaryKind(kind) && this.opts.rtt
            ? rttCanaryJob(kind, this.opts.rtt, deviceId, {
                timeoutSec: CANARY_TIMEOUT_SEC,
                storageType: this.opts.storageType,
              })
            : this.pageCanary(deviceId, nonce),
        null,
      );
      this.lastKind.set(deviceId, kind);
      this.inFlight.set(job.id, { deviceId, nonce, kind });
    } catch (err) {
      this.busy.delete(deviceId);
      this.schedule(deviceId, this.intervalFor(dev));
      throw err;
    }
  }

  private pageCanary(deviceId: string, nonce: string): NewJob {
    return {
      ownerId: SYSTEM_OWNER_ID,
      url: `${this.opts.url()}/${nonce}`,
      method: 'GET',
      timeoutSec: CANARY_TIMEOUT_SEC,
      placement: { device_id: deviceId },
      sessionId: null,
      sweepId: null,
      storageType: this.opts.storageType,
      request: { headers: [], bodyBase64: '', cookies: [], ownWebhook: false },
    };
  }

  /** A query for a fresh name under the canary name (the server answers every name under it). */
  private dnsCanary(deviceId: string, nonce: string): NewJob {
    const dns = this.opts.dns as CanaryDnsConfig;
    // A DNS label is at most 63 characters; the nonce is base64url, letters, digits, - and _.
    const target = `c${nonce
      .slice(0, 40)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '0')}.${dns.name}`;
    return {
      ownerId: SYSTEM_OWNER_ID,
      url: measureUrl('dns', target),
      method: 'MEASURE_DNS_UDP',
      timeoutSec: CANARY_TIMEOUT_SEC,
      placement: { device_id: deviceId },
      sessionId: null,
      sweepId: null,
      storageType: this.opts.storageType,
      request: {
        headers: [],
        bodyBase64: '',
        cookies: [],
        ownWebhook: false,
        measure: {
          measurementId: '',
          type: 'dns',
          target,
          options: {
            protocol: 'udp',
            port: 0,
            packets: 0,
            maxHops: 0,
            recordType: dns.answer.includes(':') ? 'AAAA' : 'A',
            resolver: dns.server,
            resolverPort: dns.port,
            serverName: '',
            ipVersion: 0,
          },
        },
      },
    };
  }
}
