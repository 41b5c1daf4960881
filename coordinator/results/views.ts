// The contract's JSON shapes built from stored records.
import type { JobViewRecord, SessionRecord } from '../store/records.js';

/** Job object of interface.md 2.1 (plus completion fields once terminal; see docs/api.md). */
export function jobView(job: JobViewRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    job_id: job.id,
    url: job.url,
    method: job.method,
    status: job.status,
    submitted_at: job.submittedAt,
    timeout_sec: job.timeoutSec,
    placement: job.placement,
    storage_type: job.storageType,
  };
  if (job.sessionId) out.session_id = job.sessionId;
  if (job.sweepId) out.sweep_id = job.sweepId;
  // The device of the latest try, once one was claimed; a pending job (never placed, or requeued
  // after its device was lost) shows none, whatever the store still remembers.
  if (job.deviceId && job.status !== 'pending') out.device_id = job.deviceId;
  if (job.completedAt) out.completed_at = job.completedAt;
  if (job.status === 'failed') {
    out.error_type = job.failureType;
    out.error_message = job.errorMessage;
  }
  if (job.archivedAt) out.archived_at = job.archivedAt;
  return out;
}

/** Session object of interface.md 2.7, with `session_id` too (decisions.md). */
export function sessionView(s: SessionRecord, jobIds: string[], nowMs: number): Record<string, unknown> {
  const status = s.status === 'active' && s.expiresAtMs <= nowMs ? 'expired' : s.status;
  return {
    id: s.id,
    session_id: s.id,
    status,
    created_at: s.createdAt,
    expires_at: s.expiresAt,
    closed_at: s.closedAt,
    device_id: s.deviceId,
    placement: s.placement,
    job_ids: jobIds,
  };
}
