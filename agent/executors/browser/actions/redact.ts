// Secret text typed into a page (a `type` action with `secret`) must leave no trace in what the job
// reports or stores: it is never logged nor put in an action's outcome, and every text the outcome
// carries (URLs of a GET form, the final DOM, the HAR's post data, the body, headers, cookies,
// messages) has it replaced, raw and URL-encoded, before the outcome leaves the executor.
// Screenshots are pictures: a page that shows the secret in clear shows it there too (docs/actions.md).
import type { ExecOutcome } from '../../types.js';

export const REDACTED = '[secret]';

/** The forms a secret may take in text: as typed, URL-encoded (both ways of a form body), JSON-escaped. */
function formsOf(secret: string): string[] {
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    JSON.stringify(secret).slice(1, -1),
  ]);
  return [...forms].filter((f) => f.length > 0).sort((a, b) => b.length - a.length);
}

export class Redactor {
  readonly #forms: string[] = [];

  add(secret: string): void {
    for (const f of formsOf(secret)) if (!this.#forms.includes(f)) this.#forms.push(f);
    this.#forms.sort((a, b) => b.length - a.length);
  }

  get active(): boolean {
    return this.#forms.length > 0;
  }

  text(s: string): string {
    let out = s;
    for (const f of this.#forms) if (out.includes(f)) out = out.split(f).join(REDACTED);
    return out;
  }

  /** A text part (UTF-8); binary parts (PNG, PDF) are left as they are. */
  buffer(b: Buffer | undefined): Buffer | undefined {
    if (!b) return b;
    const s = b.toString('utf8');
    const r = this.text(s);
    return r === s ? b : Buffer.from(r, 'utf8');
  }

  /** Every text the outcome carries. */
  outcome(o: ExecOutcome): void {
    if (!this.active) return;
    const t = (s: string) => this.text(s);
    o.finalUrl = t(o.finalUrl);
    o.errorMessage = t(o.errorMessage);
    for (const h of [...o.requestHeaders, ...o.responseHeaders]) h.value = t(h.value ?? '');
    for (const c of [...o.requestCookies, ...o.responseCookies]) c.value = t(c.value ?? '');
    for (const r of o.requestResults) r.url = t(r.url ?? '');
    for (const a of o.actions ?? []) {
      a.error = t(a.error ?? '');
      a.resultJson = t(a.resultJson ?? '');
    }
    if (o.extractErrors) o.extractErrors = o.extractErrors.map(t);
    const c = o.content;
    c.body = this.buffer(c.body);
    c.fullPage = this.buffer(c.fullPage);
    c.reader = this.buffer(c.reader);
    c.har = this.buffer(c.har);
    c.extract = this.buffer(c.extract);
    c.lighthouse = this.buffer(c.lighthouse);
  }
}
