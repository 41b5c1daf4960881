// The body of POST /crawl/v1/measure/new checked field by field, in the order the contract lists
// them, with the contract's messages (`invalid request: <field> …`). The same bounds as the agent
// (MEASURE_LIMITS in proto/measure.ts): a device never sees a request it would refuse for its shape.

import { parseIp } from '../../common/net-policy/cidr.js';
import { MAX_MEASURE_DEVICES, MAX_MEASURE_LOCATIONS, MEASURE_TYPES } from '../../contract/index.js';
import {
  DNS_RECORD_TYPES,
  MEASURE_LIMITS,
  type MeasureProtocolName,
  measureMethod,
} from '../../proto/index.js';
import { asObject, type Json, parsePlacement } from '../api/validate.js';
import { parseWebhookField, type WebhookField } from '../api/webhook-field.js';
import { invalid } from '../errors.js';
import type {
  MeasureLocationRecord,
  MeasurementRecord,
  MeasureOptionsRecord,
} from '../store/measure-types.js';

export type MeasureType = MeasurementRecord['type'];

/** A validated measurement request, before any job exists. */
export interface MeasureInput {
  type: MeasureType;
  /** Lower case for a name; an IPv6 literal without brackets. */
  target: string;
  options: MeasureOptionsRecord;
  locations: MeasureLocationRecord[];
  timeoutSec: number;
}

export interface MeasureRequest {
  measure: MeasureInput;
  webhook: WebhookField | null;
}

const BODY_FIELDS = new Set([
  'type',
  'target',
  'locations',
  'limit',
  'protocol',
  'port',
  'packets',
  'max_hops',
  'record_type',
  'resolver',
  'resolver_port',
  'server_name',
  'ip_version',
  'timeout_sec',
  'webhook',
]);
const PROTOCOLS: readonly MeasureProtocolName[] = ['icmp', 'udp', 'tcp'];
const DEFAULT_PROTOCOL: Readonly<Record<MeasureType, MeasureProtocolName>> = {
  dns: 'udp',
  ping: 'icmp',
  traceroute: 'icmp',
  mtr: 'icmp',
  tls: 'tcp',
};
const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
export const DEFAULT_MEASURE_TIMEOUT_SEC = 30;

const given = (body: Json, field: string): boolean => body[field] !== undefined && body[field] !== null;

function int(body: Json, field: string, min: number, max: number): number | undefined {
  if (!given(body, field)) return undefined;
  const v = body[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalid(`${field} must be an integer from ${min} to ${max}`);
  }
  return v;
}

function str(body: Json, field: string): string | undefined {
  if (!given(body, field)) return undefined;
  const v = body[field];
  if (typeof v !== 'string') throw invalid(`${field} must be a string`);
  return v;
}

/** A host name or an IP literal (`[v6]` accepted), normalized; null when it is neither. */
export function normalizeTarget(raw: string): string | null {
  let text = raw.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.length === 0 || text.length > MEASURE_LIMITS.maxTargetChars) return null;
  if (parseIp(text)) return text.toLowerCase();
  const name = text.toLowerCase().replace(/\.$/, '');
  if (name.length === 0 || !name.split('.').every((l) => HOST_LABEL.test(l))) return null;
  // All digits and dots but not an address (999.1.1.1): not a name either.
  if (/^[\d.]+$/.test(name)) return null;
  return name;
}

function onlyFor(body: Json, field: string, type: MeasureType, types: readonly MeasureType[]): void {
  if (given(body, field) && !types.includes(type)) {
    throw invalid(`${field} does not apply to ${type} (only to ${types.join(', ')})`);
  }
}

function parseLocations(body: Json): MeasureLocationRecord[] {
  const limit = int(body, 'limit', 1, MAX_MEASURE_DEVICES);
  if (!given(body, 'locations')) return [{ placement: {}, limit: limit ?? 1 }];
  if (limit !== undefined)
    throw invalid('limit applies only without locations (give each location its limit)');
  const v = body.locations;
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_MEASURE_LOCATIONS) {
    throw invalid(`locations must be an array of 1 to ${MAX_MEASURE_LOCATIONS} placement objects`);
  }
  let total = 0;
  const out = v.map((item, i): MeasureLocationRecord => {
    const field = `locations[${i}]`;
    const loc = { ...asObject(item, field) };
    const l = loc.limit;
    delete loc.limit;
    if (l !== undefined && l !== null) {
      if (typeof l !== 'number' || !Number.isInteger(l) || l < 1 || l > MAX_MEASURE_DEVICES) {
        throw invalid(`${field}.limit must be an integer from 1 to ${MAX_MEASURE_DEVICES}`);
      }
    }
    const count = typeof l === 'number' ? l : 1;
    total += count;
    return { placement: parsePlacement(loc, field), limit: count };
  });
  if (total > MAX_MEASURE_DEVICES) {
    throw invalid(`locations ask for ${total} devices; a measurement has at most ${MAX_MEASURE_DEVICES}`);
  }
  return out;
}

