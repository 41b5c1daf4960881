// Which devices and countries each sweep region has used, so the tries of a region land on distinct
// devices (and distinct countries where the region has enough). In memory, per coordinator: after a
// restart, or with several coordinators on one database, the spread is best effort.

/** A group nobody touched for this long is forgotten (every sweep job has timed out by then). */
const GROUP_IDLE_MS = 3_600_000;

/**
 * How much a device would repeat in its group: 0 = new device in a new country, 1 = new device in
 * a country the group already has (or an unknown country), 2 = a device the group already used.
 */
export type SpreadTier = 0 | 1 | 2;

interface Group {
  devices: Set<string>;
  countries: Set<string>;
  touchedMs: number;
}

export class SweepSpread {
  /** Ordered by last use, oldest first, so pruning stops at the first live group. */
  private readonly groups = new Map<string, Group>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The group of a sweep job: its sweep and region. */
  static groupOf(sweepId: string | null, region: string | undefined): string | undefined {
    return sweepId ? `${sweepId}/${region ?? ''}` : undefined;
  }

  tier(group: string | undefined, deviceId: string, country: string): SpreadTier {
    if (group === undefined) return 0;
    const g = this.groups.get(group);
    if (!g) return country ? 0 : 1;
    if (g.devices.has(deviceId)) return 2;
    return country && !g.countries.has(country.toLowerCase()) ? 0 : 1;
  }

  use(group: string | undefined, deviceId: string, country: string): void {
    if (group === undefined) return;
    const now = this.now();
    let g = this.groups.get(group);
    if (g) this.groups.delete(group);
    else g = { devices: new Set(), countries: new Set(), touchedMs: now };
    g.devices.add(deviceId);
    if (country) g.countries.add(country.toLowerCase());
    g.touchedMs = now;
    this.groups.set(group, g);
    for (const [k, old] of this.groups) {
      if (now - old.touchedMs < GROUP_IDLE_MS) break;
      this.groups.delete(k);
    }
  }

  get size(): number {
    return this.groups.size;
  }
}
