// The agent WebSocket endpoint: device-token auth on the HTTP upgrade, then one AgentConnection each.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { AGENT_LINK_PATH, CloseCode, encodeCoordinatorFrame } from '../../proto/index.js';
import { bearer, hashSecret } from '../auth/secrets.js';
import { AgentConnection } from './agent-connection.js';
import type { ByteBudget } from './byte-budget.js';
import type { ConnectionDeps } from './connection-deps.js';
import { HeartbeatWheel } from './heartbeat-wheel.js';

/** What the server is built with: every connection's deps but the heartbeat wheel, which it owns. */
export type LinkServerDeps = Omit<ConnectionDeps, 'heartbeats'>;

const encodePing = (nowMs: number): Uint8Array =>
  encodeCoordinatorFrame({ ping: { nonce: nowMs, sentMs: nowMs } });

/** Unauthenticated upgrades being checked at once; more are refused (503) to bound the work. */
const MAX_PENDING_UPGRADES = 256;

/** Errors of a socket being upgraded end in a refusal or ws's own handling (a shared no-op). */
function ignore(): void {}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class AgentLinkServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<AgentConnection>();
  /** Each device's newest link: a reconnect finds the one it replaces in O(1). */
  private readonly byDevice = new Map<string, AgentConnection>();
  private pendingUpgrades = 0;
  private closing = false;
  private readonly log: Logger;
  private readonly deps: ConnectionDeps;

  constructor(deps: LinkServerDeps) {
    // One wheel for this server's links, closed with it (never shared beyond this coordinator).
    const heartbeats = new HeartbeatWheel({ intervalMs: deps.heartbeatIntervalMs, encodePing });
    this.deps = { ...deps, heartbeats };
    this.log = deps.log.child({ component: 'agent-link' });
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: deps.maxFrameBytes,
      perMessageDeflate: false,
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** The result memory budget (bytes held now, peak): operators, tests. */
  get budget(): ByteBudget {
    return this.deps.budget;
  }

  /** Links paused by the result memory budget or a slow storage, and the bytes held (operators, tests). */
  get budgetState(): { pausedLinks: number; heldBytes: number } {
    let pausedLinks = 0;
    for (const c of this.connections) if (c.paused) pausedLinks++;
    return { pausedLinks, heldBytes: this.deps.budget.usedBytes };
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.onUpgrade(req, socket, head);
    });
  }

  private async onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // Not a closure: one here would hold this function's scope (the device record) for the link's life.
    socket.on('error', ignore);
    const path = (req.url ?? '').split('?')[0];
    if (path !== AGENT_LINK_PATH) return refuse(socket, 404, 'Not Found');
    if (this.closing) return refuse(socket, 503, 'Service Unavailable');
    const token = bearer(req.headers.authorization);
    if (!token) return refuse(socket, 401, 'Unauthorized');
    if (this.pendingUpgrades >= MAX_PENDING_UPGRADES) return refuse(socket, 503, 'Service Unavailable');
    this.pendingUpgrades++;
    let device: Awaited<ReturnType<ConnectionDeps['store']['findDeviceByTokenHash']>>;
    try {
      device = await this.deps.store.findDeviceByTokenHash(hashSecret(token));
    } catch (err) {
      this.log.error({ err }, 'device lookup failed');
      return refuse(socket, 503, 'Service Unavailable');
    } finally {
      this.pendingUpgrades--;
    }
    if (!device) {
      this.log.warn({ remote: req.socket.remoteAddress }, 'agent upgrade with an unknown device token');
      return refuse(socket, 401, 'Unauthorized');
    }
    const found = device;
    // The network the device's link comes from and where its address is (location evidence), once
    // per link; the address goes no further.
    const remote = req.socket.remoteAddress;
    const [egress, place] = await Promise.all([
      this.deps.network?.egressOf(remote),
      this.deps.locationEvidence?.placeOf(remote),
    ]);
    if (this.closing || socket.destroyed) return refuse(socket, 503, 'Service Unavailable');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // A device connected twice keeps only its newest link.
      this.byDevice.get(found.id)?.close(CloseCode.Replaced, 'replaced');
      const conn = new AgentConnection(ws, found, this.deps, this.forget, socket, egress, place);
      this.connections.add(conn);
      this.byDevice.set(found.id, conn);
    });
  }

  /** One function for every link (a closure per link would cost every idle link memory). */
  private readonly forget = (conn: AgentConnection): void => {
    this.connections.delete(conn);
    if (this.byDevice.get(conn.deviceId) === conn) this.byDevice.delete(conn.deviceId);
  };

  /** Tells a connected device how the coordinator judges it (quarantine and its reason). */
  notifyStanding(deviceId: string, quarantined: boolean, reason: string): void {
    this.byDevice.get(deviceId)?.standing(quarantined, reason);
  }

  /** Tells every agent to go elsewhere, then closes the links. Safe twice. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.deps.heartbeats.close();
    for (const c of this.connections) {
      c.drain('coordinator shutting down');
      c.close(CloseCode.GoingAway, 'coordinator shutting down');
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Cuts every link at once, without the going-away handshake. */
  async destroy(): Promise<void> {
    this.closing = true;
    this.deps.heartbeats.close();
    for (const c of [...this.connections]) c.destroy();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
