// What a measurement's text must not say about the device that ran it. mtr prints the device's
// host name (`"src": "<name>"` in its JSON, `HOST: <name>` in its report), ping prints the bound
// source address (`from 192.0.2.5`), and a tool's or socket's error can name either. Every raw
// output and error message of a measurement passes through scrubDevice (executor.ts) before it
// leaves the device, so no runner has to remember it.
//
// The rule: the device's host name (os.hostname(), and its first label), every address of its
// network interfaces (os.networkInterfaces()) and the bound source address (`--local-address`)
// are replaced by DEVICE_PLACEHOLDER, except what the measurement was about: the target as asked,
// the addresses it resolved to and the address measured (which can be the device's own when the
// asker named it, e.g. a loopback lab target, and then tells the asker nothing new). Hops are the
// routers between the device and the target, never the device itself, so they are untouched.
import { hostname, networkInterfaces } from 'node:os';

/** What replaces the device's name or address in a measurement's text. */
export const DEVICE_PLACEHOLDER = '[device]';

export interface DeviceIdentity {
  /** Host names, longest first (the full name before its first label). */
  names: string[];
  /** The device's own IP addresses. */
  addresses: string[];
}

/**
 * The device's names and addresses now (read per measurement: an interface's address changes with
 * a DHCP lease or a roaming phone). `localAddress` is the bound source address, '' for none.
 */
export function deviceIdentity(localAddress: string): DeviceIdentity {
  const full = hostname().trim();
  const short = full.split('.')[0] ?? '';
  const names = [...new Set([full, short].filter((n) => n !== ''))];
  const addresses = new Set<string>();
  if (localAddress) addresses.add(localAddress);
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) addresses.add(a.address);
  }
  return { names, addresses: [...addresses] };
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name as a whole token: not inside a longer name (`vm` is not in `vmhost` or `a.vm`), though a
 * domain may follow it only when the full name is that domain (the full name is matched first).
 */
function namePattern(name: string): string {
  return `(?<![A-Za-z0-9_.-])${literal(name)}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`;
}

/** An address as a whole token: `127.0.0.2` is not in `127.0.0.23`, `::1` not in `fe80::1`; `::1:` ending a ping line is. */
function addressPattern(address: string): string {
  return address.includes(':')
    ? `(?<![0-9A-Fa-f:.])${literal(address)}(?![0-9A-Fa-f]|:[0-9A-Fa-f]|\\.[0-9])`
    : `(?<![0-9A-Za-z.])${literal(address)}(?![0-9A-Za-z]|\\.[0-9])`;
}

/**
 * `text` with the device's names and addresses replaced by DEVICE_PLACEHOLDER, except those in
 * `keep` (the target, its addresses, the address measured; compared without case).
 */
export function scrubDevice(text: string, device: DeviceIdentity, keep: readonly string[]): string {
  if (text === '') return text;
  const kept = new Set(keep.filter((k) => k !== '').map((k) => k.toLowerCase()));
  const patterns = [
    ...device.names.filter((n) => !kept.has(n.toLowerCase())).map(namePattern),
    ...device.addresses.filter((a) => !kept.has(a.toLowerCase())).map(addressPattern),
  ];
  if (patterns.length === 0) return text;
  return text.replace(new RegExp(patterns.join('|'), 'gi'), DEVICE_PLACEHOLDER);
}
