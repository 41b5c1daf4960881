// Firecrawl's `json` format (v1: `extract`, `jsonOptions`) without a language model: a JSON Schema
// whose values say where they are on the page becomes this network's extraction (docs/actions.md,
// "Extraction"), run on the device like any `extract`. Firecrawl gives the schema and a prompt to
// a model; here each value names its place with extension keywords a JSON Schema allows:
//
//   x-selector / x-xpath   where the value is (inside a list item or nested object: relative to it)
//   x-attribute            read this attribute instead of the text
//   x-type: "html"         read the inner HTML instead of the text
//   x-transforms           any of trim, number, absolute_url (default: trim for strings, number
//                          for numbers, absolute_url for `format: uri`)
//   x-base-selector        (on the root) the element every top-level value is read in
//
// An array with x-selector is every match (its items an object of properties, or one value each);
// an object with x-selector is read in its first match. A schema a value of which has no place is
// refused naming the value: without a model nothing else can say where it is. The schema itself is
// the extraction's `json_schema` (the device's ajv ignores the x- keywords), so a page that no
// longer fits it shows up as extraction errors (the document's `warning`).
import { EXTRACT_TRANSFORMS, type ExtractField, type ExtractSpec } from '../../../proto/index.js';
import { unsupportedOption } from './errors.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Where, in the extracted value, lists of one-attribute objects are turned back into values. */
export type UnwrapPath = ReadonlyArray<string | '*'>;

/** The extraction a schema asks for, and how its value is put back in the schema's shape. */
export interface JsonExtraction {
  spec: ExtractSpec;
  /** Lists of attribute values are read as `[{v: …}]` (a list reads attributes through fields). */
  unwrap: UnwrapPath[];
}

/** The single field name a list of attribute values is read through, then unwrapped. */
const VALUE = 'v';

/** The schema's type, nullable unions (`["string", "null"]`, as zod writes them) read as the other type. */
function typeOf(s: Json): string | undefined {
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const others = t.filter((x) => x !== 'null');
    if (others.length === 1 && typeof others[0] === 'string') return others[0];
  }
  if (isObject(s.properties)) return 'object';
  if (s.items !== undefined) return 'array';
  return undefined;
}

function optionalString(s: Json, key: string, at: string): string | undefined {
  const v = s[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v === '')
    throw unsupportedOption(`${at}.${key}`, 'it must be a non-empty string');
  return v;
}

function place(s: Json, at: string): Pick<ExtractField, 'selector' | 'xpath'> {
  const selector = optionalString(s, 'x-selector', at);
  const xpath = optionalString(s, 'x-xpath', at);
  if (selector !== undefined && xpath !== undefined) {
    throw unsupportedOption(at, 'give x-selector or x-xpath, not both');
  }
  return { ...(selector !== undefined ? { selector } : {}), ...(xpath !== undefined ? { xpath } : {}) };
}

function transformsOf(s: Json, type: string, at: string): ExtractField['transforms'] {
  const given = s['x-transforms'];
  if (given !== undefined) {
    const known = EXTRACT_TRANSFORMS as readonly unknown[];
    if (!Array.isArray(given) || given.some((t) => !known.includes(t))) {
      throw unsupportedOption(`${at}.x-transforms`, `it must be a list of ${EXTRACT_TRANSFORMS.join(', ')}`);
    }
    return given as ExtractField['transforms'];
  }
  if (type === 'number' || type === 'integer') return ['number'];
  if (s.format === 'uri' || s.format === 'url' || s.format === 'uri-reference') return ['absolute_url'];
  return ['trim'];
}

/** A value's reading: text, HTML or an attribute, with its transforms. */
function leafReading(
  s: Json,
  type: string,
  at: string,
): Pick<ExtractField, 'type' | 'attribute' | 'transforms'> {
  if (type === 'boolean' || type === 'null') {
    throw unsupportedOption(at, `a ${type} value cannot be read from a page; use a string`);
  }
  if (type !== 'string' && type !== 'number' && type !== 'integer') {
    throw unsupportedOption(at, `type ${JSON.stringify(s.type)} cannot be read from a page`);
  }
  const attribute = optionalString(s, 'x-attribute', at);
  const xType = s['x-type'];
  if (xType !== undefined && xType !== 'text' && xType !== 'html') {
    throw unsupportedOption(`${at}.x-type`, 'it must be text or html');
  }
  if (attribute !== undefined && xType === 'html')
    throw unsupportedOption(at, 'give x-attribute or x-type, not both');
  const transforms = transformsOf(s, type, at);
  if (attribute !== undefined) return { type: 'attribute', attribute, transforms };
  if (xType === 'html')
    return { type: 'html', ...(transforms && transforms.length > 0 ? { transforms } : {}) };
  return { type: 'text', transforms };
}

interface Walk {
  unwrap: UnwrapPath[];
}

/**
 * The fields of an object schema's properties. `anchored`: an enclosing list item or placed
 * object is where a value without a place of its own is read (the element itself).
 */
