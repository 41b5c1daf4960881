// A measurement request from the wire, checked against its job method and the bounds
// (MEASURE_LIMITS), with defaults applied. The coordinator checks first; this is the device's own
// guard, so a request out of bounds fails (`blocked`) before anything is sent.
import net from 'node:net';
import {
  DNS_RECORD_TYPES,
  type DnsRecordType,
  MEASURE_LIMITS,
  type MeasureMethod,
  type MeasureProtocolName,
  type MeasureRequest,
  type MeasureTypeName,
  measureMethod,
  measureProtocolName,
  measureTypeName,
} from '../../../proto/index.js';
import { JobError } from '../../errors.js';

/** A checked measurement, as the measure executors run it. */
export interface MeasureJob {
  method: MeasureMethod;
  type: MeasureTypeName;
  protocol: MeasureProtocolName;
  /** Host name (lower case, no trailing dot) or IP literal without brackets. */
  target: string;
  port: number;
  packets: number;
  maxHops: number;
  recordType: DnsRecordType;
  /** '' for the device's own resolver, else an IP literal. */
  resolver: string;
  resolverPort: number;
  serverName: string;
  ipVersion: 0 | 4 | 6;
}

const DEFAULT_PORT: Readonly<Record<MeasureTypeName, number>> = {
  dns: 53,
  ping: 80,
  traceroute: 80,
  mtr: 80,
  tls: 443,
};
/** The first port UDP traceroute and mtr probes go to (traceroute counts up per probe). */
export const TRACEROUTE_UDP_BASE_PORT = 33_434;

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*$/;

export function measureJob(method: string, req: MeasureRequest | undefined): MeasureJob {
  if (!req) throw invalid(`method ${method} needs a measurement`);
  const type = measureTypeName(req.type);
  if (!type) throw invalid(`unknown measurement type ${req.type ?? 0}`);
  const protocol = measureProtocolName(type, req.protocol);
  if (!protocol) throw invalid(`unknown measurement protocol ${req.protocol ?? 0}`);
  if (measureMethod(type, protocol) !== method)
    throw invalid(`method ${method} does not run ${type} over ${protocol}`);
  const target = targetOf(req.target ?? '');
  const packets = req.packets || (type === 'traceroute' ? 3 : type === 'tls' || type === 'dns' ? 1 : 3);
  const maxPackets = type === 'traceroute' ? MEASURE_LIMITS.maxProbesPerHop : MEASURE_LIMITS.maxPackets;
  if (packets > maxPackets) throw invalid(`packets must be at most ${maxPackets} for ${type}`);
  const maxHops = req.maxHops || 30;
  if (maxHops > MEASURE_LIMITS.maxHops) throw invalid(`max_hops must be at most ${MEASURE_LIMITS.maxHops}`);
  const port =
    req.port ||
    ((type === 'traceroute' || type === 'mtr') && protocol === 'udp'
      ? TRACEROUTE_UDP_BASE_PORT
      : DEFAULT_PORT[type]);
  if (port > 65_535) throw invalid(`port must be at most 65535`);
  const recordType = (req.recordType || 'A').toUpperCase();
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(recordType))
    throw invalid(`record_type must be one of ${DNS_RECORD_TYPES.join(', ')}`);
  const resolver = req.resolver === 'system' ? '' : (req.resolver ?? '');
  if (resolver !== '' && net.isIP(resolver) === 0)
    throw invalid('resolver must be "system" or an IP address');
  const resolverPort = req.resolverPort || 53;
  if (resolverPort > 65_535) throw invalid('resolver_port must be at most 65535');
  const ipVersion = req.ipVersion ?? 0;
  if (ipVersion !== 0 && ipVersion !== 4 && ipVersion !== 6) throw invalid('ip_version must be 4 or 6');
  const serverName = (req.serverName ?? '').toLowerCase();
  if (serverName !== '' && !HOST_NAME.test(serverName)) throw invalid('server_name must be a host name');
  return {
    method: method as MeasureMethod,
    type,
    protocol,
    target,
    port,
    packets,
    maxHops,
    recordType: recordType as DnsRecordType,
    resolver,
    resolverPort,
    serverName: serverName || (net.isIP(target) === 0 ? target : ''),
    ipVersion,
  };
}

function targetOf(raw: string): string {
  const bare = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  if (net.isIP(bare) !== 0) return bare;
  const name = bare.toLowerCase().replace(/\.$/, '');
  if (name.length > MEASURE_LIMITS.maxTargetChars || !HOST_NAME.test(name))
    throw invalid(`target must be a host name or an IP address, got ${JSON.stringify(raw.slice(0, 64))}`);
  return name;
}

function invalid(why: string): JobError {
  return new JobError('blocked', `measurement refused: ${why}`);
}
