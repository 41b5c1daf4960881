// What every agent connection is built with: the coordinator's parts and the link's limits. One
// object shared by all links (the result receiver reads it too), so nothing here is per link.
import type { Logger } from 'pino';
import type { LinkReports } from '../jobs/reports.js';
import type { NetworkLookup } from '../network/network-lookup.js';
import type { ProxyExits } from '../proxy/exits.js';
import type { LinkReleases } from '../releases/release-service.js';
import type { ResultIngest } from '../results/ingest.js';
import type { Store } from '../store/types.js';
import type { LinkLocation } from '../trust/location/location-service.js';
import type { ByteBudget } from './byte-budget.js';
import type { HeartbeatWheel } from './heartbeat-wheel.js';

export interface ConnectionDeps {
  /** The owner of job state, as the link reports to it. */
  jobs: LinkReports;
  ingest: ResultIngest;
  store: Store;
  log: Logger;
  coordinatorId: string;
  maxFrameBytes: number;
  maxResultBytes: number;
  /**
   * Content bytes one link may have in results without a final frame (in memory or streamed to
   * storage); past it the link is closed (4413).
   */
  maxLinkResultBytes: number;
  /**
   * Results whose content is at most this size are assembled in memory and stored whole; larger
   * ones are written to storage chunk by chunk as they arrive. Default 256 KiB.
   */
  streamAboveBytes?: number;
  /** Result bytes held in memory across all connections (see ByteBudget). */
  budget: ByteBudget;
  heartbeatIntervalMs: number;
  /** The one timer pinging every link of this coordinator (the link server's, closed with it). */
  heartbeats: HeartbeatWheel;
  helloTimeoutMs: number;
  /** Frames for work that is not the device's own before its link is closed (4403). Default 16. */
  maxStrikes?: number;
  /** How long past a job's timeout the coordinator waits for a silent attempt (Assign.deadline_ms). */
  runningGraceMs?: number;
  /** Told of each strike (it counts against the device's reputation). */
  onStrike?: (deviceId: string, why: string) => void;
  /**
   * Told of every message sent (`out`) or received (`in`) with its size, for metrics: a frame, or a
   * batch of them (counted once). Default: none.
   */
  onFrame?: (direction: 'in' | 'out', bytes: number) => void;
  /** Finds the network a link comes from (coordinator/network/). Default: none (unknown networks). */
  network?: NetworkLookup;
  /**
   * Location evidence (coordinator/trust/location/): told where each link's address is, its
   * device, and each heartbeat's round trip. Default: none (no location evidence).
   */
  locationEvidence?: LinkLocation;
  /** Agent releases: told of each link and its version, offers upgrades, hears reports. Default: none. */
  releases?: LinkReleases;
  /** Devices offering proxy streams register here (docs/proxy.md). Default: none (no proxy). */
  exits?: ProxyExits;
  /** Initial credit window of a proxy stream, bytes. Default 64 KiB. */
  streamWindowBytes?: number;
  /**
   * Whether the Welcome offers link batches (Welcome.batch_frames) and batches go to agents that
   * read them. Default true; false behaves as a coordinator from before link batches (tests).
   */
  batchFrames?: boolean;
}
