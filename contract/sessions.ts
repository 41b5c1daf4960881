// Session endpoints (docs/api.md "Sessions"). Their errors answer as {"error": "<message>"}.
import { type Static, Type } from 'typebox';
import { Nullable, Placement } from './common.js';

export const MAX_SESSION_SECONDS = 3600;

export const SessionBody = Type.Object({
  duration_seconds: Nullable(Type.Integer({ minimum: 1, maximum: MAX_SESSION_SECONDS, default: 60 })),
  placement: Nullable(Placement),
});

export type SessionBody = Static<typeof SessionBody>;

export const Session = Type.Object({
  id: Type.String({ format: 'uuid' }),
  session_id: Type.String({ format: 'uuid', description: 'same value as id' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('closed'), Type.Literal('expired')]),
  created_at: Type.String(),
  expires_at: Type.String(),
  closed_at: Type.Union([Type.String(), Type.Null()]),
  device_id: Type.Union([Type.String(), Type.Null()]),
  placement: Type.Union([
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()])),
    Type.Null(),
  ]),
  job_ids: Type.Array(Type.String()),
});

export type Session = Static<typeof Session>;

export const SessionJobs = Type.Object({
  session_id: Type.String(),
  total_jobs: Type.Integer(),
  completed_count: Type.Integer(),
  failed_count: Type.Integer(),
  pending_count: Type.Integer(),
  jobs: Type.Array(
    Type.Object({
      job_id: Type.String(),
      url: Type.String(),
      method: Type.String(),
      status: Type.String(),
      submitted_at: Type.String(),
      completed_at: Type.String(),
      download_url: Type.String(),
      error_message: Type.String(),
    }),
  ),
});

export type SessionJobs = Static<typeof SessionJobs>;

export const Empty = Type.Null({ description: 'empty body' });
