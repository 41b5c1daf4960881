// Reads a host as an address literal the way the resolver would. A WHATWG URL parser already turns
// `0x7f.1` into `127.0.0.1`, but getaddrinfo (through inet_aton) also accepts such forms from a raw
// host, so the policy must see through them itself: `2130706433`, `0177.0.0.1`, `0x7f.0.0.1`, `127.1`.
import { type IpAddress, parseIPv6 } from './cidr.js';

/** The host is not an address literal: it must be resolved. */
export const HOST_NAME = 'name';
/** The host looks like an address (ends in a number, or has a colon) but does not parse as one. */
export const HOST_INVALID = 'invalid';

export type HostLiteral = IpAddress | typeof HOST_NAME | typeof HOST_INVALID;

export function parseHostLiteral(host: string): HostLiteral {
  let text = host.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes(':')) {
    // A zone id (`fe80::1%eth0`) scopes a link-local address; the address alone decides.
    const zone = text.indexOf('%');
    const value = parseIPv6(zone < 0 ? text : text.slice(0, zone));
    return value === null ? HOST_INVALID : { family: 6, value };
  }
  if (text.endsWith('.')) text = text.slice(0, -1);
  const parts = text.split('.');
  const last = parts[parts.length - 1] ?? '';
  // WHATWG "ends in a number": only then is the host an IPv4 address (or invalid), never a name.
  if (!/^(\d+|0x[0-9a-f]*)$/i.test(last)) return HOST_NAME;
  const value = parseLooseIPv4(parts);
  return value === null ? HOST_INVALID : { family: 4, value };
}

/** inet_aton rules: 1..4 parts, each decimal, octal (leading 0) or hex (0x); the last fills the rest. */
function parseLooseIPv4(parts: string[]): bigint | null {
  if (parts.length > 4) return null;
  const numbers: bigint[] = [];
  for (const part of parts) {
    const n = parseLooseNumber(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0n;
  let value = 0n;
  for (const n of numbers) {
    if (n > 255n) return null;
    value = (value << 8n) | n;
  }
  const lastBits = BigInt(8 * (4 - numbers.length));
  if (last >= 1n << lastBits) return null;
  return (value << lastBits) | last;
}

function parseLooseNumber(part: string): bigint | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0n : BigInt(part);
  if (/^0[0-7]+$/.test(part)) return BigInt(`0o${part.slice(1)}`);
  if (/^(0|[1-9]\d*)$/.test(part)) return BigInt(part);
  return null;
}
