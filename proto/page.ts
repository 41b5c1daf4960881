// Vocabulary of driving and reading a page, shared by both ends of the link: the actions, the
// extraction schema, the PDF and audit options, their bounds, and one parser that checks them. The
// coordinator's API runs the parser on the request (its messages become `invalid request: …`); the
// agent runs it again on what the wire carried, since it trusts no peer's JSON (docs/actions.md).

/** What an agent can do in a page beyond loading it (Capabilities.page_features). */
export const PAGE_FEATURES = ['actions', 'extract', 'har', 'pdf', 'lighthouse'] as const;
export type PageFeature = (typeof PAGE_FEATURES)[number];

export const ACTION_TYPES = [
  'wait',
  'wait_for',
  'click',
  'type',
  'press',
  'scroll',
  'select',
  'hover',
  'screenshot',
  'evaluate',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const PDF_FORMATS = ['A4', 'Letter', 'Legal', 'A3', 'Tabloid'] as const;
export const AUDITS = ['lighthouse'] as const;
export const EXTRACT_TYPES = ['text', 'html', 'attribute', 'nested', 'list'] as const;
export const EXTRACT_TRANSFORMS = ['trim', 'number', 'absolute_url'] as const;

/** Bounds of a request: the API refuses more, the agent refuses more again. */
export const PAGE_LIMITS = {
  maxActions: 50,
  maxSelectorChars: 1024,
  /** A `type` action's text. */
  maxTextChars: 10_000,
  /** An `evaluate` action's script. */
  maxScriptChars: 20_000,
  maxKeyChars: 64,
  maxNameChars: 64,
  maxScreenshots: 10,
  maxSelectValues: 50,
  /** Scroll steps of one `scroll` action. */
  maxScrollSteps: 200,
  maxScrollPx: 100_000,
  /** The extraction schema (and JSON Schema) as JSON. */
  maxExtractJsonChars: 64 * 1024,
  maxExtractFields: 200,
  maxExtractDepth: 5,
} as const;

/** Bounds of a result: the agent cuts or refuses past them. */
export const PAGE_RESULT_LIMITS = {
  /** An evaluate's JSON result; larger is a failed action. */
  maxEvaluateJsonBytes: 64 * 1024,
  /** The extracted JSON value. */
  maxExtractedBytes: 1024 * 1024,
  maxExtractErrors: 50,
  maxErrorChars: 500,
  /** All named screenshots together (base64 JSON). */
  maxActionScreenshotsBytes: 8 * 1024 * 1024,
  maxLighthouseSummaryBytes: 32 * 1024,
} as const;

interface ActionBase {
  /** A failure of this action is reported but does not end the job. */
  optional?: boolean;
  /** How long the action may take; default 5 s for wait_for/click/…, bounded by the job's time. */
  timeout_ms?: number;
}
export type PageAction = ActionBase &
  (
    | { type: 'wait'; ms: number }
    | { type: 'wait_for'; selector: string; state?: 'visible' | 'hidden' | 'attached' }
    | { type: 'click'; selector: string; all?: boolean }
    | { type: 'type'; selector: string; text: string; secret?: boolean }
    | { type: 'press'; key: string }
    | {
        type: 'scroll';
        to?: 'bottom';
        by_px?: number;
        until_selector?: string;
        until_count?: number;
        max_steps?: number;
        step_wait_ms?: number;
      }
    | { type: 'select'; selector: string; values: string[] }
    | { type: 'hover'; selector: string }
    | { type: 'screenshot'; name: string; full_page?: boolean; selector?: string }
    | { type: 'evaluate'; script: string }
  );

export interface ExtractField {
  name: string;
  selector?: string;
  xpath?: string;
  /** Default text. `nested`: an object of `fields` from the first match; `list`: every match. */
  type?: (typeof EXTRACT_TYPES)[number];
  attribute?: string;
  transforms?: Array<(typeof EXTRACT_TRANSFORMS)[number]>;
  fields?: ExtractField[];
}

export interface ExtractSpec {
  /** Selector (or XPath) of the element the fields are read in; default the document. */
  base_selector?: string;
  fields: ExtractField[];
  /** A JSON Schema the extracted value must satisfy; failures are `extract_errors`. */
  json_schema?: Record<string, unknown>;
}

export interface PdfSpec {
  format: (typeof PDF_FORMATS)[number];
  landscape: boolean;
  print_background: boolean;
}

/** A job's page options, checked. Each is absent when not asked for. */
export interface PageOptions {
  actions?: PageAction[];
  extract?: ExtractSpec;
  har?: boolean;
  pdf?: PdfSpec;
  audits?: Array<(typeof AUDITS)[number]>;
}

/** A request the page options refuse; the message names the field (the API prefixes it). */
export class PageOptionsError extends Error {
  override name = 'PageOptionsError';
}

type Json = Record<string, unknown>;
const bad = (message: string): never => {
  throw new PageOptionsError(message);
};
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function str(o: Json, field: string, at: string, max: number, required: boolean): string | undefined {
  const v = o[field];
  if (v === undefined || v === null) return required ? bad(`${at}.${field} is required`) : undefined;
  if (typeof v !== 'string') return bad(`${at}.${field} must be a string`);
  if (required && v === '') return bad(`${at}.${field} is required`);
  if (v.length > max) return bad(`${at}.${field} must be at most ${max} characters`);
  return v;
}

function int(o: Json, field: string, at: string, min: number, max: number): number | undefined {
  const v = o[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    return bad(`${at}.${field} must be an integer from ${min} to ${max}`);
  }
  return v;
}

function bool(o: Json, field: string, at: string): boolean | undefined {
  const v = o[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') return bad(`${at}.${field} must be a boolean`);
  return v;
}

/** One action, checked; `timeoutMs` is the job's whole time, which no single wait may pass. */
function parseAction(raw: unknown, i: number, timeoutMs: number): PageAction {
  const at = `actions[${i}]`;
  if (!isObject(raw)) return bad(`${at} must be an object`);
  const type = raw.type;
  if (typeof type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(type)) {
    return bad(`${at}.type must be one of ${ACTION_TYPES.join(', ')}`);
  }
  const base: ActionBase = {};
  const optional = bool(raw, 'optional', at);
  if (optional !== undefined) base.optional = optional;
  const timeout = int(raw, 'timeout_ms', at, 1, timeoutMs);
  if (timeout !== undefined) base.timeout_ms = timeout;
  const selector = (required: boolean) => str(raw, 'selector', at, PAGE_LIMITS.maxSelectorChars, required);
  switch (type as ActionType) {
    case 'wait': {
      const ms = int(raw, 'ms', at, 0, timeoutMs);
      if (ms === undefined) return bad(`${at}.ms is required`);
      return { ...base, type: 'wait', ms };
    }
    case 'wait_for': {
      const state = raw.state ?? 'visible';
      if (state !== 'visible' && state !== 'hidden' && state !== 'attached') {
        return bad(`${at}.state must be visible, hidden or attached`);
      }
      return { ...base, type: 'wait_for', selector: selector(true) as string, state };
    }
    case 'click': {
      const all = bool(raw, 'all', at);
      return { ...base, type: 'click', selector: selector(true) as string, ...(all ? { all } : {}) };
    }
    case 'type': {
      const text = str(raw, 'text', at, PAGE_LIMITS.maxTextChars, false);
      if (text === undefined) return bad(`${at}.text is required`);
      const secret = bool(raw, 'secret', at);
      return {
        ...base,
        type: 'type',
        selector: selector(true) as string,
        text,
        ...(secret ? { secret } : {}),
      };
    }
    case 'press':
      return { ...base, type: 'press', key: str(raw, 'key', at, PAGE_LIMITS.maxKeyChars, true) as string };
    case 'scroll': {
      const out: PageAction = { ...base, type: 'scroll' };
      if (raw.to !== undefined && raw.to !== null && raw.to !== 'bottom') bad(`${at}.to must be bottom`);
      if (raw.to === 'bottom') out.to = 'bottom';
      const byPx = int(raw, 'by_px', at, -PAGE_LIMITS.maxScrollPx, PAGE_LIMITS.maxScrollPx);
      if (byPx !== undefined) out.by_px = byPx;
      const until = str(raw, 'until_selector', at, PAGE_LIMITS.maxSelectorChars, false);
      if (until !== undefined) out.until_selector = until;
      const count = int(raw, 'until_count', at, 1, 1_000_000);
      if (count !== undefined) {
        if (until === undefined) bad(`${at}.until_count needs until_selector`);
        out.until_count = count;
      }
      const steps = int(raw, 'max_steps', at, 1, PAGE_LIMITS.maxScrollSteps);
      if (steps !== undefined) out.max_steps = steps;
      const stepWait = int(raw, 'step_wait_ms', at, 0, 10_000);
      if (stepWait !== undefined) out.step_wait_ms = stepWait;
      if (out.to !== undefined && out.by_px !== undefined) bad(`${at}: give to or by_px, not both`);
      return out;
    }
    case 'select': {
      const values = raw.values;
      if (!Array.isArray(values) || values.length > PAGE_LIMITS.maxSelectValues) {
        return bad(`${at}.values must be an array of at most ${PAGE_LIMITS.maxSelectValues} strings`);
      }
      for (const v of values) {
        if (typeof v !== 'string' || v.length > PAGE_LIMITS.maxTextChars) {
          return bad(`${at}.values must be an array of at most ${PAGE_LIMITS.maxSelectValues} strings`);
        }
      }
      return { ...base, type: 'select', selector: selector(true) as string, values: values as string[] };
    }
    case 'hover':
      return { ...base, type: 'hover', selector: selector(true) as string };
    case 'screenshot': {
      const name = str(raw, 'name', at, PAGE_LIMITS.maxNameChars, true) as string;
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) bad(`${at}.name must be letters, digits, '_', '.' or '-'`);
      const full = bool(raw, 'full_page', at);
      const sel = selector(false);
      return {
        ...base,
        type: 'screenshot',
        name,
        ...(full ? { full_page: true } : {}),
        ...(sel !== undefined ? { selector: sel } : {}),
      };
    }
    case 'evaluate':
      return {
        ...base,
        type: 'evaluate',
        script: str(raw, 'script', at, PAGE_LIMITS.maxScriptChars, true) as string,
      };
  }
}

/** The actions list, checked: count, sizes, names, and explicit waits within the job's time. */
export function parseActions(raw: unknown, timeoutMs: number): PageAction[] {
  if (!Array.isArray(raw)) return bad('actions must be an array of action objects');
  if (raw.length > PAGE_LIMITS.maxActions) bad(`actions must have at most ${PAGE_LIMITS.maxActions} entries`);
  const actions = raw.map((a, i) => parseAction(a, i, timeoutMs));
  const shots = new Set<string>();
  let waitedMs = 0;
  for (const a of actions) {
    if (a.type === 'wait') waitedMs += a.ms;
    if (a.type === 'screenshot') {
      if (shots.has(a.name)) bad(`actions: screenshot name ${a.name} is used twice`);
      shots.add(a.name);
    }
  }
  if (shots.size > PAGE_LIMITS.maxScreenshots) {
    bad(`actions must have at most ${PAGE_LIMITS.maxScreenshots} screenshots`);
  }
  if (waitedMs >= timeoutMs) bad('actions: the waits add up to more than timeout_sec');
  return actions;
}

function parseField(raw: unknown, at: string, depth: number, count: { n: number }): ExtractField {
  if (!isObject(raw)) return bad(`${at} must be an object`);
  if (++count.n > PAGE_LIMITS.maxExtractFields) {
    bad(`extract must have at most ${PAGE_LIMITS.maxExtractFields} fields in all`);
  }
  const name = str(raw, 'name', at, PAGE_LIMITS.maxNameChars, true) as string;
  const field: ExtractField = { name };
  const selector = str(raw, 'selector', at, PAGE_LIMITS.maxSelectorChars, false);
  const xpath = str(raw, 'xpath', at, PAGE_LIMITS.maxSelectorChars, false);
  if (selector !== undefined && xpath !== undefined) bad(`${at}: give selector or xpath, not both`);
  if (selector !== undefined) field.selector = selector;
  if (xpath !== undefined) field.xpath = xpath;
  const type = raw.type ?? 'text';
  if (typeof type !== 'string' || !(EXTRACT_TYPES as readonly string[]).includes(type)) {
    bad(`${at}.type must be one of ${EXTRACT_TYPES.join(', ')}`);
  }
  field.type = type as ExtractField['type'];
  const attribute = str(raw, 'attribute', at, PAGE_LIMITS.maxNameChars, type === 'attribute');
  if (attribute !== undefined) field.attribute = attribute;
  if (raw.transforms !== undefined && raw.transforms !== null) {
    const t = raw.transforms;
    if (!Array.isArray(t) || t.some((x) => !(EXTRACT_TRANSFORMS as readonly unknown[]).includes(x))) {
      bad(`${at}.transforms must be a list of ${EXTRACT_TRANSFORMS.join(', ')}`);
    }
    field.transforms = t as ExtractField['transforms'];
  }
  if (type === 'nested' || (type === 'list' && raw.fields !== undefined)) {
    if (depth >= PAGE_LIMITS.maxExtractDepth)
      bad(`extract nests more than ${PAGE_LIMITS.maxExtractDepth} deep`);
    field.fields = parseFields(raw.fields, `${at}.fields`, depth + 1, count);
  }
  // Inside a list or nested object, a field without a selector reads the element itself.
  if (depth === 1 && type !== 'nested' && selector === undefined && xpath === undefined) {
    bad(`${at} needs a selector or an xpath`);
  }
  return field;
}

function parseFields(raw: unknown, at: string, depth: number, count: { n: number }): ExtractField[] {
  if (!Array.isArray(raw) || raw.length === 0) return bad(`${at} must be a non-empty array of fields`);
  const fields = raw.map((f, i) => parseField(f, `${at}[${i}]`, depth, count));
  const names = new Set<string>();
  for (const f of fields) {
    if (names.has(f.name)) bad(`${at}: field name ${f.name} is used twice`);
    names.add(f.name);
  }
  return fields;
}

/** The extraction schema, checked (the JSON Schema itself is compiled by the agent's ajv). */
export function parseExtract(raw: unknown): ExtractSpec {
  if (!isObject(raw)) return bad('extract must be an object with fields');
  if (JSON.stringify(raw).length > PAGE_LIMITS.maxExtractJsonChars) {
    bad(`extract must be at most ${PAGE_LIMITS.maxExtractJsonChars} characters of JSON`);
  }
  const spec: ExtractSpec = { fields: parseFields(raw.fields, 'extract.fields', 1, { n: 0 }) };
  const base = str(raw, 'base_selector', 'extract', PAGE_LIMITS.maxSelectorChars, false);
  if (base !== undefined) spec.base_selector = base;
  if (raw.json_schema !== undefined && raw.json_schema !== null) {
    if (!isObject(raw.json_schema)) bad('extract.json_schema must be an object');
    spec.json_schema = raw.json_schema as Json;
  }
  return spec;
}

export function parsePdf(raw: unknown): PdfSpec {
  if (raw === true) return { format: 'A4', landscape: false, print_background: false };
  if (!isObject(raw)) return bad('pdf must be an object');
  const format = raw.format ?? 'A4';
  if (typeof format !== 'string' || !(PDF_FORMATS as readonly string[]).includes(format)) {
    bad(`pdf.format must be one of ${PDF_FORMATS.join(', ')}`);
  }
  return {
    format: format as PdfSpec['format'],
    landscape: bool(raw, 'landscape', 'pdf') ?? false,
    print_background: bool(raw, 'print_background', 'pdf') ?? false,
  };
}

export function parseAudits(raw: unknown): PageOptions['audits'] {
  if (!Array.isArray(raw) || raw.some((a) => !(AUDITS as readonly unknown[]).includes(a))) {
    return bad(`audits must be a list of ${AUDITS.join(', ')}`);
  }
  return [...new Set(raw as Array<(typeof AUDITS)[number]>)];
}

/**
 * A request's page options (actions, extract, har, pdf, audits), checked against the job's method
 * and timeout. Absent or null fields are not asked for. Throws PageOptionsError.
 */
export function parsePageOptions(body: Json, method: string, timeoutMs: number): PageOptions {
  const out: PageOptions = {};
  const given = (f: string) => body[f] !== undefined && body[f] !== null;
  const fullPageOnly = (f: string) => {
    if (method !== 'CRAWL_FULL_PAGE') bad(`${f} needs method CRAWL_FULL_PAGE`);
  };
  if (given('actions')) {
    fullPageOnly('actions');
    out.actions = parseActions(body.actions, timeoutMs);
    if (out.actions.length === 0) delete out.actions;
  }
  if (given('extract')) {
    if (method !== 'CRAWL_FULL_PAGE' && method !== 'GET') bad('extract needs method GET or CRAWL_FULL_PAGE');
    out.extract = parseExtract(body.extract);
  }
  if (given('har')) {
    if (typeof body.har !== 'boolean') bad('har must be a boolean');
    if (body.har) {
      fullPageOnly('har');
      out.har = true;
    }
  }
  if (given('pdf') && body.pdf !== false) {
    fullPageOnly('pdf');
    out.pdf = parsePdf(body.pdf);
  }
  if (given('audits')) {
    const audits = parseAudits(body.audits);
    if (audits && audits.length > 0) {
      fullPageOnly('audits');
      out.audits = audits;
    }
  }
  return out;
}

/** The features a job's options need of its device (empty: any device with the method). */
export function featuresNeeded(o: PageOptions | undefined): PageFeature[] {
  if (!o) return [];
  const out: PageFeature[] = [];
  if (o.actions) out.push('actions');
  if (o.extract) out.push('extract');
  if (o.har) out.push('har');
  if (o.pdf) out.push('pdf');
  if (o.audits?.includes('lighthouse')) out.push('lighthouse');
  return out;
}

/**
 * The method key a job with page options is placed by: `METHOD+page` (actions, extract, HAR, PDF)
 * or `METHOD+lighthouse` (those and Lighthouse). A device advertising the features is indexed
 * under these keys too (pageMethodsOf), so the picker's index finds exactly the devices that can:
 * two tiers rather than every combination keep a device's index entries few.
 */
export function placementMethod(method: string, o: PageOptions | undefined): string {
  const needs = featuresNeeded(o);
  if (needs.length === 0) return method;
  return needs.includes('lighthouse') ? `${method}+lighthouse` : `${method}+page`;
}

const PAGE_TIER: readonly PageFeature[] = ['actions', 'extract', 'har', 'pdf'];

/** The extra method keys a device with these methods and page features is placed under. */
export function pageMethodsOf(methods: readonly string[], features: readonly string[]): string[] {
  const has = new Set(features);
  if (!PAGE_TIER.every((f) => has.has(f))) {
    // extract alone (an agent without a browser) serves plain GET jobs.
    return has.has('extract') && methods.includes('GET') ? ['GET+page'] : [];
  }
  const out: string[] = [];
  for (const m of methods) {
    if (m !== 'GET' && m !== 'CRAWL_FULL_PAGE') continue;
    out.push(`${m}+page`);
    if (m === 'CRAWL_FULL_PAGE' && has.has('lighthouse')) out.push(`${m}+lighthouse`);
  }
  return out;
}
