// Parsing and checking the status port's address. The port shows job URLs and device identity, so
// it listens on loopback only unless the operator insists (force).
import { isIP } from 'node:net';
import { StatusError } from './errors.js';

export const DEFAULT_STATUS_ADDR = '127.0.0.1:9477';

/** Splits `host:port` or `[v6]:port`. Throws StatusError STATUS_ADDR_INVALID. */
export function parseStatusAddr(addr: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(addr.trim());
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!host || !Number.isInteger(port) || port > 65_535) {
    throw new StatusError('STATUS_ADDR_INVALID', `status address must be host:port, got "${addr}"`);
  }
  return { host, port };
}

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h) || /^(0+:){7}0*1$/.test(h);
  return false;
}

/** The URL a client uses to reach a server bound on host:port. */
export function hostUrl(host: string, port: number): string {
  return isIP(host) === 6 ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
