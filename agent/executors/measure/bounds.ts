// The bounds a measurement result keeps on the device (MEASURE_RESULT_LIMITS): lists and strings
// are cut, never refused, and the result says it was cut (`truncated`).
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';

/** Collects whether anything was cut while a result is assembled. */
export class Truncation {
  cut = false;

  list<T>(items: readonly T[], max: number): T[] {
    if (items.length <= max) return [...items];
    this.cut = true;
    return items.slice(0, max);
  }

  text(value: string, maxChars: number = MEASURE_RESULT_LIMITS.maxFieldChars): string {
    if (value.length <= maxChars) return value;
    this.cut = true;
    return value.slice(0, maxChars);
  }
}

/** Collects a child process's output up to `maxBytes`; the rest is counted and dropped. */
export class BoundedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  overflowed = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    const room = this.maxBytes - this.kept;
    if (chunk.byteLength > room) this.overflowed = true;
    if (room <= 0) return;
    const part = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.kept += part.byteLength;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** A number rounded to microseconds, as the tools print at most. */
export function ms(value: number): number {
  return Math.round(value * 1000) / 1000;
}
