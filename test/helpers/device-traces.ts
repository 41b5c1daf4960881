// What of the machine running the tests a measurement's text names: its host name (full or first
// label) and its own addresses (network interfaces, plus a bound source address), each as a whole
// token. Written apart from the agent's scrubber (agent/executors/measure/scrub.ts) so the tests
// check its result rather than re-run it.
import { hostname, networkInterfaces } from 'node:os';

/**
 * The device's names and addresses found in `text`, except `target` (a measurement's own target
 * may be a loopback address of the machine). Empty when the text names nothing of the device.
 */
export function deviceTraces(text: string, bound: string, target: string): string[] {
  const names = new Set([hostname(), hostname().split('.')[0] ?? ''].filter((n) => n !== ''));
  const addresses = new Set([bound]);
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) addresses.add(a.address);
  addresses.delete(target);
  const nameTokens = new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9.-]+/)
      .map((t) => t.replace(/\.$/, '')),
  );
  // An IPv4 token ends at anything but a digit or a dot (a sentence's final dot is dropped); an IPv6
  // one takes hex digits and colons (a trailing colon, as ping prints `from ::1:`, is dropped).
  const v4Tokens = new Set(text.split(/[^0-9.]+/).map((t) => t.replace(/\.$/, '')));
  const v6Tokens = new Set(text.split(/[^0-9a-fA-F:]+/).map((t) => t.replace(/:$/, '').toLowerCase()));
  return [
    ...[...names].filter((n) => nameTokens.has(n.toLowerCase())),
    ...[...addresses].filter((a) => (a.includes(':') ? v6Tokens.has(a.toLowerCase()) : v4Tokens.has(a))),
  ];
}
