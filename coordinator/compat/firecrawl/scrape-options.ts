// Firecrawl's scrape options (the body of /scrape, each URL of a batch, a crawl's scrapeOptions)
// as a job of this network and the document to answer with (docs/compat.md, "Firecrawl"). Every
// option is mapped, accepted with a stated reason, or refused naming it; an unknown one is refused
// like Firecrawl's strict schema refuses it.
//
// A page is fetched with a plain GET unless something needs a browser — a screenshot, actions,
// `waitFor`, a pdf — then it is loaded in Chromium on the device (CRAWL_FULL_PAGE) and read from
// the rendered DOM. `waitFor` is the way to ask for a page built by script.
import type { PageAction } from '../../../proto/index.js';
import { invalid } from '../../errors.js';
import { isKnownCountry } from '../../scheduler/regions.js';
import { type ActionResult, mapActions } from './actions.js';
import { unsupportedOption } from './errors.js';
import { jsonExtraction, type UnwrapPath } from './json-extract.js';

export type ApiVersion = 'v1' | 'v2';
/** Where the options are used: a page of its own, a page of a batch, or every page of a crawl. */
export type OptionsContext = 'scrape' | 'batch' | 'crawl';
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Firecrawl's default timeout of a scrape, ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The action screenshot a viewport `screenshot` format is taken as (the job's own is the whole page). */
export const VIEWPORT_SHOT = 'firecrawl-viewport';
/** Longest job time here, s: 300 for a page of its own, 120 for a crawl's pages (api/crawl-body.ts). */
const MAX_TIMEOUT_SEC: Record<OptionsContext, number> = { scrape: 300, batch: 300, crawl: 120 };

/** What the document of a page shows (stored with a crawl or batch, docs/compat.md). */
export interface DocShape {
  markdown: boolean;
  html: boolean;
  rawHtml: boolean;
  links: boolean;
  images: boolean;
  /** none, the first viewport (an action screenshot, VIEWPORT_SHOT), or the job's whole-page one. */
  screenshot: 'none' | 'viewport' | 'full';
  /** The extraction's value, under `json` (v2, v1 json) or `extract` (v1 extract). */
  json: { key: 'json' | 'extract'; unwrap: UnwrapPath[] } | null;
  onlyMainContent: boolean;
  includeTags: string[];
  excludeTags: string[];
  removeBase64Images: boolean;
  /** Where each of the caller's actions left its result; null without actions. */
  actions: ActionResult[] | null;
}

export interface ScrapeMapping {
  /** The job's fields as POST /crawl/v1/new takes them, without `url`. */
  job: Json;
  shape: DocShape;
  /** How long the caller waits for the page, ms (Firecrawl's `timeout`). */
  timeoutMs: number;
}

/** Options taken as given, each with why it changes nothing here (docs/compat.md lists them). */
const ACCEPTED = new Set([
  // The request's own labels.
  'origin',
  'integration',
  // Every answer is fetched fresh, so it is always within any maxAge; nothing is cached to store.
  'maxAge',
  'storeInCache',
  // Every fetch leaves from a real device: there is no proxy tier to choose.
  'proxy',
  // Devices verify TLS always; a bad certificate is a failed page (tls), not skipped.
  'skipTlsVerification',
  // No ad blocking and no fast mode: pages are fetched as a browser or client on the device would.
  'blockAds',
  'fastMode',
  // PDFs are fetched, not parsed into text; the parser list has nothing to choose.
  'parsers',
  'parsePDF',
  'auditMetadata',
  'toolDetail',
  '__experimental_omce',
  '__experimental_omceDomain',
]);

/** Options refused when given a value that asks for something (false, null, [] ask nothing). */
const REFUSED: Record<string, string> = {
  minAge: 'no page is kept to be served again: every answer is fetched fresh',
  useMock: 'there are no recorded answers to replay',
  lockdown: 'every fetch goes out to the page from a device',
  redactPII: 'finding personal data needs a language model',
  threatProtection: 'pages are not scanned here',
  profile: "browser profiles are not kept between requests (use the native API's sessions: docs/api.md)",
  zeroDataRetention: 'page content is kept for the retention of the coordinator (docs/storage.md)',
  domainTools: 'there is no tool index here',
  changeTrackingOptions: "this network keeps no history of a URL's earlier scrapes to compare with",
  agent: 'it needs a language model',
  __searchPreviewToken: 'there is no search here',
};

