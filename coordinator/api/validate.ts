// The field parsers of request parts, with the contract's messages: each failure names the field.
// They run once per request part, in the schema validator (schema-validator.ts), never in handlers.
import { DEVICE_TYPES, JOB_METHODS, type JobMethod, NETWORK_TYPES, REGIONS } from '../../contract/index.js';
import { type PageOptions, PageOptionsError, parsePageOptions } from '../../proto/index.js';
import { invalid } from '../errors.js';
import type { AskedJob } from '../jobs/new-job.js';
import { isKnownCountry } from '../scheduler/regions.js';
import type { StorageType } from '../storage/types.js';
import type { Placement, StoredCookie, StoredHeader } from '../store/records.js';
import { validateJsonRpcBody } from './json-rpc.js';
import { parseWebhookField, type WebhookField } from './webhook-field.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What an HTTP client refuses in a header value (RFC 9110 field-value; node's and undici's check). */
const UNSENDABLE_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const PLACEMENT_KEYS = new Set([
  'region',
  'country',
  'city',
  'device_type',
  'network_type',
  'device_id',
  'asn',
]);
/** Largest 32-bit AS number (RFC 6793). */
const MAX_ASN = 4_294_967_295;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
export type Json = Record<string, unknown>;

export function asObject(body: unknown, what = 'body'): Json {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid(`${what} must be a JSON object`);
  }
  return body as Json;
}

export function optionalInt(obj: Json, field: string, min: number, max: number, def: number): number {
  const v = obj[field];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalid(`${field} must be an integer from ${min} to ${max}`);
  }
  return v;
}

export function optionalString(obj: Json, field: string): string | undefined {
  const v = obj[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(`${field} must be a string`);
  return v;
}

export function parseUrl(obj: Json): string {
  const v = obj.url;
  if (v === undefined || v === null || v === '') throw invalid('url is required');
  if (typeof v !== 'string') throw invalid('url must be a string');
  if (v.length > 8192) throw invalid('url must be at most 8192 characters');
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw invalid('url must be an absolute http or https URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw invalid('url must be an absolute http or https URL');
  return v;
}

export function parseMethod(obj: Json): JobMethod {
  const v = obj.method ?? 'GET';
  const upper = typeof v === 'string' ? v.toUpperCase() : '';
  const method = JOB_METHODS.find((m) => m === upper);
  if (method === undefined) throw invalid(`method must be one of ${JOB_METHODS.join(', ')}`);
  return method;
}

export function parseHeaders(obj: Json): StoredHeader[] {
  const v = obj.headers;
  if (v === undefined || v === null) return [];
  const headers = asObject(v, 'headers');
  const out: StoredHeader[] = [];
  for (const [name, values] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) throw invalid(`headers: ${JSON.stringify(name)} is not a valid header name`);
    const list = typeof values === 'string' ? [values] : values;
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
      throw invalid(`headers.${name} must be an array of strings`);
    }
    for (const value of list as string[]) {
      if (/[\r\n\0]/.test(value)) throw invalid(`headers.${name} must not contain line breaks`);
      // Anything else an HTTP client would refuse to send (an emoji, a control character) is
      // refused here, not left to fail on the device.
      if (UNSENDABLE_HEADER_CHAR.test(value)) {
        throw invalid(`headers.${name} must be Latin-1 text without control characters`);
      }
      out.push({ name, value });
    }
  }
  if (out.length > 200) throw invalid('headers must have at most 200 values');
  return out;
}

export function parseBody(obj: Json): string {
  const v = obj.body;
  if (v === undefined || v === null || v === '') return '';
  if (typeof v !== 'string' || !BASE64.test(v.replace(/\s+/g, '')))
    throw invalid('body must be base64-encoded');
  return v.replace(/\s+/g, '');
}

export function parseCookies(obj: Json): StoredCookie[] {
  const v = obj.cookies;
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalid('cookies must be an array of cookie objects');
  if (v.length > 200) throw invalid('cookies must have at most 200 entries');
  return v.map((item, i) => {
    const c = asObject(item, `cookies[${i}]`);
    const str = (f: string) => {
      const x = c[f];
      if (x === undefined || x === null) return undefined;
      if (typeof x !== 'string') throw invalid(`cookies[${i}].${f} must be a string`);
      return x;
    };
    const bool = (...fields: string[]) => {
      for (const f of fields) {
        const x = c[f];
        if (x === undefined || x === null) continue;
        if (typeof x !== 'boolean') throw invalid(`cookies[${i}].${f} must be a boolean`);
        return x;
      }
      return undefined;
    };
    const name = str('name');
    if (!name) throw invalid(`cookies[${i}].name is required`);
    const value = str('value') ?? '';
    if (/[;\r\n]/.test(name) || /[;\r\n]/.test(value))
      throw invalid(`cookies[${i}] must not contain ';' or line breaks`);
    return {
      name,
      value,
      domain: str('domain'),
      path: str('path'),
      secure: bool('secure'),
      httponly: bool('httponly', 'http_only', 'httpOnly'),
      samesite: str('samesite') ?? str('same_site'),
      expires: str('expires'),
    };
  });
}