/**
 * The measurement's fields, without the webhook (the Globalping facade shares this). `alongside`:
 * the fields of the body that are not the measurement's but its caller's (a schedule's cron).
 */
export function parseMeasureFields(body: Json, alongside: ReadonlySet<string> = new Set()): MeasureInput {
  for (const key of Object.keys(body)) {
    if (!BODY_FIELDS.has(key) && !alongside.has(key)) throw invalid(`${key} is not a known field`);
  }
  const typeText = str(body, 'type');
  const type = MEASURE_TYPES.find((t) => t === typeText?.toLowerCase());
  if (!type) throw invalid(`type must be one of ${MEASURE_TYPES.join(', ')}`);
  const targetText = str(body, 'target');
  if (targetText === undefined || targetText === '') throw invalid('target is required');
  const target = normalizeTarget(targetText);
  if (target === null) throw invalid('target must be a host name or an IP address');
  const locations = parseLocations(body);

  const protocolText = str(body, 'protocol');
  let protocol = DEFAULT_PROTOCOL[type];
  if (protocolText !== undefined) {
    const allowed = PROTOCOLS.filter((p) => measureMethod(type, p) !== undefined);
    const p = allowed.find((a) => a === protocolText.toLowerCase());
    if (!p) throw invalid(`protocol must be one of ${allowed.join(', ')} for ${type}`);
    protocol = p;
  }
  onlyFor(body, 'port', type, ['ping', 'traceroute', 'mtr', 'tls']);
  const port = int(body, 'port', 1, 65535) ?? 0;
  if (port !== 0 && protocol === 'icmp') throw invalid(`port does not apply to ${type} over icmp`);
  onlyFor(body, 'packets', type, ['ping', 'traceroute', 'mtr']);
  const maxPackets = type === 'traceroute' ? MEASURE_LIMITS.maxProbesPerHop : MEASURE_LIMITS.maxPackets;
  const packets = int(body, 'packets', 1, maxPackets) ?? (type === 'dns' || type === 'tls' ? 0 : 3);
  onlyFor(body, 'max_hops', type, ['traceroute', 'mtr']);
  const maxHops = int(body, 'max_hops', 1, MEASURE_LIMITS.maxHops) ?? 0;
  onlyFor(body, 'record_type', type, ['dns']);
  const recordText = str(body, 'record_type');
  const recordType = recordText === undefined ? (type === 'dns' ? 'A' : '') : recordText.toUpperCase();
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(recordType) && type === 'dns') {
    throw invalid(`record_type must be one of ${DNS_RECORD_TYPES.join(', ')}`);
  }
  onlyFor(body, 'resolver', type, ['dns']);
  const resolverText = str(body, 'resolver');
  let resolver = type === 'dns' ? 'system' : '';
  if (resolverText !== undefined && resolverText !== '' && resolverText.toLowerCase() !== 'system') {
    const ip = parseIp(resolverText.replace(/^\[|\]$/g, ''));
    if (!ip) throw invalid("resolver must be 'system' or an IP address");
    resolver = resolverText.replace(/^\[|\]$/g, '').toLowerCase();
  }
  onlyFor(body, 'resolver_port', type, ['dns']);
  const resolverPort = int(body, 'resolver_port', 1, 65535) ?? 0;
  onlyFor(body, 'server_name', type, ['tls']);
  const sniText = str(body, 'server_name');
  let serverName = '';
  if (sniText !== undefined && sniText !== '') {
    const sni = normalizeTarget(sniText);
    if (sni === null || parseIp(sni)) throw invalid('server_name must be a host name');
    serverName = sni;
  }
  const ipVersion = body.ip_version ?? undefined;
  if (ipVersion !== undefined && ipVersion !== 4 && ipVersion !== 6)
    throw invalid('ip_version must be 4 or 6');
  const timeoutSec = int(body, 'timeout_sec', 1, 120) ?? DEFAULT_MEASURE_TIMEOUT_SEC;
  return {
    type,
    target,
    locations,
    timeoutSec,
    options: {
      protocol,
      port,
      packets,
      maxHops,
      recordType,
      resolver,
      resolverPort,
      serverName,
      ipVersion: (ipVersion ?? 0) as 0 | 4 | 6,
    },
  };
}

export function parseMeasureBody(raw: unknown): MeasureRequest {
  const body = asObject(raw);
  return { measure: parseMeasureFields(body), webhook: parseWebhookField(body) };
}

/** How many jobs a measurement asks for (for the limits): the devices of all its locations. */
export function measureJobCount(input: MeasureInput): number {
  return input.locations.reduce((n, l) => n + l.limit, 0);
}
