// API keys and device tokens: random, shown once, stored only as SHA-256 hashes.
// A fast hash is sound here because the secrets are 256-bit random values, not passwords.
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(prefix: 'ck' | 'dt'): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearer(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return m ? (m[1] ?? null) : null;
}
