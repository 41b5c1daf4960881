// The devices that can take a job right now (connected, not draining, a free slot), grouped so that
// the group a job looks at holds exactly the available devices matching its method and placement.
//
// A placement uses some of six filters (region, country, city, device type, network type, ASN): its
// "shape". Groups exist per method and per shape jobs have actually used, keyed by the values of
// that shape's filters; a shape is built the first time a job uses it (one walk of the connected
// devices, at most 64 shapes ever) and kept up to date after that. Each group is an array with
// swap-remove, so a device enters or leaves it in O(1) and a uniformly random member is one index
// away: a pick costs the same at 100 or 100,000 devices, and a rare placement (10 matching devices
// among 100,000) is found without a fleet walk.
import type { DeviceProfile, JobNeeds } from './matching.js';

interface Indexed {
  profile: DeviceProfile;
}

export interface IndexEntry<D, A> {
  dev: D;
  /** Location keys in the form matching.ts compares them (lower case). */
  region: string;
  country: string;
  city: string;
  aux: A;
  available: boolean;
  /** The groups the device belongs to (while connected), and its index in each (-1: not available). */
  groups: Array<Group<D, A>>;
  slots: number[];
}

/** Available devices sharing a method and the values of one shape's filters. */
export interface Group<D, A> {
  readonly key: string;
  /** The available members, in no particular order. */
  readonly items: Array<IndexEntry<D, A>>;
  /** For items[i], the index of this group in items[i].groups. */
  readonly which: number[];
  /** Connected members, available or not: the group is dropped when none is left. */
  members: number;
}

const REGION = 1;
const COUNTRY = 2;
const CITY = 4;
const DEVICE_TYPE = 8;
const NETWORK_TYPE = 16;
const ASN = 32;
const SEP = '\u0000';

const EMPTY: ReadonlyArray<never> = [];

/** Keys compare like matching.ts compares values: case-insensitively. */
export const locationKey = (v: string): string => v.toLowerCase();

/** Which filters a placement uses (device_id is a pin, looked up directly). */
export function shapeOf(needs: JobNeeds): number {
  const p = needs.placement;
  return (
    (p.region ? REGION : 0) |
    (p.country ? COUNTRY : 0) |
    (p.city ? CITY : 0) |
    (p.device_type ? DEVICE_TYPE : 0) |
    (p.network_type ? NETWORK_TYPE : 0) |
    (p.asn !== undefined ? ASN : 0)
  );
}

function groupKey(
  method: string,
  shape: number,
  region: string,
  country: string,
  city: string,
  deviceType: string,
  networkType: string,
  asn: string,
): string {
  let k = `${method}${SEP}${shape}`;
  if (shape & REGION) k += SEP + region;
  if (shape & COUNTRY) k += SEP + country;
  if (shape & CITY) k += SEP + city;
  if (shape & DEVICE_TYPE) k += SEP + deviceType;
  if (shape & NETWORK_TYPE) k += SEP + networkType;
  if (shape & ASN) k += SEP + asn;
  return k;
}

export class DeviceIndex<D extends Indexed, A> {
  private readonly entries = new Map<D, IndexEntry<D, A>>();
  private readonly groups = new Map<string, Group<D, A>>();
  /** Shapes jobs have used; shape 0 (method only) always. */
  private readonly shapes: number[] = [0];
  private available = 0;

  /** `aux` is computed once per device when it is first indexed. */
  constructor(private readonly aux: (dev: D) => A) {}

  /** Devices indexed as available. */
  get size(): number {
    return this.available;
  }

  /** Groups held (for tests and operators). */
  get groupCount(): number {
    return this.groups.size;
  }

  /** The device's entry while it is available. */
  entry(dev: D): IndexEntry<D, A> | undefined {
    const e = this.entries.get(dev);
    return e?.available ? e : undefined;
  }

  /** The device's entry, available or not (undefined when it is not indexed). */
  indexed(dev: D): IndexEntry<D, A> | undefined {
    return this.entries.get(dev);
  }

