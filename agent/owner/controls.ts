// The owner's controls: what the person lending this device lets it do. Pure rules here (parsing,
// time windows, domain suffix matching); the counters and the persisted pause live in owner-state.ts.

import type { HourWindow } from '../../common/owner-rules.js';

export {
  domainMatches,
  domainRefusal,
  type HourWindow,
  normaliseDomain,
  withinHours,
} from '../../common/owner-rules.js';

export interface OwnerControlsConfig {
  /** Jobs started per rolling minute; 0 = no limit. Default 0. */
  maxJobsPerMinute: number;
  /** Response bytes fetched per local day; 0 = no limit. Default 0. */
  maxBytesPerDay: number;
  /** Local time windows in which jobs are taken; empty = any time. Default empty. */
  allowedHours: HourWindow[];
  /** Only these domains (suffix match) are fetched; empty = any not denied. Default empty. */
  allowDomains: string[];
  /** These domains (suffix match) are never fetched; wins over allowDomains. Default empty. */
  denyDomains: string[];
}

export const NO_OWNER_LIMITS: OwnerControlsConfig = Object.freeze({
  maxJobsPerMinute: 0,
  maxBytesPerDay: 0,
  allowedHours: [],
  allowDomains: [],
  denyDomains: [],
});

const TIME = /^([01]?\d|2[0-4]):([0-5]\d)$/;

/** `08:00-18:00,22:00-06:00` → windows; throws with a readable message on a bad item. */
export function parseHourWindows(text: string): HourWindow[] {
  const windows: HourWindow[] = [];
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [from = '', to = '', ...rest] = item.split('-').map((s) => s.trim());
    const a = TIME.exec(from);
    const b = TIME.exec(to);
    if (!a || !b || rest.length > 0)
      throw new Error(`expected HH:MM-HH:MM windows, got ${JSON.stringify(item)}`);
    const startMinute = Number(a[1]) * 60 + Number(a[2]);
    const endMinute = Number(b[1]) * 60 + Number(b[2]);
    if (startMinute > 1440 || endMinute > 1440 || startMinute === endMinute)
      throw new Error(`not a window: ${JSON.stringify(item)}`);
    windows.push({ startMinute, endMinute });
  }
  return windows;
}

/** Minutes since local midnight of `now` (the process's time zone, TZ). */
export function localMinute(now: Date): number {
  return now.getHours() * 60 + now.getMinutes();
}

/** The local calendar day of `now`, e.g. 2026-11-23: the byte budget resets when it changes. */
export function localDay(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
