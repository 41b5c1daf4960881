// A canary's answer: the coordinator's canary target answers each nonce with a keyed hash of it.
// A device cannot produce it without fetching the target (it does not know the key), so an answer
// without it is fabricated or tampered with.
import { createHmac, randomBytes } from 'node:crypto';

export const CANARY_PATH = '/crawl/v1/canary';
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function isNonce(s: string): boolean {
  return NONCE.test(s);
}

/** The line the canary target answers for `nonce`. */
export function canaryAnswer(secret: string, nonce: string): string {
  return `crawl-canary ${createHmac('sha256', secret).update(nonce).digest('base64url')}`;
}