  /**
   * Puts the device in (available) or takes it out; a no-op when nothing changes. Returns the
   * device's entry, available or not (undefined when it is not indexed at all).
   */
  set(dev: D, available: boolean): IndexEntry<D, A> | undefined {
    let e = this.entries.get(dev);
    if (!e) {
      if (!available) return undefined;
      e = this.add(dev);
    }
    if (available === e.available) return e;
    e.available = available;
    if (available) {
      this.available++;
      for (let i = 0; i < e.groups.length; i++) this.push(e, i);
    } else {
      this.available--;
      for (let i = 0; i < e.groups.length; i++) this.pull(e, i);
    }
    return e;
  }

  /** The device is gone (disconnected or replaced). */
  delete(dev: D): void {
    const e = this.entries.get(dev);
    if (!e) return;
    this.set(dev, false);
    this.entries.delete(dev);
    for (const g of e.groups) {
      g.members--;
      if (g.members === 0) this.groups.delete(g.key);
    }
  }

  /**
   * The available devices that offer the job's method and match every filter of its placement
   * (pin and excluded devices are the caller's to check). Read-only: the array changes as devices
   * come and go.
   */
  candidates(needs: JobNeeds): ReadonlyArray<IndexEntry<D, A>> {
    const shape = shapeOf(needs);
    if (!this.shapes.includes(shape)) this.addShape(shape);
    const p = needs.placement;
    const key = groupKey(
      needs.method,
      shape,
      locationKey(p.region ?? ''),
      locationKey(p.country ?? ''),
      locationKey(p.city ?? ''),
      p.device_type ?? '',
      p.network_type ?? '',
      p.asn === undefined ? '' : String(p.asn),
    );
    return this.groups.get(key)?.items ?? EMPTY;
  }

  private add(dev: D): IndexEntry<D, A> {
    const p = dev.profile;
    const e: IndexEntry<D, A> = {
      dev,
      region: locationKey(p.region),
      country: locationKey(p.country),
      city: locationKey(p.city),
      aux: this.aux(dev),
      available: false,
      groups: [],
      slots: [],
    };
    this.entries.set(dev, e);
    for (const shape of this.shapes) this.join(e, shape);
    // Arrays grown by push keep room for 17 items; copies of the exact size halve what the two
    // cost on each of 100,000 mostly idle devices (a later shape grows them again).
    e.groups = e.groups.slice();
    e.slots = e.slots.slice();
    return e;
  }

  /** A shape seen for the first time: every connected device joins its group of that shape. */
  private addShape(shape: number): void {
    this.shapes.push(shape);
    for (const e of this.entries.values()) {
      const first = e.groups.length;
      this.join(e, shape);
      if (e.available) for (let i = first; i < e.groups.length; i++) this.push(e, i);
    }
  }

  private join(e: IndexEntry<D, A>, shape: number): void {
    const p = e.dev.profile;
    for (const method of p.methods) {
      // A device of unknown network ('') is in no group a job naming an ASN looks at.
      const asn = p.asn === null || p.asn === undefined ? '' : String(p.asn);
      const key = groupKey(method, shape, e.region, e.country, e.city, p.deviceType, p.networkType, asn);
      let g = this.groups.get(key);
      if (!g) {
        g = { key, items: [], which: [], members: 0 };
        this.groups.set(key, g);
      }
      g.members++;
      e.groups.push(g);
      e.slots.push(-1);
    }
  }

  private push(e: IndexEntry<D, A>, i: number): void {
    const g = e.groups[i] as Group<D, A>;
    e.slots[i] = g.items.length;
    g.items.push(e);
    g.which.push(i);
  }

  /** Swap-remove: the last member takes the leaving one's place. */
  private pull(e: IndexEntry<D, A>, i: number): void {
    const g = e.groups[i] as Group<D, A>;
    const at = e.slots[i] as number;
    const last = g.items.length - 1;
    if (at !== last) {
      const moved = g.items[last] as IndexEntry<D, A>;
      const movedWhich = g.which[last] as number;
      g.items[at] = moved;
      g.which[at] = movedWhich;
      moved.slots[movedWhich] = at;
    }
    g.items.pop();
    g.which.pop();
    e.slots[i] = -1;
  }
}
