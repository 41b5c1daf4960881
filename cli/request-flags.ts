// Turns the curl-like flags of `crawl get` into the body of POST /crawl/v1/new.
import type { InputCookie, JobMethod, NewJobRequest, Placement, Region } from '../client/index.js';
import { type CliIo, UsageError } from './io.js';

// Every job method, as a record so the compiler holds it to exactly the contract's JobMethod (a
// missing or extra key does not compile). Not the contract's JOB_METHODS array: importing
// contract/common.js loads typebox, a third of `crawl`'s start time.
const METHOD_SET: Record<JobMethod, true> = {
  GET: true,
  POST: true,
  PUT: true,
  DELETE: true,
  HEAD: true,
  OPTIONS: true,
  SOLANA_JSON_RPC: true,
  CRAWL_FULL_PAGE: true,
};
const METHODS = Object.keys(METHOD_SET) as JobMethod[];

export interface PlacementFlags {
  region?: string;
  country?: string;
  city?: string;
  deviceType?: string;
  networkType?: string;
  deviceId?: string;
  asn?: string;
}

export interface GetFlags extends PlacementFlags {
  request?: string;
  header: string[];
  data?: string;
  dataBinary?: string;
  cookie: string[];
  fullPage?: boolean;
  session?: string;
  timeout?: string;
  // Driving and reading the page (docs/actions.md).
  actions?: string;
  extract?: string;
  har?: string;
  pdf?: string;
  pdfFormat?: string;
  audit?: boolean;
}

/** Commander collector for repeatable flags. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

export function parseIntFlag(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${value}"`);
  }
  return n;
}

export function placementFrom(f: PlacementFlags): Placement | undefined {
  const p: Placement = {};
  // The coordinator validates the values and names the field; the CLI passes them through.
  if (f.region) p.region = f.region.toUpperCase() as Region;
  if (f.country) p.country = f.country;
  if (f.city) p.city = f.city;
  if (f.deviceType) p.device_type = f.deviceType as Placement['device_type'];
  if (f.networkType) p.network_type = f.networkType as Placement['network_type'];
  if (f.deviceId) p.device_id = f.deviceId;
  const asn = parseIntFlag('--asn', f.asn, 1, 4_294_967_295);
  if (asn !== undefined) p.asn = asn;
  return Object.keys(p).length > 0 ? p : undefined;
}

function parseHeaders(lines: string[]): Record<string, string[]> | undefined {
  if (lines.length === 0) return undefined;
  const out: Record<string, string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new UsageError(`-H wants "Name: value", not "${line}"`);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const list = out[name] ?? [];
    list.push(value);
    out[name] = list;
  }
  return out;
}

/** `--cookie "a=1; b=2"` (repeatable) → input cookies. */
function parseCookies(values: string[]): InputCookie[] | undefined {
  const out: InputCookie[] = [];
  for (const value of values) {
    for (const part of value.split(';')) {
      const pair = part.trim();
      if (!pair) continue;
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new UsageError(`--cookie wants "name=value; name2=value2", not "${value}"`);
      out.push({ name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() });
    }
  }
  return out.length > 0 ? out : undefined;
}

/** `--data TEXT`, `--data @FILE` or `--data-binary @FILE` → the body bytes. */
async function readData(f: GetFlags, io: CliIo): Promise<Buffer | undefined> {
  if (f.data !== undefined && f.dataBinary !== undefined) {
    throw new UsageError('give either --data or --data-binary, not both');
  }
  const spec = f.dataBinary ?? f.data;
  if (spec === undefined) return undefined;
  if (!spec.startsWith('@')) return Buffer.from(spec, 'utf8');
  const file = spec.slice(1);
  try {
    return await io.readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

export async function jobRequestFrom(url: string, f: GetFlags, io: CliIo): Promise<NewJobRequest> {
  const body = await readData(f, io);
  let method: string = f.request?.toUpperCase() ?? (body ? 'POST' : 'GET');
  if (f.fullPage) {
    if (f.request && method !== 'CRAWL_FULL_PAGE')
      throw new UsageError('--full-page cannot be combined with -X');
    method = 'CRAWL_FULL_PAGE';
  }
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new UsageError(`-X must be one of ${METHODS.join(', ')}, not "${f.request}"`);
  }
  const req: NewJobRequest = { url, method: method as JobMethod };
  const headers = parseHeaders(f.header);
  if (headers) req.headers = headers;
  if (body) req.body = body.toString('base64');
  const cookies = parseCookies(f.cookie);
  if (cookies) req.cookies = cookies;
  const timeout = parseIntFlag('--timeout', f.timeout, 1, 300);
  if (timeout !== undefined) req.timeout_sec = timeout;
  if (f.session) req.session_id = f.session;
  const placement = placementFrom(f);
  if (placement) req.placement = placement;
  await pageFieldsFrom(f, io, req);
  return req;
}

/** A JSON file a flag names (`--actions actions.json`); the coordinator checks what is in it. */
async function readJson(flag: string, file: string, io: CliIo): Promise<unknown> {
  let text: string;
  try {
    text = (await io.readFile(file)).toString('utf8');
  } catch (err) {
    throw new UsageError(`${flag}: cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${flag}: ${file} is not JSON: ${(err as Error).message}`);
  }
}

/** --actions, --extract, --har, --pdf and --audit: the page fields of the request. */
async function pageFieldsFrom(f: GetFlags, io: CliIo, req: NewJobRequest): Promise<void> {
  if (f.actions) req.actions = (await readJson('--actions', f.actions, io)) as NewJobRequest['actions'];
  if (f.extract) req.extract = (await readJson('--extract', f.extract, io)) as NewJobRequest['extract'];
  if (f.har) req.har = true;
  if (f.pdf) req.pdf = { format: (f.pdfFormat ?? 'A4') as 'A4', print_background: true };
  if (f.audit) req.audits = ['lighthouse'];
}