export function parsePlacement(v: unknown, field = 'placement'): Placement {
  if (v === undefined || v === null) return {};
  const p = asObject(v, field);
  const out: Placement = {};
  for (const [key, value] of Object.entries(p)) {
    if (!PLACEMENT_KEYS.has(key)) throw invalid(`${field}.${key} is not a known placement field`);
    if (value === undefined || value === null) continue;
    if (key === 'asn') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ASN) {
        throw invalid(`${field}.asn must be an integer from 1 to ${MAX_ASN}`);
      }
      out.asn = value;
      continue;
    }
    if (typeof value !== 'string') throw invalid(`${field}.${key} must be a string`);
    (out as Record<string, string>)[key] = value;
  }
  if (out.region !== undefined) {
    const r = out.region.toUpperCase();
    if (!(REGIONS as readonly string[]).includes(r))
      throw invalid(`${field}.region must be one of ${REGIONS.join(', ')}`);
    out.region = r;
  }
  if (out.country !== undefined) {
    if (!/^[A-Za-z]{2}$/.test(out.country) || !isKnownCountry(out.country)) {
      throw invalid(`${field}.country must be an ISO 3166-1 alpha-2 country code`);
    }
    out.country = out.country.toUpperCase();
  }
  if (out.device_type !== undefined && !(DEVICE_TYPES as readonly string[]).includes(out.device_type)) {
    throw invalid(`${field}.device_type must be one of ${DEVICE_TYPES.join(', ')}`);
  }
  if (out.network_type !== undefined && !(NETWORK_TYPES as readonly string[]).includes(out.network_type)) {
    throw invalid(`${field}.network_type must be one of ${NETWORK_TYPES.join(', ')}`);
  }
  return out;
}

/** A non-empty list of distinct regions (case-insensitive in, upper case out); `def` when absent. */
export function parseRegions(obj: Json, field: string, def: readonly string[]): string[] {
  const v = obj[field];
  if (v === undefined || v === null) return [...def];
  const known = `${field} must be a non-empty array of regions from ${REGIONS.join(', ')}`;
  if (!Array.isArray(v) || v.length === 0) throw invalid(known);
  const out: string[] = [];
  for (const item of v) {
    const r = typeof item === 'string' ? item.toUpperCase() : '';
    if (!(REGIONS as readonly string[]).includes(r)) {
      throw invalid(`${field}: ${JSON.stringify(item)} is not one of ${REGIONS.join(', ')}`);
    }
    if (out.includes(r)) throw invalid(`${field}: ${r} is listed twice`);
    out.push(r);
  }
  return out;
}

/**
 * What POST /crawl/v1/new hands its handler (and a batch item its own): the body checked and in its
 * stored form, the job it asks for (jobs/new-job.ts AskedJob) with the API's own types.
 */
export interface SubmitInput extends AskedJob {
  method: JobMethod;
  webhook: WebhookField | null;
}

/** The page options of a job (proto/page.ts), with the contract's message on a refusal. */
function parsePage(body: Json, method: string, timeoutSec: number): PageOptions | undefined {
  try {
    const page = parsePageOptions(body, method, timeoutSec * 1000);
    return Object.keys(page).length > 0 ? page : undefined;
  } catch (err) {
    if (err instanceof PageOptionsError) throw invalid(err.message);
    throw err;
  }
}

/** What job submission checks against this coordinator's settings. */
export interface SubmitSettings {
  defaultStorageType: StorageType;
  hasStorage(type: StorageType): boolean;
  maxRequestBodyBytes: number;
}

/**
 * The body of job submission, in the order the contract lists its fields, then the checks that
 * depend on this coordinator (storage configured, body size) or on two fields (a JSON-RPC body).
 */
export function parseSubmitBody(raw: unknown, settings: SubmitSettings): SubmitInput {
  const body = asObject(raw);
  const url = parseUrl(body);
  const method = parseMethod(body);
  const timeoutSec = optionalInt(body, 'timeout_sec', 1, 300, 30);
  const headers = parseHeaders(body);
  const bodyBase64 = parseBody(body);
  const cookies = parseCookies(body);
  const placement = parsePlacement(body.placement);
  const storageType = optionalString(body, 'storage_type') ?? settings.defaultStorageType;
  if (storageType !== 'local' && storageType !== 's3') throw invalid('storage_type must be local or s3');
  if (body.session_id !== undefined && body.session_id !== null && !isUuid(body.session_id)) {
    throw invalid('session_id must be a UUID');
  }
  const webhook = parseWebhookField(body);
  const page = parsePage(body, method, timeoutSec);
  if (!settings.hasStorage(storageType)) {
    throw invalid(`storage_type ${storageType} is not configured on this coordinator`);
  }
  if (method === 'SOLANA_JSON_RPC') {
    const reason = validateJsonRpcBody(bodyBase64 || undefined);
    if (reason) throw invalid(reason);
  }
  if (bodyBase64 && Buffer.byteLength(bodyBase64) * 0.75 > settings.maxRequestBodyBytes) {
    throw invalid('body is too large');
  }
  const sessionId = typeof body.session_id === 'string' ? body.session_id.toLowerCase() : null;
  return {
    url,
    method,
    timeoutSec,
    headers,
    bodyBase64,
    cookies,
    placement,
    storageType,
    sessionId,
    webhook,
    ...(page ? { page } : {}),
  };
}

/** What POST /crawl/v1/session/new hands its handler. */
export interface SessionInput {
  durationSeconds: number;
  placement: Placement | null;
}

/** Session creation: an empty body is fine. */
export function parseSessionBody(raw: unknown): SessionInput {
  const body = raw === undefined || raw === null ? {} : asObject(raw);
  const durationSeconds = optionalInt(body, 'duration_seconds', 1, 3600, 60);
  const placement =
    body.placement === undefined || body.placement === null ? null : parsePlacement(body.placement);
  return { durationSeconds, placement };
}

/** A query flag: true, false, 1, 0 or empty; absent is false. */
export function parseFlag(query: unknown, field: string): boolean {
  const v = (query as Record<string, unknown> | undefined)?.[field];
  if (v !== undefined && !['true', 'false', '1', '0', ''].includes(String(v))) {
    throw invalid(`${field} must be true or false`);
  }
  return v === 'true' || v === '1';
}
