// Operator endpoints: the caller's usage against its limits.
import { Type } from 'typebox';

const Limit = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

export const Usage = Type.Object({
  key_id: Type.String(),
  limits: Type.Object({
    requests_per_minute: Limit,
    jobs_per_day: Limit,
    concurrent_jobs: Limit,
    sweeps_per_day: Limit,
    // Egress proxy quotas (docs/proxy.md).
    proxy_bytes_per_day: Type.Optional(Limit),
    proxy_connections_per_day: Type.Optional(Limit),
  }),
  usage: Type.Object({
    requests_this_minute: Type.Integer({ minimum: 0 }),
    jobs_today: Type.Integer({ minimum: 0 }),
    sweeps_today: Type.Integer({ minimum: 0 }),
    unfinished_jobs: Type.Integer({ minimum: 0 }),
    // Egress proxy use today (docs/proxy.md).
    proxy_bytes_today: Type.Optional(Type.Integer({ minimum: 0 })),
    proxy_connections_today: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  resets: Type.Object({ minute: Type.String(), day: Type.String() }),
});
