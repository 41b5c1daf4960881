// Cron expressions (croner): checked once when a schedule is made, then asked for the next firing.
// Five fields (minute precision) or six (a leading seconds field), plus croner's @hourly/@daily… .
import { Cron } from 'croner';
import { invalid } from '../errors.js';

/** Longest expression accepted; anything longer is not a cron line a person wrote. */
export const MAX_CRON_CHARS = 200;
/** Firings looked at when checking the minimum interval at creation. */
const CHECKED_FIRINGS = 50;

/** A parsed expression in its time zone; never runs anything itself (paused croner job). */
export function cronOf(expression: string, timezone: string): Cron {
  return new Cron(expression, { timezone, paused: true, mode: '5-or-6-parts' });
}

/** True for an IANA zone name this runtime knows (UTC, Europe/Paris, …). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks the expression, its zone and that it never fires more often than `minIntervalMs` over its
 * next firings; returns the first firing after `nowMs`. Every failure is the contract's 400.
 */
export function checkCron(
  expression: string,
  timezone: string,
  minIntervalMs: number,
  nowMs: number,
): number {
  if (expression.length === 0 || expression.length > MAX_CRON_CHARS) {
    throw invalid(`cron must be a cron expression of 1 to ${MAX_CRON_CHARS} characters`);
  }
  if (!isTimeZone(timezone)) throw invalid(`timezone: ${JSON.stringify(timezone)} is not an IANA time zone`);
  const fields = expression.trim().split(/\s+/).length;
  if (!expression.trim().startsWith('@') && fields !== 5 && fields !== 6) {
    throw invalid('cron must have 5 fields (minute hour day month weekday) or 6 (seconds first)');
  }
  let cron: Cron;
  try {
    cron = cronOf(expression, timezone);
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^CronPattern: /, '') : String(err);
    throw invalid(`cron: ${why}`);
  }
  const runs = cron.nextRuns(CHECKED_FIRINGS, new Date(nowMs)).map((d) => d.getTime());
  const first = runs[0];
  if (first === undefined) throw invalid('cron: the expression never fires');
  for (let i = 1; i < runs.length; i++) {
    const gap = (runs[i] as number) - (runs[i - 1] as number);
    if (gap < minIntervalMs) {
      throw invalid(
        `cron fires more often than the minimum interval of ${minIntervalMs / 1000} s (${gap / 1000} s between two firings)`,
      );
    }
  }
  return first;
}

/**
 * The firing after one at `firedMs`, never sooner than `minIntervalMs` after it nor in the past:
 * after downtime the next firing is the next one from now (missed firings are not replayed).
 */
export function nextFiring(
  expression: string,
  timezone: string,
  firedMs: number,
  minIntervalMs: number,
  nowMs: number,
): number | null {
  const from = Math.max(firedMs + minIntervalMs - 1, nowMs);
  return cronOf(expression, timezone).nextRun(new Date(from))?.getTime() ?? null;
}
