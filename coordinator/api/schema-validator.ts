// Request validation, once per request part, right before the handler: the route schema (contract/)
// decides what passes, then the part's parser (validate.ts) does the checks a JSON Schema cannot say
// (an absolute http URL, a known country, a region listed twice in another case, the coordinator's
// own limits) and turns the part into the typed input the handler reads as `req.body` / `req.query`.
// Handlers never parse again.
//
// Messages: when a request fails its schema, the parser is run on it to word the contract's text
// for the field (the parsers check in the order the contract lists the fields), so every text
// stays what the contract says; a failure no parser words gets a generic text that still names
// the field. No type coercion: "30" is not 30.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { ApiError, invalid } from '../errors.js';
import { BASE64, UUID } from './validate.js';

/** Where a route schema carries its parser (a symbol: JSON Schema tools and the OpenAPI document never see it). */
export const PARSE = Symbol('parse');
/** Set on a schema whose part may be absent altogether (docs/api.md: a session's empty body is fine). */
const NO_BODY_IS_EMPTY = Symbol('noBodyIsEmpty');

/** A contract schema with the parser of the part it validates; `T` is what the handler receives. */
export type Parsed<S extends TSchema, T> = S & { readonly [PARSE]: (raw: unknown) => T };

/**
 * A shallow copy of `schema` carrying its part's parser (the contract's own object is left as it
 * is: clients and other routes share it). `parse` takes the raw part: it words the contract message when the schema refused it,
 * and builds the typed input when the schema passed it.
 */
export function parsedBy<S extends TSchema, T>(
  schema: S,
  parse: (raw: unknown) => T,
  options: { noBodyIsEmpty?: boolean } = {},
): Parsed<S, T> {
  const out = { ...schema } as Parsed<S, T>;
  Object.defineProperty(out, PARSE, { value: parse, enumerable: false });
  if (options.noBodyIsEmpty) Object.defineProperty(out, NO_BODY_IS_EMPTY, { value: true, enumerable: false });
  return out;
}

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

/** "/cookies/0/name" → "cookies[0].name", the way validate.ts names fields. */
export function fieldName(instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (missing !== undefined) parts.push(missing);
  let out = '';
  for (const raw of parts) {
    const p = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(p) ? `[${p}]` : out === '' ? p : `.${p}`;
  }
  return out;
}

export function describeError(e: ErrorObject, part: string): string {
  const missing = e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
  const extra = e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : undefined;
  const field = fieldName(e.instancePath, missing ?? extra) || part;
  if (missing !== undefined) return `${field} is required`;
  if (extra !== undefined) return `${field} is not a known field`;
  return `${field} ${e.message ?? 'is invalid'}`;
}

function parserOf(schema: unknown): ((raw: unknown) => unknown) | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const parse = (schema as { [PARSE]?: unknown })[PARSE];
  return typeof parse === 'function' ? (parse as (raw: unknown) => unknown) : undefined;
}

/** One request part checked: the handler's typed input, or the contract's error for it. */
export type PartResult<T> = { value: T } | { error: ApiError };

export class SchemaValidator {
  private readonly ajv: Ajv;

  constructor() {
    // discriminator: a union tagged by a field (a page action's `type`) is checked as the variant
    // the tag names, so its refusal is about that variant.
    this.ajv = new Ajv({
      coerceTypes: false,
      useDefaults: false,
      allErrors: false,
      strict: false,
      discriminator: true,
    });
    addFormats(this.ajv);
    // The API's own readings of two formats: a UUID without the "urn:uuid:" prefix ajv-formats
    // allows, and base64 (OpenAPI's "byte") with whitespace between the groups, as the job body is
    // accepted.
    this.ajv.addFormat('uuid', UUID);
    this.ajv.addFormat('byte', (s: string) => BASE64.test(s.replace(/\s+/g, '')));
  }

  readonly compiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const part = httpPart ?? 'body';
    const parse = parserOf(schema);
    if (parse) return this.compileParsed(schema as TSchema, parse, part);
    const validate: ValidateFunction = this.ajv.compile(schema as object);
    return (data: unknown): PartResult<unknown> => {
      if (validate(data)) return { value: data };
      const firstError = validate.errors?.[0];
      return { error: invalid(firstError ? describeError(firstError, part) : `${part} is invalid`) };
    };
  };

  /**
   * The check a route's `part` gets from `schema`, for a value checked outside a route: each item
   * of a batch is checked by POST /crawl/v1/new's body schema, and answered in its words.
   */
  check<S extends TSchema, T>(schema: Parsed<S, T>, part = 'body'): (data: unknown) => PartResult<T> {
    return this.compileParsed(schema, schema[PARSE], part);
  }

  private compileParsed<T>(
    schema: TSchema,
    parse: (raw: unknown) => T,
    part: string,
  ): (data: unknown) => PartResult<T> {
    const validate: ValidateFunction = this.ajv.compile(schema);
    const noBodyIsEmpty = (schema as { [NO_BODY_IS_EMPTY]?: boolean })[NO_BODY_IS_EMPTY] === true;
    return (data: unknown) => {
      const passed = validate(data);
      const firstError = validate.errors?.[0];
      try {
        // fastify hands a missing body over as null.
        if (passed || (noBodyIsEmpty && (data === null || data === undefined))) return { value: parse(data) };
        // The schema refused the part: its parser words the contract's message for the field.
        parse(data);
      } catch (err) {
        if (err instanceof ApiError) return { error: err };
        throw err;
      }
      return { error: invalid(firstError ? describeError(firstError, part) : `${part} is invalid`) };
    };
  }
}
