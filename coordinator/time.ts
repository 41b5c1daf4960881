// Timestamps in the contract's shape.

/** ISO 8601 UTC with nanosecond digits, e.g. 2026-11-21T23:53:23.123456789Z. */
export function isoNanos(epochMs: number = performance.timeOrigin + performance.now()): string {
  const wholeMs = Math.floor(epochMs);
  const subMsNanos = Math.floor((epochMs - wholeMs) * 1e6);
  const base = new Date(wholeMs).toISOString(); // ...ss.mmmZ
  return `${base.slice(0, -1)}${String(subMsNanos).padStart(6, '0')}Z`;
}
