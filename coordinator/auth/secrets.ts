// API keys and device tokens: random, shown once, stored only as SHA-256 hashes.
// A fast hash is sound here because the secrets are 256-bit random values, not passwords.
import { hash, randomBytes } from 'node:crypto';

export function newSecret(prefix: 'ck' | 'dt'): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256, hex. The one-shot `crypto.hash` (Node ≥ 20.12) is ~5× cheaper than a Hash object. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearer(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return m ? (m[1] ?? null) : null;
}
