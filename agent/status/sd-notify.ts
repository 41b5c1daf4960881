// systemd readiness and watchdog notifications (Type=notify, WatchdogSec=) through the
// `systemd-notify` binary: Node cannot send on an AF_UNIX datagram socket by itself. Without
// --no-block, systemd-notify (v246+) waits until the manager has processed the message, so the
// message is not lost when the short-lived sender exits first (NotifyAccess=all in the unit).
import { execFile } from 'node:child_process';

export interface SystemdNotifier {
  /** false when NOTIFY_SOCKET is unset: every method then resolves at once. */
  enabled: boolean;
  /** How often to call watchdog(): half of WATCHDOG_USEC; null when the unit has no watchdog. */
  watchdogIntervalMs: number | null;
  ready(): Promise<void>;
  watchdog(): Promise<void>;
  stopping(): Promise<void>;
  status(text: string): Promise<void>;
}

export interface SystemdNotifierOptions {
  /** Binary to run. Default `systemd-notify`, looked up on env.PATH. */
  command?: string;
  /** Give up on one notification after this long. Default 5_000. */
  timeoutMs?: number;
}

/**
 * Builds a notifier from the process environment (passed in, never read here). A failing
 * notification rejects; the caller decides whether that matters (a lost WATCHDOG=1 is retried by
 * the next tick).
 */
export function createSystemdNotifier(
  env: Record<string, string | undefined>,
  options: SystemdNotifierOptions = {},
): SystemdNotifier {
  const enabled = Boolean(env['NOTIFY_SOCKET']);
  const command = options.command ?? 'systemd-notify';
  const timeoutMs = options.timeoutMs ?? 5_000;
  const send = (args: string[]): Promise<void> => {
    if (!enabled) return Promise.resolve();
    return new Promise((resolve, reject) => {
      execFile(command, args, { env, timeout: timeoutMs }, (err, _stdout, stderr) => {
        if (err)
          reject(
            new Error(`${command} ${args.join(' ')} failed: ${stderr.trim() || err.message}`, { cause: err }),
          );
        else resolve();
      });
    });
  };
  return {
    enabled,
    watchdogIntervalMs: enabled ? watchdogInterval(env) : null,
    ready: () => send(['--ready']),
    watchdog: () => send(['WATCHDOG=1']),
    stopping: () => send(['STOPPING=1']),
    // One line: systemctl shows the status text on a single line anyway.
    status: (text: string) => send([`--status=${text.replace(/\s*\n\s*/g, ' ')}`]),
  };
}

// WATCHDOG_PID is deliberately not compared with our pid (as sd_watchdog_enabled would): when a
// launcher such as the tsx CLI is the unit's main process, the agent is its child, and with
// NotifyAccess=all the manager accepts WATCHDOG=1 from any process of the unit anyway.
function watchdogInterval(env: Record<string, string | undefined>): number | null {
  const usec = Number(env['WATCHDOG_USEC']);
  if (!Number.isFinite(usec) || usec <= 0) return null;
  return Math.max(1, Math.floor(usec / 1000 / 2));
}
