// Shapes shared by every resource of the public API: ids, placement, header and cookie records,
// the Job object and the two error bodies. Plain JSON Schema (TypeBox), importable by any client.
import { type Static, type TLiteral, Type } from 'typebox';

/** The HTTP methods a job may use; the one list (proto/ and the CLI take theirs from here). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** Every job method: the HTTP ones and the two kinds of job that are not one HTTP request. */
export const JOB_METHODS = [...HTTP_METHODS, 'SOLANA_JSON_RPC', 'CRAWL_FULL_PAGE'] as const;
export type JobMethod = (typeof JOB_METHODS)[number];
export const REGIONS = ['NA', 'EU', 'APAC', 'LATAM', 'MEA'] as const;
export const DEVICE_TYPES = ['mobile', 'desktop', 'server'] as const;
export const NETWORK_TYPES = ['wifi', 'cellular', 'ethernet'] as const;
export type Region = (typeof REGIONS)[number];
export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;

/**
 * One literal schema per value, typed as a tuple: `Type.Union(literals(X))` has the static type
 * `X[number]`, where `Type.Union(X.map(Type.Literal))` (an array, not a tuple) would have `never`.
 */
export const literals = <const T extends readonly string[]>(values: T) =>
  values.map((v) => Type.Literal(v)) as { -readonly [K in keyof T]: TLiteral<T[K]> };

/** A pattern matching any of `words` in any letter case (JSON Schema patterns have no `i` flag). */
export function caseInsensitive(words: readonly string[]): string {
  const letter = (ch: string) => (/[a-z]/i.test(ch) ? `[${ch.toUpperCase()}${ch.toLowerCase()}]` : ch);
  return `^(?:${words.map((w) => [...w].map(letter).join('')).join('|')})$`;
}

/** `T`, or null / absent: optional request fields accept an explicit null as "not given". */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Optional(Type.Union([t, Type.Null()]));

/** Path ids: a UUID; anything else names nothing and is answered the route's 404 (never a 400). */
export const IdParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'resource id (a UUID; anything else is answered 404)' }),
});

export const Placement = Type.Object(
  {
    region: Nullable(Type.String({ pattern: caseInsensitive(REGIONS), description: REGIONS.join(' | ') })),
    country: Nullable(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
    city: Nullable(Type.String({ description: 'matched case-insensitively' })),
    device_type: Nullable(Type.Union(literals(DEVICE_TYPES))),
    network_type: Nullable(Type.Union(literals(NETWORK_TYPES))),
    device_id: Nullable(Type.String()),
    asn: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 4_294_967_295,
        description: "the device's egress autonomous system number, e.g. 15169",
      }),
    ),
  },
  { additionalProperties: false, description: 'placement constraints; unknown keys are 400' },
);
export type Placement = Static<typeof Placement>;

export const HeaderRecord = Type.Object({ name: Type.String(), value: Type.String() });

export const CookieRecord = Type.Object({
  domain: Type.String(),
  expires: Type.String({ description: 'ISO 8601 or ""' }),
  httponly: Type.Boolean(),
  max_age: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  samesite: Type.String({ description: 'Lax | Strict | None | ""' }),
  secure: Type.Boolean(),
  value: Type.String(),
});

export const Job = Type.Object({
  job_id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  method: Type.Union(literals(JOB_METHODS)),
  status: Type.Union(literals(JOB_STATUSES)),
  submitted_at: Type.String({ description: 'ISO 8601 UTC with nine fractional digits' }),
  timeout_sec: Type.Integer({ minimum: 1, maximum: 300 }),
  placement: Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()]), {
    description: 'as given; asn is a number',
  }),
  storage_type: Type.Union([Type.Literal('local'), Type.Literal('s3')]),
  session_id: Type.Optional(Type.String({ format: 'uuid' })),
  sweep_id: Type.Optional(Type.String({ format: 'uuid' })),
  device_id: Type.Optional(
    Type.String({
      description:
        'the device of the latest try: running on it, completed by it, or failed on it; absent while pending and for jobs no device ever took',
    }),
  ),
  completed_at: Type.Optional(Type.String()),
  error_type: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  error_message: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  archived_at: Type.Optional(Type.String()),
});
export type Job = Static<typeof Job>;

/** Error body of job, status, sweep and device endpoints: the bare message as a JSON string. */
export const StringError = Type.String({
  description: 'the contract message, e.g. "invalid request: url is required"',
});
/** Error body of session endpoints. */
export const ObjectError = Type.Object({ error: Type.String() }, { description: 'the contract message' });

/** Error answers by status, in the bare-string shape. */
export const stringErrors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, StringError]));
/** The error answers every job-shaped route may give, by status. */
export const jobErrors = (...statuses: number[]) =>
  Object.fromEntries([400, 401, 500, ...statuses].map((s) => [s, StringError]));
/** The error answers every session route may give, by status. */
export const sessionErrors = (...statuses: number[]) =>
  Object.fromEntries([400, 401, 500, ...statuses].map((s) => [s, ObjectError]));
