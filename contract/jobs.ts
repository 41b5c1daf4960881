// Job endpoints: submit, batch status, status, detail, download (docs/api.md "Jobs").
import { type Static, Type } from 'typebox';
import {
  CookieRecord,
  caseInsensitive,
  HeaderRecord,
  JOB_METHODS,
  Job,
  literals,
  Nullable,
  Placement,
} from './common.js';
import { PageDownloadFields, PageFields } from './page.js';
import { WebhookSpec } from './push.js';

export const MAX_BATCH_IDS = 1000;
export const DOWNLOAD_FORMATS = [
  'json',
  'raw',
  'html',
  'markdown',
  'text',
  // A page's extras (docs/actions.md).
  'extract',
  'har',
  'pdf',
  'lighthouse',
] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** A cookie name or value: no ';' and no line break (they would split the Cookie header). */
const CookieText = (options: { minLength?: number } = {}) =>
  Type.String({ ...options, pattern: '^[^;\\r\\n]*$' });

export const InputCookie = Type.Object({
  name: CookieText({ minLength: 1 }),
  value: Nullable(CookieText()),
  domain: Nullable(Type.String()),
  path: Nullable(Type.String()),
  secure: Nullable(Type.Boolean()),
  httponly: Nullable(Type.Boolean()),
  http_only: Nullable(Type.Boolean()),
  httpOnly: Nullable(Type.Boolean()),
  samesite: Nullable(Type.String()),
  same_site: Nullable(Type.String()),
  expires: Nullable(Type.String()),
});

/** A header value an HTTP client will send: tab, visible ASCII and Latin-1 (RFC 9110 field-value). */
export const HEADER_VALUE_PATTERN = '^[\\t\\x20-\\x7e\\x80-\\xff]*$';
const HeaderValue = Type.String({ pattern: HEADER_VALUE_PATTERN });

/** POST /crawl/v1/new. Unknown top-level fields are ignored. */
export const SubmitBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 8192, description: 'absolute http or https URL' }),
  method: Nullable(
    Type.String({ pattern: caseInsensitive(JOB_METHODS), description: `${JOB_METHODS.join(' | ')}` }),
  ),
  timeout_sec: Nullable(Type.Integer({ minimum: 1, maximum: 300, default: 30 })),
  headers: Nullable(
    Type.Record(
      Type.String({ pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" }),
      Type.Union([HeaderValue, Type.Array(HeaderValue)]),
      {
        additionalProperties: false,
        description:
          'header name (an HTTP token) to its values (a single string is one value); values are Latin-1 without control characters (tab allowed); at most 200 values',
      },
    ),
  ),
  body: Nullable(Type.String({ format: 'byte', description: 'base64 request body (whitespace ignored)' })),
  cookies: Nullable(Type.Array(InputCookie, { maxItems: 200 })),
  session_id: Nullable(Type.String({ format: 'uuid' })),
  placement: Nullable(Placement),
  storage_type: Nullable(Type.Union([Type.Literal('local'), Type.Literal('s3')])),
  webhook: Nullable(WebhookSpec),
  // Driving and reading the page (docs/actions.md).
  ...PageFields,
  api_key: Type.Optional(
    Type.Unknown({ description: 'API key (a string) as an alternative to the Authorization header' }),
  ),
});
export type SubmitBody = Static<typeof SubmitBody>;

export const BatchBody = Type.Object({
  job_ids: Type.Array(Type.Unknown(), {
    maxItems: MAX_BATCH_IDS,
    description: 'job ids; an entry that is not a UUID string is answered invalid_uuid',
  }),
});

const BatchEntry = Type.Union([
  Type.Object({ job: Job }),
  Type.Object({
    error: Type.Object({
      code: Type.Union([Type.Literal('not_found'), Type.Literal('invalid_uuid')]),
      message: Type.String(),
    }),
  }),
]);

