// How two answers to the same request are compared, and how a disagreement between two devices is
// settled before anyone is penalised: a third device's answer to the same request decides, as in
// volunteer-computing quorums (2 out of 3). Only a device outvoted 2 to 1 loses; every other outcome
// (no third answer, the third agreeing with both or with neither, the third run landing on one of
// the two) settles nothing and strikes no one: canaries then judge each party (docs/security.md).
import { similarity } from './fingerprint.js';

/** Texts at least this similar count as the same page (a date or a counter may differ). */
export const SAME_TEXT = 0.85;

/** What one device answered to a request, as cross-verification compares it. */
export interface Answer {
  deviceId: string;
  statusCode: number;
  finalUrl: string;
  /** simhash of the body's visible text (fingerprint.ts). */
  fingerprint: bigint;
}

/** What differs between two answers to the same request; empty when they agree. */
export function differences(a: Omit<Answer, 'deviceId'>, b: Omit<Answer, 'deviceId'>): string[] {
  const out: string[] = [];
  if (a.statusCode !== b.statusCode) out.push(`status ${a.statusCode} vs ${b.statusCode}`);
  if (a.finalUrl !== b.finalUrl) out.push(`final URL ${a.finalUrl} vs ${b.finalUrl}`);
  const sim = similarity(a.fingerprint, b.fingerprint);
  if (sim < SAME_TEXT) out.push(`text similarity ${sim.toFixed(2)}`);
  return out;
}

/** Why a disagreement stayed unsettled. */
export type UnsettledWhy =
  | 'no_third_device'
  | 'third_failed'
  | 'third_was_a_party'
  | 'third_agrees_with_both'
  | 'third_agrees_with_neither';

export type Verdict =
  | { settled: true; winner: string; loser: string; referee: string }
  | { settled: false; why: UnsettledWhy };

/** The same, in words, for dispute records and logs. */
export const UNSETTLED_WHY: Readonly<Record<UnsettledWhy, string>> = {
  no_third_device: 'no third device to ask',
  third_failed: 'the third run brought no answer',
  third_was_a_party: 'the third run ran on one of the two devices',
  third_agrees_with_both: 'the third answer agrees with both',
  third_agrees_with_neither: 'the third answer agrees with neither (the page may differ per request)',
};

/**
 * Settles a disagreement between `a` and `b` with `third`, a third device's answer (null when
 * there is none). The side the third answer agrees with wins; the other loses.
 */
export function settle(a: Answer, b: Answer, third: Answer | null): Verdict {
  return settleBy(a, b, third, (x, y) => differences(x, y).length === 0);
}

/**
 * The same rule for any kind of answer (a measurement's, trust/measure/), `agree` saying whether
 * two answers count as the same.
 */
export function settleBy<T extends { deviceId: string }>(
  a: T,
  b: T,
  third: T | null,
  agree: (x: T, y: T) => boolean,
): Verdict {
  if (!third) return { settled: false, why: 'third_failed' };
  if (third.deviceId === a.deviceId || third.deviceId === b.deviceId) {
    return { settled: false, why: 'third_was_a_party' };
  }
  const withA = agree(a, third);
  const withB = agree(b, third);
  if (withA && withB) return { settled: false, why: 'third_agrees_with_both' };
  if (!withA && !withB) return { settled: false, why: 'third_agrees_with_neither' };
  return withA
    ? { settled: true, winner: a.deviceId, loser: b.deviceId, referee: third.deviceId }
    : { settled: true, winner: b.deviceId, loser: a.deviceId, referee: third.deviceId };
}