const asks = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0);

/** The keys of the scrape options (the body's other keys are the endpoint's own). */
export const SCRAPE_OPTION_KEYS: ReadonlySet<string> = new Set([
  'formats',
  'headers',
  'includeTags',
  'excludeTags',
  'onlyMainContent',
  'timeout',
  'waitFor',
  'mobile',
  'actions',
  'location',
  'removeBase64Images',
  'jsonOptions',
  'extract',
  ...ACCEPTED,
  ...Object.keys(REFUSED),
]);

function bool(o: Json, key: string, field: string, def: boolean): boolean {
  const v = o[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'boolean') throw invalid(`${field}${key} must be true or false`);
  return v;
}

function int(o: Json, key: string, field: string, min: number, max: number): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalid(`${field}${key} must be an integer from ${min} to ${max}`);
  }
  return v;
}

function strings(o: Json, key: string, field: string): string[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === '')) {
    throw invalid(`${field}${key} must be a list of CSS selectors`);
  }
  return v as string[];
}

/** Formats that need what this network does not have. */
const REFUSED_FORMATS: Record<string, string> = {
  summary: 'a summary needs a language model',
  question: 'answering a question needs a language model',
  highlights: 'picking highlights needs a language model',
  query: 'answering a query needs a language model',
  branding: 'reading a brand profile needs a language model',
  product: 'reading a product profile needs a language model',
  menu: 'reading a menu needs a language model',
  audio: 'audio is not extracted from pages here',
  video: 'video is not extracted from pages here',
  changeTracking:
    "this network keeps no history of a URL's earlier scrapes to compare with (recurring sweeps compare " +
    'their own runs: docs/sweeps.md)',
  attributes: 'use the json format with x-selector and x-attribute on each value (docs/compat.md)',
};

interface JsonAsk {
  schema: unknown;
  prompt: unknown;
  systemPrompt?: unknown;
  field: string;
  key: 'json' | 'extract';
}

interface Formats {
  shape: Pick<DocShape, 'markdown' | 'html' | 'rawHtml' | 'links' | 'images' | 'screenshot'>;
  json: JsonAsk | null;
}

/** The `formats` list, v1's strings or v2's strings and objects. */
function readFormats(body: Json, version: ApiVersion, field: string): Formats {
  const raw = body.formats ?? ['markdown'];
  const at = `${field}formats`;
  if (!Array.isArray(raw)) throw invalid(`${at} must be a list of formats`);
  const out: Formats = {
    shape: { markdown: false, html: false, rawHtml: false, links: false, images: false, screenshot: 'none' },
    json: null,
  };
  raw.forEach((f, i) => {
    const entry = typeof f === 'string' ? { type: f } : f;
    if (!isObject(entry) || typeof entry.type !== 'string') {
      throw invalid(`${at}[${i}] must be a format name or an object with a type`);
    }
    const type = entry.type;
    const refused = REFUSED_FORMATS[type];
    if (refused !== undefined) throw unsupportedOption(`${at}[${i}] (${type})`, refused);
    switch (type) {
      case 'markdown':
      case 'content':
        out.shape.markdown = true;
        return;
      case 'html':
      case 'rawHtml':
      case 'links':
      case 'images':
        out.shape[type] = true;
        return;
      case 'screenshot':
      case 'screenshot@fullPage': {
        if (out.shape.screenshot !== 'none') throw invalid(`${at}: give one screenshot format`);
        if (entry.viewport !== undefined) {
          throw unsupportedOption(
            `${at}[${i}].viewport`,
            "the device's own viewport is used (its device type)",
          );
        }
        out.shape.screenshot =
          type === 'screenshot@fullPage' || entry.fullPage === true ? 'full' : 'viewport';
        return;
      }
      case 'json':
      case 'extract': {
        if (out.json) throw invalid(`${at}: give one json format`);
        if (version === 'v1' || typeof f === 'string') {
          // v1: the string names the format; its options are the body's jsonOptions or extract.
          const key = type === 'json' ? 'jsonOptions' : 'extract';
          const opts = body[key];
          if (!isObject(opts)) throw invalid(`${field}${key} is required with the ${type} format`);
          out.json = {
            schema: opts.schema,
            prompt: opts.prompt,
            systemPrompt: opts.systemPrompt,
            field: `${field}${key}`,
            key: type === 'json' ? 'json' : 'extract',
          };
        } else {
          out.json = { schema: entry.schema, prompt: entry.prompt, field: `${at}[${i}]`, key: 'json' };
        }
        return;
      }
      default:
        throw invalid(`${at}[${i}]: ${JSON.stringify(type)} is not a known format`);
    }
  });
  return out;
}