export const BatchResponse = Type.Object({
  requested_count: Type.Integer({ minimum: 0 }),
  found_count: Type.Integer({ minimum: 0 }),
  results: Type.Record(Type.String(), BatchEntry, { description: 'keyed by each requested id as given' }),
});
export type BatchResponse = Static<typeof BatchResponse>;

const BoolQuery = Type.String({ pattern: '^(true|false|1|0|)$' });

export const DetailQuery = Type.Object({
  parse_cookies: Type.Optional(BoolQuery),
  include_body: Type.Optional(BoolQuery),
});

export const JobResult = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  success: Type.Boolean(),
  status_code: Type.Integer(),
  size_bytes: Type.Integer(),
  time_ms: Type.Integer(),
  timestamp_ms: Type.Integer(),
  tls_cipher_suite: Type.String(),
  tls_version: Type.String(),
  error_message: Type.Optional(Type.String()),
  error_type: Type.Optional(Type.String()),
  network: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'metadata.network' })),
});

export const Detail = Type.Object({
  job: Job,
  download_url: Type.String(),
  status_code: Type.Union([Type.Integer(), Type.Null()], {
    description: "the crawled response's status; null until the device has reported",
  }),
  request_headers: Type.Array(HeaderRecord),
  response_headers: Type.Array(HeaderRecord),
  request_cookies: Type.Array(CookieRecord),
  response_cookies: Type.Array(CookieRecord),
  result: Type.Union([JobResult, Type.Null()]),
  body: Type.Optional(Type.String({ description: 'with include_body=true: the response body' })),
  body_encoding: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('base64')])),
});

export type Detail = Static<typeof Detail>;

export const DownloadQuery = Type.Object({
  format: Type.Optional(Type.Union(literals(DOWNLOAD_FORMATS), { default: 'json' })),
});

/** The JSON download object; the other formats answer the content itself (see DownloadResponse). */
export const Download = Type.Object({
  id: Type.String(),
  hasFullPage: Type.Boolean(),
  hasPerformanceMetrics: Type.Boolean(),
  hasReader: Type.Boolean(),
  hasScreenshot: Type.Boolean(),
  fullPage: Type.String(),
  readerContent: Type.String(),
  screenshot: Type.String({ description: 'base64 PNG' }),
  markdown: Type.Optional(Type.String({ description: 'main content as markdown, for HTML pages' })),
  mainRequest: Type.Object({
    headers: Type.Array(HeaderRecord),
    jobId: Type.String(),
    method: Type.String(),
    timeoutSec: Type.Integer(),
    url: Type.String(),
  }),
  mainResult: Type.Object({
    body: Type.String(),
    bodyEncoding: Type.Union([Type.Literal('text'), Type.Literal('base64')]),
    errorMessage: Type.String(),
    errorType: Type.String(),
    finalUrl: Type.String(),
    headers: Type.Array(HeaderRecord),
    sizeBytes: Type.Integer(),
    statusCode: Type.Integer(),
    success: Type.Boolean(),
    timeUs: Type.Integer(),
    tlsCipherSuite: Type.String(),
    tlsVersion: Type.String(),
  }),
  performanceMetrics: Type.Record(Type.String(), Type.Unknown()),
  requestResults: Type.Record(
    Type.String(),
    Type.Object({ sizeBytes: Type.Integer(), statusCode: Type.Integer(), success: Type.Boolean() }),
  ),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  ...PageDownloadFields,
});

export type Download = Static<typeof Download>;

/** 200 of the download endpoint: the object for format=json, the content for the other forms. */
export const DownloadResponse = {
  description:
    'json: the download object; raw: the body bytes with their own content type; html, markdown, text: the content form',
  content: {
    'application/json': { schema: Download },
    'text/html': { schema: Type.String() },
    'text/markdown': { schema: Type.String() },
    'text/plain': { schema: Type.String() },
    '*/*': { schema: Type.String({ description: 'format=raw: the body as received' }) },
  },
};
