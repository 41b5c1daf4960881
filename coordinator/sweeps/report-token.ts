// The token that makes a sweep's report page shareable without an API key.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newReportToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison (for equal lengths; a length mismatch says nothing about the content). */
export function reportTokenMatches(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
