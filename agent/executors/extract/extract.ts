// Extraction on the device (docs/actions.md "extract"): the schema run on a document, in the page
// for full-page jobs or on linkedom for plain GET jobs (extract-script.ts), then the caller's JSON
// Schema checked with ajv, so a page that changed gives `extract_errors` instead of a silent null.
// The value travels as the EXTRACT part; it is bounded like every other part. Everything here but
// inPageExtraction runs in an offload worker (../offload/tasks.ts), never on the agent's main
// thread: a caller's `pattern` or selector can keep a thread busy for hours, and only a worker can
// be stopped at the job's deadline.
import { Ajv, type ValidateFunction } from 'ajv';
import { parseHTML } from 'linkedom';
import xpathModule from 'xpath';
import type { ExtractSpec } from '../../../proto/index.js';
import { EXTRACT_SOURCE } from './extract-script.js';

/**
 * The bounds of an extraction's result: PAGE_RESULT_LIMITS, handed in by the caller, so the worker
 * that runs this module need not load proto/ (a second of its start) for three numbers.
 */
export interface ExtractLimits {
  maxExtractedBytes: number;
  maxExtractErrors: number;
  maxErrorChars: number;
}

export interface Extraction {
  value: unknown;
  errors: string[];
}

type ExtractFn = (doc: unknown, spec: ExtractSpec, baseUrl: string) => Extraction;
// Our own source, compiled once: the same text the page evaluates.
const extractIn = new Function(`return (${EXTRACT_SOURCE});`)() as ExtractFn;

/** The expression a page evaluates to extract from its own final DOM. */
export function inPageExtraction(spec: ExtractSpec): string {
  return `(${EXTRACT_SOURCE})(document, ${JSON.stringify(spec)}, location.href)`;
}

// The xpath package (a DOM 3 XPath engine over any DOM) exports parse(), whose select() takes the
// HTML mode (unprefixed names match elements of the XHTML namespace, case-insensitively), but its
// types leave parse() out.
const xpath = xpathModule as typeof xpathModule & {
  parse(expression: string): { select(options: { node: unknown; isHtml: boolean }): Node[] };
};

/**
 * The one XPath call the extraction makes (`doc.evaluate(x, root, null, 7, null)`, an ordered
 * snapshot), for a linkedom document, which has no evaluate(). An attribute node reads as its value,
 * as a browser's textContent gives it.
 */
function evaluateXPath(expression: string, context: unknown) {
  const nodes = xpath.parse(expression).select({ node: context, isHtml: true });
  const items = nodes.map((n) => (n.nodeType === 2 ? { nodeType: 2, textContent: (n as Attr).value } : n));
  return { snapshotLength: items.length, snapshotItem: (i: number) => items[i] ?? null };
}

/** A leading doctype (after white space and comments). */
const DOCTYPE = /^(?:\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i;

/** Extraction from HTML parsed with linkedom (a plain GET job, or a page that cannot run it). */
export function extractFromHtml(html: string, spec: ExtractSpec, baseUrl: string): Extraction {
  try {
    // linkedom links a doctype node to no next sibling, so the XPath engine's walk from the
    // document stopped at it and found nothing; the doctype means nothing to a schema.
    const { document } = parseHTML(html.replace(DOCTYPE, ''));
    Object.defineProperty(document, 'evaluate', { value: evaluateXPath });
    return extractIn(document, spec, baseUrl);
  } catch (err) {
    return { value: null, errors: [`the document could not be read: ${(err as Error).message}`] };
  }
}

// ajv compiles the caller's schema to code: one instance per process, schemas cached by their text.
const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 64;

/** The extraction's errors plus the JSON Schema's, bounded; and the value as the part to send. */
export function finishExtraction(
  spec: ExtractSpec,
  found: Extraction,
  limits: ExtractLimits,
): { part?: Buffer; errors: string[] } {
  const errors = [...found.errors];
  if (spec.json_schema) {
    const key = JSON.stringify(spec.json_schema);
    let validate = compiled.get(key);
    try {
      if (!validate) {
        validate = ajv.compile(spec.json_schema);
        if (compiled.size >= MAX_COMPILED) compiled.clear();
        compiled.set(key, validate);
      }
      if (!validate(found.value)) {
        for (const e of validate.errors ?? []) {
          errors.push(`json_schema: ${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
        }
      }
    } catch (err) {
      errors.push(`json_schema does not compile: ${(err as Error).message}`);
    }
  }
  const bounded = boundExtractErrors(errors, limits);
  const json = Buffer.from(JSON.stringify(found.value ?? null), 'utf8');
  if (json.byteLength > limits.maxExtractedBytes) {
    bounded.push(`the extracted value is over ${limits.maxExtractedBytes} bytes: left out`);
    return { errors: bounded };
  }
  return { part: json, errors: bounded };
}

/** At most maxExtractErrors entries of at most maxErrorChars each. */
export function boundExtractErrors(errors: readonly string[], limits: ExtractLimits): string[] {
  return errors.slice(0, limits.maxExtractErrors).map((e) => e.slice(0, limits.maxErrorChars));
}