function fieldsOf(
  s: Json,
  at: string,
  anchored: boolean,
  path: Array<string | '*'>,
  walk: Walk,
): ExtractField[] {
  const props = s.properties;
  if (!isObject(props) || Object.keys(props).length === 0) {
    throw unsupportedOption(at, 'an object needs properties, each saying where its value is (x-selector)');
  }
  return Object.entries(props).map(([name, raw]) =>
    fieldOf(name, raw, `${at}.properties.${name}`, anchored, [...path, name], walk),
  );
}

function fieldOf(
  name: string,
  raw: unknown,
  at: string,
  anchored: boolean,
  path: Array<string | '*'>,
  walk: Walk,
): ExtractField {
  if (!isObject(raw)) throw unsupportedOption(at, 'it must be a schema object');
  if (raw.$ref !== undefined) throw unsupportedOption(at, '$ref is not read here; write the schema inline');
  const where = place(raw, at);
  const placed = where.selector !== undefined || where.xpath !== undefined;
  const type = typeOf(raw);
  if (type === 'object') {
    // Without a place, the object's properties are read where its parent is read.
    return { name, ...where, type: 'nested', fields: fieldsOf(raw, at, anchored || placed, path, walk) };
  }
  if (!placed && !anchored) {
    throw unsupportedOption(
      at,
      'it has no x-selector or x-xpath: without a language model each value needs the CSS selector or ' +
        'XPath of where it is on the page (docs/compat.md)',
    );
  }
  if (type === 'array') {
    if (!placed) throw unsupportedOption(at, 'an array needs an x-selector or x-xpath matching its items');
    const items = isObject(raw.items) ? raw.items : {};
    const itemType = typeOf(items) ?? 'string';
    if (itemType === 'object') {
      return {
        name,
        ...where,
        type: 'list',
        fields: fieldsOf(items, `${at}.items`, true, [...path, '*'], walk),
      };
    }
    if (itemType === 'array')
      throw unsupportedOption(`${at}.items`, 'an array of arrays cannot be read from a page');
    const reading = leafReading(items, itemType, `${at}.items`);
    if (reading.type === 'attribute' || reading.type === 'html' || (reading.transforms?.length ?? 0) > 0) {
      // A list gives its matches' text; any other reading goes through one field, unwrapped after.
      walk.unwrap.push(path);
      return { name, ...where, type: 'list', fields: [{ name: VALUE, ...reading }] };
    }
    return { name, ...where, type: 'list' };
  }
  if (type === undefined)
    throw unsupportedOption(at, 'it needs a type (string, number, integer, object or array)');
  return { name, ...where, ...leafReading(raw, type, at) };
}

/**
 * The extraction `schema` describes, or the refusal naming the first value it cannot place.
 * `field` names the option as the caller wrote it (`formats[1].schema`, `jsonOptions.schema`).
 */
export function jsonExtraction(schema: unknown, field: string): JsonExtraction {
  if (!isObject(schema)) throw unsupportedOption(field, 'it must be a JSON Schema object');
  const walk: Walk = { unwrap: [] };
  const fields = fieldsOf(schema, field, false, [], walk);
  const spec: ExtractSpec = { fields, json_schema: deviceSchema(schema, walk.unwrap) };
  const base = optionalString(schema, 'x-base-selector', field);
  if (base !== undefined) spec.base_selector = base;
  return { spec, unwrap: walk.unwrap };
}

/**
 * The schema the device checks the value against: the caller's, except that a list of attribute
 * values is checked as read there (`[{v: …}]`), before it is unwrapped.
 */
function deviceSchema(schema: Json, unwrap: readonly UnwrapPath[]): Json {
  let out = schema;
  for (const path of unwrap) out = wrapItems(out, path, 0);
  return out;
}

function wrapItems(s: Json, path: UnwrapPath, i: number): Json {
  if (i === path.length) {
    const items = isObject(s.items) ? s.items : {};
    return { ...s, items: { type: 'object', properties: { [VALUE]: items } } };
  }
  const step = path[i];
  if (step === '*') return isObject(s.items) ? { ...s, items: wrapItems(s.items, path, i + 1) } : s;
  const props = s.properties;
  if (!isObject(props) || step === undefined || !isObject(props[step])) return s;
  return { ...s, properties: { ...props, [step]: wrapItems(props[step], path, i + 1) } };
}

function unwrapAt(value: unknown, path: UnwrapPath, i: number): unknown {
  if (i === path.length) {
    return Array.isArray(value) ? value.map((x) => (isObject(x) ? (x[VALUE] ?? null) : x)) : value;
  }
  const step = path[i];
  if (step === '*') return Array.isArray(value) ? value.map((x) => unwrapAt(x, path, i + 1)) : value;
  if (!isObject(value) || step === undefined || !(step in value)) return value;
  return { ...value, [step]: unwrapAt(value[step], path, i + 1) };
}

/** The extracted value in the schema's own shape (lists of attribute values as plain values). */
export function reshapeExtracted(value: unknown, unwrap: readonly UnwrapPath[]): unknown {
  let out = value;
  for (const path of unwrap) out = unwrapAt(out, path, 0);
  return out;
}
