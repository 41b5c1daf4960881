// Which devices, countries and networks each sweep region has used, so the tries of a region land
// on distinct devices, and where the region has enough of them, in distinct countries and on
// distinct networks (autonomous systems). In memory, per coordinator: after a restart, or with
// several coordinators on one database, the spread is best effort.

/** A group nobody touched for this long is forgotten (every sweep job has timed out by then). */
const GROUP_IDLE_MS = 3_600_000;

/**
 * How much a device would repeat in its group, lower first:
 * 0 = new device, new country, new network;
 * 1 = new device in a new country, on a network the group already has (or an unknown one);
 * 2 = new device on a new network, in a country the group already has (or an unknown one);
 * 3 = new device, country and network both seen (or unknown);
 * 4 = a device the group already used.
 * A new country ranks before a new network: a sweep's regions are about geography first.
 */
export type SpreadTier = 0 | 1 | 2 | 3 | 4;

interface Group {
  devices: Set<string>;
  countries: Set<string>;
  networks: Set<number>;
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

  /** `asn` null or absent: the device's network is unknown, so it cannot count as a new one. */
  tier(group: string | undefined, deviceId: string, country: string, asn?: number | null): SpreadTier {
    if (group === undefined) return 0;
    const g = this.groups.get(group);
    if (g?.devices.has(deviceId)) return 4;
    const newCountry = country !== '' && !g?.countries.has(country.toLowerCase());
    const newNetwork = asn !== null && asn !== undefined && !g?.networks.has(asn);
    if (newCountry) return newNetwork ? 0 : 1;
    return newNetwork ? 2 : 3;
  }

  /** Whether the group already used the device. */
  used(group: string | undefined, deviceId: string): boolean {
    return group !== undefined && this.groups.get(group)?.devices.has(deviceId) === true;
  }

  use(group: string | undefined, deviceId: string, country: string, asn?: number | null): void {
    if (group === undefined) return;
    const now = this.now();
    let g = this.groups.get(group);
    if (g) this.groups.delete(group);
    else g = { devices: new Set(), countries: new Set(), networks: new Set(), touchedMs: now };
    g.devices.add(deviceId);
    if (country) g.countries.add(country.toLowerCase());
    if (asn !== null && asn !== undefined) g.networks.add(asn);
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
