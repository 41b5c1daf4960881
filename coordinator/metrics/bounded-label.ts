// Label values from peers or clients (error types, regions) kept to a fixed number of distinct
// values, so a misbehaving agent cannot grow the series count without end.

/** Distinct values one label may take before the rest are reported as `other`. */
export const MAX_LABEL_VALUES = 64;

export class BoundedLabel {
  private readonly seen = new Set<string>();

  constructor(private readonly max: number = MAX_LABEL_VALUES) {}

  of(value: string | null | undefined, empty = 'none'): string {
    const v = (value ?? '').trim().slice(0, 64) || empty;
    if (this.seen.has(v)) return v;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(v);
    return v;
  }
}
