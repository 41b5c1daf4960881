// The hello: checked against the device's token, turned into the scheduler's view of the device,
// answered with a welcome. Pure: the connection applies what it returns.
import {
  CloseCode,
  type CoordinatorFrameInit,
  DEFAULT_MAX_CHUNK_BYTES,
  type Hello,
  PROTOCOL_VERSION,
  pageMethodsOf,
} from '../../proto/index.js';
import { type DeviceEgress, UNKNOWN_EGRESS } from '../network/network-lookup.js';
import type { DeviceLocation } from '../results/reported.js';
import type { ConnectedDevice, DeviceLink } from '../scheduler/device.js';
import { DeviceOwnerView } from '../scheduler/owner-controls.js';
import { deviceRegion } from '../scheduler/regions.js';

/**
 * Strings of the hello most devices share (versions, countries, regions, device and network types):
 * decoded anew from every hello, one copy each is kept instead of one per device. Bounded, so a
 * device cannot grow it: past the bound, or for a long string, the device keeps its own copy.
 */
const SHARED_MAX = 4096;
const SHARED_MAX_LENGTH = 64;
const sharedStrings = new Map<string, string>();

function shared(s: string): string {
  const hit = sharedStrings.get(s);
  if (hit !== undefined) return hit;
  if (sharedStrings.size < SHARED_MAX && s.length <= SHARED_MAX_LENGTH) sharedStrings.set(s, s);
  return s;
}

/** A method list (usually one of a few of them) as a set, shared and never modified. */
const methodSets = new Map<string, ReadonlySet<string>>();

function methodsOf(methods: readonly string[]): ReadonlySet<string> {
  const key = methods.join('\u0000');
  const hit = methodSets.get(key);
  if (hit) return hit;
  const set = new Set(methods.map(shared));
  if (methodSets.size < SHARED_MAX && key.length <= SHARED_MAX_LENGTH * 4) methodSets.set(key, set);
  return set;
}

export type HelloOutcome =
  | { ok: true; device: ConnectedDevice; location: DeviceLocation }
  | { ok: false; code: number; reason: string };

/**
 * Checks the hello of the device the token named and builds its scheduler record. `egress` is the
 * network its link comes from (looked up from the remote address when it connected).
 */
export function acceptHello(
  hello: Hello,
  tokenDeviceId: string,
  link: DeviceLink,
  nowMs: number,
  egress: DeviceEgress = UNKNOWN_EGRESS,
): HelloOutcome {
  if (hello.deviceId !== tokenDeviceId) {
    return { ok: false, code: CloseCode.Forbidden, reason: 'device id does not match its token' };
  }
  if (hello.protocolVersion !== PROTOCOL_VERSION) {
    return { ok: false, code: CloseCode.BadFrame, reason: `protocol version ${PROTOCOL_VERSION} required` };
  }
  const caps = hello.capabilities ?? {};
  const owner = new DeviceOwnerView();
  owner.update(hello.ownerControls);
  const loc = hello.location ?? {};
  const country = shared((loc.country ?? '').toUpperCase());
  const location: DeviceLocation = {
    country,
    region: shared(deviceRegion(loc.region ?? '', country)),
    city: shared(loc.city ?? ''),
  };
  // Page features are indexed as extra method keys (METHOD+page, METHOD+lighthouse): jobs that need
  // them are placed by those keys, so an agent that does not advertise them never gets one.
  const methods = methodsOf([
    ...(caps.methods ?? []),
    ...pageMethodsOf(caps.methods ?? [], caps.pageFeatures ?? []),
  ]);
  const deviceType = shared(hello.deviceType ?? '');
  const networkType = shared(hello.networkType ?? '');
  const device: ConnectedDevice = {
    profile: {
      deviceId: tokenDeviceId,
      methods,
      maxConcurrent: Math.max(1, caps.maxConcurrent ?? 1),
      country: location.country,
      region: location.region,
      city: location.city,
      deviceType,
      networkType,
      asn: egress.asn,
    },
    egress,
    link,
    owner,
    // Jobs still running on the agent from before a reconnect occupy its slots: without them the
    // coordinator would fill those slots and the agent would refuse (busy) over and over.
    running: new Map((hello.running ?? []).map((r) => [r.jobId ?? '', r.attempt ?? 0])),
    draining: hello.draining ?? false,
    connectedAt: new Date(nowMs).toISOString(),
    // Set here, not first by the device slots: a field added later moves to a property store of its own.
    lastSeenMs: nowMs,
    assignedTotal: 0,
    // What the API shows of the agent beyond its profile (the rest is in the profile, once).
    info: {
      agent_version: shared(hello.agentVersion ?? ''),
      browser_version: shared(caps.browserVersion ?? ''),
    },
  };
  return { ok: true, device, location };
}

/** The welcome: the link's limits and rhythm, as this coordinator runs them. */
export function welcomeOf(
  coordinatorId: string,
  heartbeatIntervalMs: number,
  maxFrameBytes: number,
  nowMs: number,
  streamWindowBytes = 0,
  batchFrames = true,
): CoordinatorFrameInit {
  return {
    welcome: {
      coordinatorId,
      heartbeatIntervalMs,
      maxFrameBytes,
      maxChunkBytes: Math.min(DEFAULT_MAX_CHUNK_BYTES, maxFrameBytes - 4096),
      serverTimeMs: nowMs,
      inlineParts: true,
      streamWindowBytes,
      batchFrames,
    },
  };
}
