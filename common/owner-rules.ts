// Rules of a device owner's controls that both ends evaluate the same way: the agent when a job
// arrives, the coordinator's scheduler before it sends one. Pure; imports nothing of the project.

/** A local time window, minutes since local midnight; end < start wraps past midnight. */
export interface HourWindow {
  startMinute: number;
  endMinute: number;
}

/** True when `minute` (since local midnight) falls in one of the windows, or there are none. */
export function withinHours(windows: readonly HourWindow[], minute: number): boolean {
  if (windows.length === 0) return true;
  return windows.some((w) =>
    w.startMinute < w.endMinute
      ? minute >= w.startMinute && minute < w.endMinute
      : minute >= w.startMinute || minute < w.endMinute,
  );
}

/** A normalised domain: lower case, no trailing dot, no leading `*.` or `.`. */
export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\*?\./, '');
}

/** `example.com` matches example.com and any name under it, never `badexample.com`. */
export function domainMatches(host: string, suffixes: readonly string[]): boolean {
  const h = normaliseDomain(host.startsWith('[') ? host.slice(1, -1) : host);
  return suffixes.some((s) => h === s || h.endsWith(`.${s}`));
}

/** Why the owner's domain lists refuse `host`, or null when it may be fetched. Deny wins over allow. */
export function domainRefusal(
  host: string,
  lists: { allowDomains: readonly string[]; denyDomains: readonly string[] },
): string | null {
  // Most owners list no domains: the picker asks this of every candidate, so skip the host's
  // normalisation (three string passes) when there is nothing to match it against.
  if (lists.denyDomains.length === 0 && lists.allowDomains.length === 0) return null;
  if (domainMatches(host, lists.denyDomains)) return `${host} is on the device owner's deny list`;
  if (lists.allowDomains.length > 0 && !domainMatches(host, lists.allowDomains))
    return `${host} is not on the device owner's allow list`;
  return null;
}