/** The extraction a json format asks for, or its refusal when it needs a language model. */
function jsonOf(ask: JsonAsk): { extract: Json; unwrap: UnwrapPath[] } {
  for (const key of ['prompt', 'systemPrompt'] as const) {
    const v = ask[key];
    if (typeof v === 'string' && v.trim() !== '') {
      throw unsupportedOption(
        `${ask.field}.${key}`,
        'following a prompt needs a language model; give a schema whose values carry x-selector (docs/compat.md)',
      );
    }
  }
  if (ask.schema === undefined || ask.schema === null) {
    throw unsupportedOption(
      ask.field,
      'without a language model a json format needs a schema with x-selector on its values',
    );
  }
  const { spec, unwrap } = jsonExtraction(ask.schema, `${ask.field}.schema`);
  return { extract: spec as unknown as Json, unwrap };
}

/** location.country → placement.country (US-generic, Firecrawl's default, is the US); languages → Accept-Language. */
export function locationOf(body: Json, field: string): { country: string | null; languages: string[] } {
  const loc = body.location;
  if (loc === undefined || loc === null) return { country: null, languages: [] };
  if (!isObject(loc)) throw invalid(`${field}location must be an object`);
  for (const key of Object.keys(loc)) {
    if (key !== 'country' && key !== 'languages')
      throw invalid(`${field}location.${key} is not a known field`);
  }
  let country: string | null = null;
  if (loc.country !== undefined && loc.country !== null) {
    const c = loc.country;
    if (typeof c !== 'string') throw invalid(`${field}location.country must be a string`);
    if (c === 'US-generic') country = 'US';
    else if (/^[A-Za-z]{2}$/.test(c) && isKnownCountry(c)) country = c.toUpperCase();
    else throw invalid(`${field}location.country must be an ISO 3166-1 alpha-2 country code`);
  }
  const languages = strings(loc, 'languages', `${field}location.`);
  return { country, languages };
}

function headersOf(body: Json, field: string): Record<string, string> {
  const h = body.headers;
  if (h === undefined || h === null) return {};
  if (!isObject(h) || Object.values(h).some((v) => typeof v !== 'string')) {
    throw invalid(`${field}headers must be an object of header names and string values`);
  }
  return { ...(h as Record<string, string>) };
}

/**
 * The job and document `body`'s scrape options ask for. `field` prefixes names in messages
 * (`scrapeOptions.` for a crawl's); `own` are the endpoint's other keys (url, urls, limit, …).
 */
