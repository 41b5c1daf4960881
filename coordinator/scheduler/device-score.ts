// How good a matching device is for a job, and why the best one won. Pure: no I/O.
//
// Lower cost wins: load (running / max, 0..1) + FAILURE_WEIGHT × recent failure rate
// + SLOWNESS_WEIGHT × slowness (how much slower than the fleet the device has recently been for this
// method, 0..1). Sweep jobs first prefer devices (and countries) their region has not used yet.
// Exact ties go to the device given fewer jobs so far, then to the lower device id, so the choice
// never depends on the order devices are walked in.
import type { MethodStats } from './device-stats.js';
import { constraintsOf, type JobNeeds } from './matching.js';
import type { SpreadTier } from './sweep-spread.js';

/** A device failing every job costs as much as a full one. */
export const FAILURE_WEIGHT = 1;
/** A device twice as slow as the fleet costs as much as being half loaded. */
export const SLOWNESS_WEIGHT = 0.5;
const EPSILON = 1e-9;

export interface Scored<D> {
  device: D;
  deviceId: string;
  tier: SpreadTier;
  running: number;
  maxConcurrent: number;
  successRate: number;
  latencyMs: number | null;
  /** Weighted cost, lower is better. */
  cost: number;
  load: number;
  failure: number;
  slowness: number;
  assignedTotal: number;
}

/** 0 when at or below the fleet's latency, 1 when twice it or more. */
export function slownessOf(latencyMs: number | null, fleetMs: number | null): number {
  if (latencyMs === null || fleetMs === null || fleetMs <= 0) return 0;
  return Math.min(1, Math.max(0, latencyMs / fleetMs - 1));
}

export function score<D>(
  device: D,
  deviceId: string,
  running: number,
  maxConcurrent: number,
  assignedTotal: number,
  stats: Readonly<MethodStats>,
  fleetLatencyMs: number | null,
  tier: SpreadTier,
): Scored<D> {
  const load = running / maxConcurrent;
  const failure = FAILURE_WEIGHT * (1 - stats.successRate);
  const slowness = SLOWNESS_WEIGHT * slownessOf(stats.latencyMs, fleetLatencyMs);
  return {
    device,
    deviceId,
    tier,
    running,
    maxConcurrent,
    successRate: stats.successRate,
    latencyMs: stats.latencyMs,
    cost: load + failure + slowness,
    load,
    failure,
    slowness,
    assignedTotal,
  };
}

/** The weighted cost of score(), without building the record (a pick computes it per device). */
export function costOf(
  running: number,
  maxConcurrent: number,
  stats: Readonly<MethodStats>,
  fleetLatencyMs: number | null,
): number {
  return (
    running / maxConcurrent +
    FAILURE_WEIGHT * (1 - stats.successRate) +
    SLOWNESS_WEIGHT * slownessOf(stats.latencyMs, fleetLatencyMs)
  );
}

/** True when a device with these keys should be chosen over `b`. */
export function ranksBefore<D>(
  tier: SpreadTier,
  cost: number,
  assignedTotal: number,
  deviceId: string,
  b: Scored<D>,
): boolean {
  if (tier !== b.tier) return tier < b.tier;
  if (Math.abs(cost - b.cost) > EPSILON) return cost < b.cost;
  if (assignedTotal !== b.assignedTotal) return assignedTotal < b.assignedTotal;
  return deviceId < b.deviceId;
}

/** True when `a` should be chosen over `b`. */
export function better<D>(a: Scored<D>, b: Scored<D>): boolean {
  return ranksBefore(a.tier, a.cost, a.assignedTotal, a.deviceId, b);
}

/** What a spread tier (sweep-spread.ts) says is new for the sweep region. */
const SPREAD_WORDS: Record<SpreadTier, string> = {
  0: 'on this device, in its country and on its network',
  1: 'on this device and in its country',
  2: 'on this device and on its network',
  3: 'on this device',
  4: 'on this device',
};

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const ms = (x: number | null): string => (x === null ? 'no data' : `${Math.round(x)} ms`);

/** What set the winner apart from the runner-up. */
export function decidingFactor<D>(best: Scored<D>, second: Scored<D> | null): string {
  if (!second) return 'only available matching device';
  if (best.tier < second.tier) return `first try of this sweep region ${SPREAD_WORDS[best.tier]}`;
  if (second.cost - best.cost > EPSILON) {
    const gains: Array<[number, string]> = [
      [
        second.load - best.load,
        `least loaded (${best.running}/${best.maxConcurrent} running vs ${second.running}/${second.maxConcurrent})`,
      ],
      [
        second.failure - best.failure,
        `higher recent success rate (${pct(best.successRate)} vs ${pct(second.successRate)})`,
      ],
      [
        second.slowness - best.slowness,
        `lower recent latency (${ms(best.latencyMs)} vs ${ms(second.latencyMs)})`,
      ],
    ];
    gains.sort((x, y) => y[0] - x[0]);
    return (gains[0] as [number, string])[1];
  }
  if (best.assignedTotal !== second.assignedTotal) {
    return `tie on load, success rate and latency: fewer jobs given so far (${best.assignedTotal} vs ${second.assignedTotal})`;
  }
  return 'full tie: lowest device id';
}

/** metadata.placement_reason: the constraints matched and the deciding factor. */
export function placementReason<D>(
  needs: JobNeeds,
  best: Scored<D>,
  second: Scored<D> | null,
  matching: number,
): string {
  const constraints = constraintsOf(needs);
  const matched = constraints.length > 0 ? `matched ${constraints.join(', ')}` : 'no constraints';
  const among = matching > 1 ? ` among ${matching} available matching devices` : '';
  return `${matched}; deciding factor: ${decidingFactor(best, second)}${among}`;
}
