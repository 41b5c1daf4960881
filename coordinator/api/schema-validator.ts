// Request validation from the route schemas (contract/), answering the contract's exact texts.
// The schema is the one description of every field; when a request fails it, the route's own
// check (the hand parser in validate.ts) is asked for the contract's message first, so every
// existing text stays exactly as it was, and a failure no parser words gets a generic text that
// still names the field. No type coercion: "30" is not 30.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError, invalid } from '../errors.js';

/** Throws the contract's ApiError for a request part the schema refused. */
export type ContractCheck = (data: unknown) => void;

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

export class SchemaValidator {
  private readonly ajv: Ajv;
  private readonly checks = new Map<string, ContractCheck>();

  constructor() {
    this.ajv = new Ajv({ coerceTypes: false, useDefaults: false, allErrors: false, strict: false });
    addFormats(this.ajv);
  }

  /** Registers the hand check that words the contract message for one route's request part. */
  check(method: string, url: string, part: 'body' | 'querystring' | 'params', fn: ContractCheck): void {
    this.checks.set(`${method} ${url} ${part}`, fn);
  }

  readonly compiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
    const validate: ValidateFunction = this.ajv.compile(schema as object);
    const part = httpPart ?? 'body';
    return (data: unknown) => {
      if (validate(data)) return { value: data };
      const handCheck = this.checks.get(`${method} ${url} ${part}`);
      try {
        handCheck?.(data);
      } catch (err) {
        if (err instanceof ApiError) return { error: err };
        throw err;
      }
      // No body at all: the route's own check decides (an empty body is a valid session request).
      if (data === undefined && handCheck) return { value: data };
      const first = validate.errors?.[0];
      return { error: invalid(first ? describeError(first, part) : `${part} is invalid`) };
    };
  };
}
