// Proxy canary streams (docs/proxy.md, "Canary streams"; docs/security.md, "Proxy canaries"): now
// and then the coordinator opens a stream through an exit, on its own account, to its canary
// endpoint (canary-endpoint.ts) and sends a plain-HTTP request with a fresh nonce and a random body.
// The endpoint's answer is fixed by the bytes it received and the canary secret (canary-wire.ts),
// so the coordinator knows every byte it must get back and compares them all: any byte added,
// dropped or changed in either direction, and the exit altered the canary.
//
// - A canary altered through an exit is a `canary_fail` on the device's reputation (one quarantines
//   a device in good standing: reputation.ts), and the exit is held back from user streams (exits.ts)
//   until it passes `releaseAfter` canaries in a row, whatever page canaries say of it meanwhile.
// - A canary that could not be carried (the device refused the stream, could not connect, timed
//   out, or the bytes stopped short of the answer) says nothing of honesty: no signal at all.
// - A passed canary changes no reputation; it counts only toward lifting a hold.
//
// Canary streams are the coordinator's own: no API key's connection, bytes, limits or metering see
// them (they never pass the gate), and /metrics counts them apart (crawl_proxy_canaries_total).
// Each exit gets one every --proxy-canary-interval (a random point of the first), those held or
// quarantined ten times as often, and one in --proxy-canary-share of user streams is followed by
// one through the same exit. One canary at a time per exit; due times sit in one-second buckets.

import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { LinkStream } from '../../common/link-streams/link-stream.js';
import { StreamResetError } from '../../common/link-streams/link-stream.js';
import { ownerAllows } from '../scheduler/standing.js';
import { newNonce } from '../trust/canary-token.js';
import { DueSet } from '../trust/due-set.js';
import type { Reputation } from '../trust/reputation.js';
import type { CanaryEndpoint } from './canary-endpoint.js';
import { alteredDirection, canaryRequest, canaryResponse } from './canary-wire.js';
import type { ExitLink, ExitListener, ProxyExits } from './exits.js';
import { normaliseHost } from './gate.js';

/**
 * `pass`: every byte came back as expected; `tampered`: some byte differs either way; `refused`:
 * the device refused the stream (its policy, ports, owner, consent, stream limit, or it left);
 * `unreachable`: it could not resolve or connect to the endpoint, or did not open in time;
 * `incomplete`: the stream opened but the answer stopped short (reset, cut, out of time).
 */
export type CanaryOutcome = 'pass' | 'tampered' | 'refused' | 'unreachable' | 'incomplete';
export const CANARY_OUTCOMES: readonly CanaryOutcome[] = [
  'pass',
  'tampered',
  'refused',
  'unreachable',
  'incomplete',
];

export interface ProxyCanaryOptions {
  exits: ProxyExits;
  /** The endpoint the canaries go to, served by this coordinator (not yet listening). */
  endpoint: CanaryEndpoint;
  /** The reputation a tampered canary is recorded on (coordinator/trust/). */
  reputation: Pick<Reputation, 'record'>;
  /** The canary secret (--canary-secret): the same on every coordinator behind one canary URL. */
  secret: string;
  /** Each exit's canary interval, ms (0: only those that follow user streams). */
  intervalMs: number;
  /** Share of user streams followed by a canary through the same exit. */
  share: number;
  /** Canaries passed in a row that lift a hold (--release-after-canaries). */
  releaseAfter: number;
  log: Logger;
  /** A canary's deadline, from asking the device to open to the answer's end, ms. Default 20 s. */
  timeoutMs?: number;
  now?: () => number;
  random?: () => number;
}

const TICK_MS = 1_000;
/** A held exit's interval when no --proxy-canary-interval is set: the default's tenth. */
const HELD_DEFAULT_MS = 3 * 60_000;
/** Canaries in flight at once on this coordinator; more wait for the next tick. */
const MAX_IN_FLIGHT = 64;
/** Bytes past the expected answer read before an answer is judged altered without its end. */
const MAX_EXTRA_BYTES = 64 * 1024;
/** Device refusals of a stream: the device would not carry it. Other reasons: it could not. */
const REFUSALS = new Set(['policy', 'port', 'owner', 'consent', 'limit', 'gone', 'protocol']);