export function mapScrapeOptions(
  body: Json,
  o: { version: ApiVersion; context: OptionsContext; field?: string; own?: readonly string[] },
): ScrapeMapping {
  const field = o.field ?? '';
  const own = new Set(o.own ?? []);
  for (const key of Object.keys(body)) {
    if (!SCRAPE_OPTION_KEYS.has(key) && !own.has(key)) throw invalid(`${field}${key} is not a known field`);
    const refused = REFUSED[key];
    if (refused !== undefined && asks(body[key])) throw unsupportedOption(`${field}${key}`, refused);
  }
  const crawl = o.context === 'crawl';
  const formats = readFormats(body, o.version, field);
  const waitFor = int(body, 'waitFor', field, 0, 60_000) ?? 0;
  const givenTimeoutMs = int(body, 'timeout', field, 1, Number.MAX_SAFE_INTEGER);
  // Firecrawl's own bound, worded as it words it (the job's own check would name our fields).
  if (givenTimeoutMs !== undefined && waitFor > givenTimeoutMs / 2) {
    throw invalid(`${field}waitFor must not exceed half of timeout`);
  }
  // Without a timeout, the wait comes on top of the default one.
  const timeoutMs = givenTimeoutMs ?? DEFAULT_TIMEOUT_MS + waitFor;
  const timeoutSec = Math.min(MAX_TIMEOUT_SEC[o.context], Math.max(1, Math.ceil(timeoutMs / 1000)));
  const location = locationOf(body, field);
  const headers = headersOf(body, field);
  const mobile = bool(body, 'mobile', field, false);

  const actions: PageAction[] = [];
  let results: ActionResult[] | null = null;
  let pdf: Json | null = null;
  if (waitFor > 0 && !crawl) actions.push({ type: 'wait', ms: waitFor });
  if (asks(body.actions)) {
    if (crawl)
      throw unsupportedOption(
        `${field}actions`,
        "a crawl's pages take no page actions here; batch scrape the URLs with them",
      );
    const mapped = mapActions(body.actions, `${field}actions`, actions.length);
    actions.push(...mapped.actions);
    const waitedMs = actions.reduce((ms, a) => ms + (a.type === 'wait' ? a.ms : 0), 0);
    if (waitedMs >= timeoutSec * 1000) {
      throw invalid(`${field}waitFor and the wait actions add up to ${waitedMs} ms, more than the timeout`);
    }
    results = mapped.results;
    if (mapped.pdf) pdf = { ...mapped.pdf };
  }
  if (formats.shape.screenshot === 'viewport') {
    if (crawl) {
      throw unsupportedOption(
        `${field}formats (screenshot)`,
        "a crawl's pages have their whole-page screenshot only: ask screenshot with fullPage: true",
      );
    }
    actions.push({ type: 'screenshot', name: VIEWPORT_SHOT });
  }
  let json: DocShape['json'] = null;
  let extract: Json | null = null;
  if (formats.json) {
    if (crawl)
      throw unsupportedOption(
        `${field}formats (json)`,
        "a crawl's pages take no extraction here; batch scrape the URLs with it",
      );
    const mapped = jsonOf(formats.json);
    extract = mapped.extract;
    json = { key: formats.json.key, unwrap: mapped.unwrap };
  }
  if (
    location.languages.length > 0 &&
    !Object.keys(headers).some((h) => h.toLowerCase() === 'accept-language')
  ) {
    if (crawl)
      throw unsupportedOption(
        `${field}location.languages`,
        "a crawl's pages are fetched without request headers of the caller's",
      );
    headers['Accept-Language'] = location.languages.join(', ');
  }
  if (crawl && Object.keys(headers).length > 0) {
    throw unsupportedOption(
      `${field}headers`,
      "a crawl's pages are fetched without request headers of the caller's",
    );
  }
  const browser = formats.shape.screenshot !== 'none' || actions.length > 0 || waitFor > 0 || pdf !== null;
  const placement: Json = {};
  if (location.country) placement.country = location.country;
  if (mobile) placement.device_type = 'mobile';
  const job: Json = {
    method: browser ? 'CRAWL_FULL_PAGE' : 'GET',
    timeout_sec: timeoutSec,
    placement,
  };
  if (Object.keys(headers).length > 0) job.headers = headers;
  if (actions.length > 0) job.actions = actions;
  if (extract) job.extract = extract;
  if (pdf) job.pdf = pdf;
  return {
    job,
    timeoutMs,
    shape: {
      ...formats.shape,
      json,
      onlyMainContent: bool(body, 'onlyMainContent', field, true),
      includeTags: strings(body, 'includeTags', field),
      excludeTags: strings(body, 'excludeTags', field),
      removeBase64Images: bool(body, 'removeBase64Images', field, true),
      actions: results,
    },
  };
}
