// Firecrawl's page actions as this network's (docs/actions.md), and what each one's result is in
// the document Firecrawl answers (`actions.screenshots`, `scrapes`, `javascriptReturns`, `pdfs`).
//
//   wait {milliseconds}      → wait {ms}
//   wait {selector}          → wait_for {selector}
//   click {selector, all}    → click
//   write {text}             → type {selector, text} into the field the last click focused
//   press {key}              → press
//   scroll {direction}       → scroll {by_px: ±SCROLL_STEP_PX}
//   screenshot {fullPage}    → screenshot {name, full_page}
//   executeJavascript        → evaluate (its value is the function body's `return`)
//   scrape                   → evaluate returning the page's URL and HTML (at most 64 KiB of JSON)
//   pdf {format, landscape}  → the job's pdf (printed after the last action, so it must be last)
import { type PageAction, PDF_FORMATS, type PdfSpec } from '../../../proto/index.js';
import { invalid } from '../../errors.js';
import { unsupportedOption } from './errors.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One Firecrawl scroll: about one viewport of a desktop page. */
export const SCROLL_STEP_PX = 800;

/** Where one Firecrawl action's result is found in the job's result, in the caller's order. */
export type ActionResult =
  | { kind: 'screenshot'; name: string }
  | { kind: 'scrape'; index: number }
  | { kind: 'javascript'; index: number }
  | { kind: 'pdf' };

export interface MappedActions {
  actions: PageAction[];
  results: ActionResult[];
  pdf: PdfSpec | null;
}

const SCRAPE_SCRIPT = 'return { url: location.href, html: document.documentElement.outerHTML };';

/** Firecrawl's keys of each action type, beyond `type`; any other key is refused by name. */
const KEYS: Record<string, readonly string[]> = {
  wait: ['milliseconds', 'selector'],
  click: ['selector', 'all'],
  write: ['text'],
  press: ['key'],
  scroll: ['direction', 'selector'],
  screenshot: ['fullPage', 'quality', 'viewport'],
  scrape: [],
  executeJavascript: ['script'],
  pdf: ['format', 'landscape', 'scale'],
};

function str(a: Json, key: string, at: string): string {
  const v = a[key];
  if (typeof v !== 'string' || v === '') throw invalid(`${at}.${key} must be a non-empty string`);
  return v;
}

/**
 * The actions `raw` (Firecrawl's `actions`) asks for, as this network's; `offset` is the index the
 * first of them takes in the job's list (a `waitFor` goes before them).
 */
export function mapActions(raw: unknown, field: string, offset: number): MappedActions {
  if (!Array.isArray(raw)) throw invalid(`${field} must be an array of actions`);
  const out: MappedActions = { actions: [], results: [], pdf: null };
  let focused: string | null = null;
  raw.forEach((a, i) => {
    const at = `${field}[${i}]`;
    if (!isObject(a)) throw invalid(`${at} must be an object`);
    const type = a.type;
    if (typeof type !== 'string' || KEYS[type] === undefined) {
      throw invalid(`${at}.type must be one of ${Object.keys(KEYS).join(', ')}`);
    }
    for (const key of Object.keys(a)) {
      if (key !== 'type' && !KEYS[type]?.includes(key))
        throw invalid(`${at}.${key} is not a known field of ${type}`);
    }
    if (out.pdf)
      throw unsupportedOption(at, 'the pdf action is printed after every other action, so it must be last');
    const index = offset + out.actions.length;
    switch (type) {
      case 'wait': {
        const ms = a.milliseconds;
        const selector = a.selector;
        if ((ms === undefined) === (selector === undefined)) {
          throw invalid(`${at}: give milliseconds or selector, not both`);
        }
        if (selector !== undefined) out.actions.push({ type: 'wait_for', selector: str(a, 'selector', at) });
        else if (typeof ms !== 'number' || !Number.isInteger(ms) || ms <= 0) {
          throw invalid(`${at}.milliseconds must be a positive integer`);
        } else out.actions.push({ type: 'wait', ms });
        return;
      }
      case 'click': {
        focused = str(a, 'selector', at);
        out.actions.push({ type: 'click', selector: focused, ...(a.all === true ? { all: true } : {}) });
        return;
      }
      case 'write': {
        if (focused === null) {
          throw unsupportedOption(
            at,
            'write types into the field a click before it focused; click the field first',
          );
        }
        out.actions.push({ type: 'type', selector: focused, text: str(a, 'text', at) });
        return;
      }
      case 'press':
        out.actions.push({ type: 'press', key: str(a, 'key', at) });
        return;
      case 'scroll': {
        if (a.selector !== undefined) {
          throw unsupportedOption(
            `${at}.selector`,
            'only the page itself is scrolled here (the direction alone)',
          );
        }
        const direction = a.direction ?? 'down';
        if (direction !== 'up' && direction !== 'down') throw invalid(`${at}.direction must be up or down`);
        out.actions.push({ type: 'scroll', by_px: direction === 'down' ? SCROLL_STEP_PX : -SCROLL_STEP_PX });
        return;
      }
      case 'screenshot': {
        if (a.viewport !== undefined) {
          throw unsupportedOption(`${at}.viewport`, "the device's own viewport is used (its device type)");
        }
        // quality is a JPEG setting; screenshots here are PNG, whatever it says.
        const name = `action-${i}`;
        out.actions.push({ type: 'screenshot', name, ...(a.fullPage === true ? { full_page: true } : {}) });
        out.results.push({ kind: 'screenshot', name });
        return;
      }
      case 'scrape':
        // Optional: a page whose HTML is over the evaluate bound leaves an empty entry, not a failed scrape.
        out.actions.push({ type: 'evaluate', script: SCRAPE_SCRIPT, optional: true });
        out.results.push({ kind: 'scrape', index });
        return;
      case 'executeJavascript':
        out.actions.push({ type: 'evaluate', script: str(a, 'script', at) });
        out.results.push({ kind: 'javascript', index });
        return;
      case 'pdf': {
        if (a.scale !== undefined && a.scale !== 1) {
          throw unsupportedOption(`${at}.scale`, 'pages are printed at scale 1');
        }
        const format = a.format ?? 'Letter';
        if (typeof format !== 'string' || !(PDF_FORMATS as readonly string[]).includes(format)) {
          throw unsupportedOption(`${at}.format`, `the formats printed here are ${PDF_FORMATS.join(', ')}`);
        }
        out.pdf = {
          format: format as PdfSpec['format'],
          landscape: a.landscape === true,
          print_background: true,
        };
        out.results.push({ kind: 'pdf' });
        return;
      }
    }
  });
  return out;
}
