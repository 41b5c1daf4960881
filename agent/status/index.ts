// The status module's public surface for agent/main.ts.
export { DEFAULT_STATUS_ADDR, isLoopbackHost, parseStatusAddr } from './address.js';
export { StatusError, type StatusErrorCode } from './errors.js';
export { renderMetrics } from './metrics.js';
export { createSystemdNotifier, type SystemdNotifier } from './sd-notify.js';
export { type StatusServer, type StatusServerOptions, startStatusServer } from './server.js';
export type * from './types.js';
