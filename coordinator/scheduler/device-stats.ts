// Recent behaviour of each device, per job method: success rate and latency as exponentially
// weighted moving averages. Fed by results (ResultIngest) and lost attempts (the job owner,
// through device-slots.ts); read by the device score. Kept across reconnects: a device that drops
// its link keeps its history.

/** Weight of the newest sample: about the last ten jobs carry most of the average. */
const ALPHA = 0.2;
/** The fleet's reference latency moves slowly: one device's burst must not redefine "slow". */
const FLEET_ALPHA = 0.02;

export interface MethodStats {
  /** 0..1; a device without results starts at 1 so that new devices get work. */
  successRate: number;
  /** EWMA of the time a successful job took on the device (ms); null until one succeeded. */
  latencyMs: number | null;
  samples: number;
}

const fresh = (): MethodStats => ({ successRate: 1, latencyMs: null, samples: 0 });

const ewma = (old: number, sample: number, alpha = ALPHA): number => old + alpha * (sample - old);

export class DeviceStats {
  private readonly byDevice = new Map<string, Map<string, MethodStats>>();
  private readonly overall = new Map<string, MethodStats>();
  private readonly fleet = new Map<string, number>();

  /** `started` is told when a device gets its stats (its first outcome): the map, live from then on. */
  constructor(
    private readonly started?: (
      deviceId: string,
      methods: ReadonlyMap<string, Readonly<MethodStats>>,
    ) => void,
  ) {}

  /**
   * One outcome of `method` on the device. `latencyMs` is only given for successes: a failure's
   * duration (often a timeout) already counts through the success rate.
   */
  record(deviceId: string, method: string, ok: boolean, latencyMs: number | null): void {
    const methods = this.table(deviceId);
    let m = methods.get(method);
    if (!m) {
      m = fresh();
      methods.set(method, m);
    }
    let all = this.overall.get(deviceId);
    if (!all) {
      all = fresh();
      this.overall.set(deviceId, all);
    }
    for (const s of [m, all]) {
      s.successRate = ewma(s.successRate, ok ? 1 : 0);
      s.samples++;
      if (ok && latencyMs !== null && Number.isFinite(latencyMs) && latencyMs >= 0) {
        s.latencyMs = s.latencyMs === null ? latencyMs : ewma(s.latencyMs, latencyMs);
      }
    }
    if (ok && latencyMs !== null && Number.isFinite(latencyMs) && latencyMs >= 0) {
      const f = this.fleet.get(method);
      this.fleet.set(method, f === undefined ? latencyMs : ewma(f, latencyMs, FLEET_ALPHA));
    }
  }

  /**
   * The device's per-method stats, live: the same map for the device's lifetime, so a holder (the
   * device index) sees later results without looking the device up again.
   */
  methodsOf(deviceId: string): ReadonlyMap<string, Readonly<MethodStats>> {
    return this.table(deviceId);
  }

  /** The device's per-method stats when it has any (no map is made for a device without). */
  knownMethodsOf(deviceId: string): ReadonlyMap<string, Readonly<MethodStats>> | undefined {
    return this.byDevice.get(deviceId);
  }

  private table(deviceId: string): Map<string, MethodStats> {
    let methods = this.byDevice.get(deviceId);
    if (!methods) {
      methods = new Map();
      this.byDevice.set(deviceId, methods);
      this.started?.(deviceId, methods);
    }
    return methods;
  }

  /** The device's stats for a method; the shared neutral value when it has none (do not mutate). */
  of(deviceId: string, method: string): Readonly<MethodStats> {
    return this.byDevice.get(deviceId)?.get(method) ?? NEUTRAL;
  }

  /** Across all methods, for operators. */
  overallOf(deviceId: string): Readonly<MethodStats> {
    return this.overall.get(deviceId) ?? NEUTRAL;
  }

  /** The fleet-wide latency EWMA of a method: what "slow" is measured against. */
  fleetLatencyMs(method: string): number | null {
    return this.fleet.get(method) ?? null;
  }
}

/** What a device without results for a method scores with. */
export const NEUTRAL: Readonly<MethodStats> = Object.freeze(fresh());
