// The devices that can take a job right now (connected, not draining, a free slot), grouped by
// method and, within a method, by region and by country. A pick walks only the narrowest group a
// job's placement allows instead of the whole fleet, and skips busy devices without looking at them.
// Entries carry the device's location keys in the form matching.ts compares them (lower case), and
// a slot for what the picker wants at hand per device, so the walk does no lookups or allocations.
import type { DeviceProfile, JobNeeds } from './matching.js';

interface Indexed {
  profile: DeviceProfile;
}

export interface IndexEntry<D, A> {
  dev: D;
  region: string;
  country: string;
  city: string;
  aux: A;
}

interface Bucket<E> {
  all: Set<E>;
  byRegion: Map<string, Set<E>>;
  byCountry: Map<string, Set<E>>;
}

const EMPTY: ReadonlySet<never> = new Set();

/** Keys compare like matching.ts compares values: case-insensitively. */
export const locationKey = (v: string): string => v.toLowerCase();

function addTo<E>(map: Map<string, Set<E>>, k: string, e: E): void {
  let set = map.get(k);
  if (!set) {
    set = new Set();
    map.set(k, set);
  }
  set.add(e);
}

function deleteFrom<E>(map: Map<string, Set<E>>, k: string, e: E): void {
  const set = map.get(k);
  if (!set) return;
  set.delete(e);
  if (set.size === 0) map.delete(k);
}

export class DeviceIndex<D extends Indexed, A> {
  private readonly byMethod = new Map<string, Bucket<IndexEntry<D, A>>>();
  private readonly entries = new Map<D, IndexEntry<D, A>>();

  /** `aux` is computed once per device when it enters the index. */
  constructor(private readonly aux: (dev: D) => A) {}

  /** Devices indexed as available. */
  get size(): number {
    return this.entries.size;
  }

  /** The device's entry while it is available. */
  entry(dev: D): IndexEntry<D, A> | undefined {
    return this.entries.get(dev);
  }

  /** Puts the device in (available) or takes it out; a no-op when nothing changes. */
  set(dev: D, available: boolean): void {
    if (available === this.entries.has(dev)) return;
    if (available) this.add(dev);
    else this.delete(dev);
  }

  delete(dev: D): void {
    const e = this.entries.get(dev);
    if (!e) return;
    this.entries.delete(dev);
    for (const method of dev.profile.methods) {
      const b = this.byMethod.get(method);
      if (!b) continue;
      b.all.delete(e);
      deleteFrom(b.byRegion, e.region, e);
      deleteFrom(b.byCountry, e.country, e);
      if (b.all.size === 0) this.byMethod.delete(method);
    }
  }

  /**
   * Available devices that offer the job's method and, when the placement names a region or a
   * country, are in the smaller of those groups. The other constraints are the caller's to check.
   */
  candidates(needs: JobNeeds): ReadonlySet<IndexEntry<D, A>> {
    const b = this.byMethod.get(needs.method);
    if (!b) return EMPTY;
    const p = needs.placement;
    let narrow: ReadonlySet<IndexEntry<D, A>> = b.all;
    if (p.country) {
      const s = b.byCountry.get(locationKey(p.country)) ?? EMPTY;
      if (s.size < narrow.size) narrow = s;
    }
    if (p.region) {
      const s = b.byRegion.get(locationKey(p.region)) ?? EMPTY;
      if (s.size < narrow.size) narrow = s;
    }
    return narrow;
  }

  private add(dev: D): void {
    const p = dev.profile;
    const e: IndexEntry<D, A> = {
      dev,
      region: locationKey(p.region),
      country: locationKey(p.country),
      city: locationKey(p.city),
      aux: this.aux(dev),
    };
    this.entries.set(dev, e);
    for (const method of p.methods) {
      let b = this.byMethod.get(method);
      if (!b) {
        b = { all: new Set(), byRegion: new Map(), byCountry: new Map() };
        this.byMethod.set(method, b);
      }
      b.all.add(e);
      addTo(b.byRegion, e.region, e);
      addTo(b.byCountry, e.country, e);
    }
  }
}
