// Is this release the one the release key signed? The signature covers (version, digest); the
// digest covers the bundle's bytes. Both are checked before anything is unpacked.
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { RELEASE_SIGNATURE_BYTES, releaseSignedMessage } from '../../proto/index.js';

/** A raw 32-byte Ed25519 public key as a key object. */
export function releasePublicKey(raw: Buffer): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
}

/** Whether one of `keys` signed (version, digest). */
export function releaseSignedBy(
  keys: readonly Buffer[],
  version: string,
  digest: string,
  signature: Uint8Array,
): boolean {
  if (signature.byteLength !== RELEASE_SIGNATURE_BYTES) return false;
  const message = releaseSignedMessage(version, digest);
  return keys.some((k) => verify(null, message, releasePublicKey(k), signature));
}
