// CDP's securityDetails in the spelling the HTTP executor reports (Node's): 'TLSv1.3' and the IANA
// cipher suite name, so one job kind's figures compare with the other's.
import type { Protocol } from 'puppeteer-core';

/** 'TLS 1.3' -> 'TLSv1.3'. */
export function tlsVersionName(protocol: string): string {
  const match = /^TLS (\d\.\d)$/.exec(protocol);
  return match ? `TLSv${match[1]}` : protocol;
}

// AEAD suites carry the PRF hash in their name; CDP gives only the cipher.
const AEAD_HASH: Record<string, string> = {
  AES_128_GCM: 'SHA256',
  AES_256_GCM: 'SHA384',
  CHACHA20_POLY1305: 'SHA256',
  AES_128_CCM: 'SHA256',
};

/** e.g. TLS_AES_128_GCM_SHA256 (1.3), TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 (1.2). */
export function tlsCipherName(details: Protocol.Network.SecurityDetails): string {
  const cipher = details.cipher;
  const hash = details.mac ? details.mac.replace(/^HMAC-/, '') : (AEAD_HASH[cipher] ?? '');
  if (details.protocol === 'TLS 1.3' || details.keyExchange === '') {
    return hash ? `TLS_${cipher}_${hash}` : `TLS_${cipher}`;
  }
  return `TLS_${details.keyExchange}_WITH_${cipher}${hash ? `_${hash}` : ''}`;
}