export class ProxyCanaries implements ExitListener {
  /** Outcomes since start (/metrics). */
  readonly totals: Record<CanaryOutcome, number> = {
    pass: 0,
    tampered: 0,
    refused: 0,
    unreachable: 0,
    incomplete: 0,
  };
  /** Canary bytes carried since start, both ways (/metrics). */
  bytes = 0;
  private url: URL | null = null;
  private timer: NodeJS.Timeout | null = null;
  private offExits: (() => void) | null = null;
  private readonly due: DueSet;
  private readonly inFlight = new Set<string>();
  /** Canaries passed in a row by each held exit. */
  private readonly streak = new Map<string, number>();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly opts: ProxyCanaryOptions) {
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.due = new DueSet(TICK_MS, this.now);
  }

  /** Whether the exit is held back from user streams by its canaries now. */
  held(deviceId: string): boolean {
    return this.opts.exits.isHeld(deviceId);
  }

  /** The URL the exits are sent to, once listening; null before. */
  get endpointUrl(): string | null {
    return this.url?.toString() ?? null;
  }

  /**
   * Listens with the endpoint and starts checking the exits against it; resolves with the URL the
   * exits are sent to: `url`, or the endpoint's own address (a wildcard host: 127.0.0.1).
   */
  async listen(o: { listen: { host: string; port: number }; url: string | null }): Promise<string> {
    const bound = await this.opts.endpoint.listen(o.listen.host, o.listen.port);
    let url = o.url;
    if (!url) {
      const host = ['0.0.0.0', '::', ''].includes(bound.host) ? '127.0.0.1' : bound.host;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}/`;
    }
    this.start(url);
    return url;
  }

  /** Starts checking exits against the endpoint at `url` (plain http://, a port exits offer). */
  start(url: string): void {
    if (this.timer) return;
    this.url = new URL(url);
    this.offExits = this.opts.exits.addListener(this);
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops the checks and the endpoint (safe twice). */
  close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.offExits?.();
    this.offExits = null;
    this.due.clear();
    return this.opts.endpoint.close();
  }

  added(deviceId: string): void {
    // The first canary comes at a random point of the first interval (soon, when held).
    if (this.scheduled(deviceId)) this.schedule(deviceId, this.random() * this.intervalFor(deviceId));
  }

  removed(deviceId: string): void {
    this.unschedule(deviceId);
  }

  /** A user stream opened through the exit: one in `share` is followed by a canary through it. */
  streamOpened(deviceId: string): void {
    if (!this.timer || this.opts.share <= 0 || this.random() >= this.opts.share) return;
    this.check(deviceId).catch((err: unknown) =>
      this.opts.log.warn({ err, deviceId }, 'proxy canary failed'),
    );
  }

  /**
   * One canary through the exit now, judged and recorded; null when none was sent (not an exit
   * here, no consent, its owner's controls refuse, one already in flight, too many in flight).
   */
  async check(deviceId: string): Promise<CanaryOutcome | null> {
    const url = this.url;
    const exit = this.opts.exits.get(deviceId);
    if (!url || !exit || this.inFlight.has(deviceId) || this.inFlight.size >= MAX_IN_FLIGHT) return null;
    const host = normaliseHost(url.hostname);
    const port = Number(url.port || 80);
    // A device that would refuse for its owner's sake is not asked (quarantine does not stop a
    // canary: a held or quarantined exit needs them to be judged again).
    if (
      !exit.consent ||
      exit.device.draining ||
      !exit.profile.ports.includes(port) ||
      !ownerAllows(exit.device, { host }, this.now())
    )
      return null;
    this.inFlight.add(deviceId);
    this.unschedule(deviceId);
    try {
      const { outcome, detail } = await this.run(exit.link, url, host, port);
      this.totals[outcome]++;
      await this.judge(deviceId, outcome, detail);
      return outcome;
    } finally {
      this.inFlight.delete(deviceId);
      if (this.opts.exits.get(deviceId) && this.scheduled(deviceId))
        this.schedule(deviceId, this.intervalFor(deviceId));
    }
  }

  private async judge(deviceId: string, outcome: CanaryOutcome, detail: string): Promise<void> {
    const { exits, log } = this.opts;
    if (outcome === 'tampered') {
      exits.hold(deviceId, true);
      this.streak.set(deviceId, 0);
      log.warn({ deviceId, detail }, 'proxy canary altered through the exit: held from user streams');
      await this.opts.reputation
        .record(deviceId, 'canary_fail', `proxy canary altered: ${detail}`)
        .catch((err) => log.warn({ err, deviceId }, 'proxy canary failure not recorded'));
      return;
    }
    if (outcome !== 'pass') {
      log.debug({ deviceId, outcome, detail }, 'proxy canary not carried');
      return;
    }
    if (!exits.isHeld(deviceId)) return;
    const streak = (this.streak.get(deviceId) ?? 0) + 1;
    this.streak.set(deviceId, streak);
    if (streak >= this.opts.releaseAfter) {
      exits.hold(deviceId, false);
      this.streak.delete(deviceId);
      log.info({ deviceId, streak }, 'proxy canaries passed in a row: the exit carries user streams again');
    }
  }

  /** Opens the stream, sends the request, reads the answer to its end, and compares. */
  private async run(
    link: ExitLink,
    url: URL,
    host: string,
    port: number,
  ): Promise<{ outcome: CanaryOutcome; detail: string }> {
    const timeoutMs = this.opts.timeoutMs ?? 20_000;
    const started = this.now();
    let stream: LinkStream;
    try {
      // A key id of no key: the device shows canaries in its owner's URL log as any stream.
      stream = await link.openStream(host, port, randomUUID());
    } catch (err) {
      const reason = err instanceof StreamResetError ? err.reason : 'gone';
      const message = err instanceof Error ? err.message : String(err);
      return { outcome: REFUSALS.has(reason) ? 'refused' : 'unreachable', detail: `${reason}: ${message}` };
    }
    const nonce = newNonce();
    const request = canaryRequest(url, nonce);
    const expected = canaryResponse(this.opts.secret, nonce, request);
    const received = await readAnswer(stream, request, expected.byteLength + MAX_EXTRA_BYTES, {
      timeoutMs: Math.max(1, timeoutMs - (this.now() - started)),
    });
    this.bytes += stream.bytesIn + stream.bytesOut;
    if (received.bytes.equals(expected)) return { outcome: 'pass', detail: '' };
    const prefix = received.bytes.equals(expected.subarray(0, received.bytes.byteLength));
    if (prefix) {
      return {
        outcome: 'incomplete',
        detail: `${received.bytes.byteLength} of ${expected.byteLength} bytes (${received.why})`,
      };
    }
    const direction = alteredDirection(this.opts.secret, nonce, request, received.bytes);
    const at = firstDifference(received.bytes, expected);
    return {
      outcome: 'tampered',
      detail: `${direction === 'both' ? 'request and response' : direction} altered (answer ${received.bytes.byteLength} bytes, ${expected.byteLength} expected, first difference at byte ${at})`,
    };
  }

  /** Whether the exit gets canaries on a schedule: all with an interval, held ones always. */
  private scheduled(deviceId: string): boolean {
    return this.opts.intervalMs > 0 || this.opts.exits.isHeld(deviceId);
  }

  /**
   * The exit's interval: held or quarantined exits ten times as often (a held exit carries no user
   * stream to draw one, so with no interval set it is checked every HELD_DEFAULT_MS).
   */
  private intervalFor(deviceId: string): number {
    const held = this.opts.exits.isHeld(deviceId) || this.opts.exits.get(deviceId)?.device.quarantined;
    if (!held) return this.opts.intervalMs;
    return this.opts.intervalMs > 0 ? Math.max(100, this.opts.intervalMs / 10) : HELD_DEFAULT_MS;
  }

  private schedule(deviceId: string, inMs: number): void {
    this.due.schedule(deviceId, inMs);
  }

  private unschedule(deviceId: string): void {
    this.due.unschedule(deviceId);
  }

  private tick(): void {
    for (const deviceId of this.due.takeDue()) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) {
        this.schedule(deviceId, TICK_MS); // the next tick
        continue;
      }
      void this.check(deviceId).then(
        (outcome) => {
          // Not sent (no consent, paused...): asked again at the next interval.
          if (outcome === null && !this.due.has(deviceId) && this.opts.exits.get(deviceId))
            this.schedule(deviceId, this.intervalFor(deviceId));
        },
        (err: unknown) => this.opts.log.warn({ err, deviceId }, 'proxy canary failed'),
      );
    }
  }
}

/**
 * Writes the request on the stream and reads what comes back until the stream ends (the endpoint
 * closes after its answer), breaks, passes `maxBytes` or runs out of time.
 */
function readAnswer(
  stream: LinkStream,
  request: Buffer,
  maxBytes: number,
  o: { timeoutMs: number },
): Promise<{ bytes: Buffer; why: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ bytes: Buffer.concat(chunks, size), why });
      // Cut unless it ended both ways (the endpoint closed, and so did we).
      if (why !== 'ended' && !stream.destroyed) stream.abort('reset', 'canary over');
    };
    const timer = setTimeout(() => done('out of time'), o.timeoutMs);
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > maxBytes) done('answer too long');
    });
    stream.once('end', () => {
      // Our side ends too, as a client of `Connection: close` does.
      if (!settled) stream.end();
      done('ended');
    });
    stream.once('error', (err) => done(err instanceof StreamResetError ? `reset: ${err.reason}` : 'error'));
    stream.once('close', () => done('closed'));
    stream.write(request);
  });
}

function firstDifference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.byteLength, b.byteLength);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}
