// Outcomes of browser jobs that ended early: the crash/timeout flag with empty metrics where the
// page could not be read, and a flagged copy for a job that did not end by its deadline.
import type { ExecOutcome, ExecRequest } from '../types.js';
import { deviceProfile } from './devices.js';
import { toMetrics } from './page-metrics.js';

/** Sets crashOrTimeoutFlag, with metrics of the job's device when none were read. */
export function flagged(outcome: ExecOutcome, req: ExecRequest): void {
  outcome.performance ??= toMetrics(nullMetricsInput(req));
  outcome.performance.crashOrTimeoutFlag = true;
}

function nullMetricsInput(req: ExecRequest): Parameters<typeof toMetrics>[0] {
  const viewport = deviceProfile(req.deviceType, '').viewport;
  return {
    readings: null,
    crashOrTimeout: true,
    networkType: 'unknown',
    effectiveConnectionType: 'unknown',
    viewport: {
      width: viewport.width,
      height: viewport.height,
      deviceScaleFactor: viewport.deviceScaleFactor ?? 1,
    },
  };
}

/** What the job has so far, flagged, for a job that did not end in time (the original may still change). */
export function stoppedCopy(outcome: ExecOutcome, req: ExecRequest): ExecOutcome {
  const copy: ExecOutcome = {
    ...outcome,
    content: { ...outcome.content },
    requestResults: [...outcome.requestResults],
    performance: { ...(outcome.performance ?? toMetrics(nullMetricsInput(req))), crashOrTimeoutFlag: true },
  };
  if (!copy.success && !copy.errorType) {
    Object.assign(copy, {
      errorType: 'timeout',
      errorMessage: `Request timed out after ${req.timeoutMs / 1000} seconds`,
    });
  }
  return copy;
}

export function fail(outcome: ExecOutcome, errorType: string, errorMessage: string): ExecOutcome {
  return Object.assign(outcome, { success: false, errorType, errorMessage });
}
