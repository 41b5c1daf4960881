// What a page job makes beyond the page itself, once the page was read (docs/actions.md): the
// extraction on the final DOM, the PDF and the HAR. Each is bounded by the job's deadline and in
// size; one that cannot be made leaves a note, the rest of the outcome stands. The extraction runs
// in the page; its JSON Schema check (and the fallback on the DOM copy) in the offload pool, which
// stops it at the job's deadline.
import type { PageOptions } from '../../../proto/index.js';
import { type Extraction, inPageExtraction } from '../extract/extract.js';
import { finishExtractionOffloaded, type OffloadPool } from '../offload/index.js';
import type { ExecOutcome } from '../types.js';
import type { HarRecorder } from './har-recorder.js';
import { isStopped } from './job-deadline.js';
import { runLighthouse } from './lighthouse-audit.js';

export interface ExtrasInput {
  options: PageOptions;
  page: import('puppeteer-core').Page;
  guard<T>(work: Promise<T>, atMs?: number): Promise<T>;
  /** The serialized final DOM, when it was read. */
  html: string | null;
  har: HarRecorder | null;
  maxBodyBytes: number;
  /** For Lighthouse: the job's context (its tab navigates through the job's proxy). */
  context: import('puppeteer-core').BrowserContext;
  url: string;
  deviceType: string;
  /** Time left for the job (ms). */
  remainingMs(): number;
  /** Runs work that keeps the browser busy for long (Lighthouse), so the health probe waits longer. */
  busy?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Worker threads for the JSON Schema check and the DOM-copy extraction. */
  offload: OffloadPool;
  /** The job's abort (cancelled, or the agent stopping). */
  signal: AbortSignal;
}

export async function makeExtras(input: ExtrasInput, outcome: ExecOutcome): Promise<void> {
  const { options, page, guard } = input;
  const notes: string[] = [];
  if (options.extract) {
    const spec = options.extract;
    // In the page first (XPath works there); a page that cannot answer is read from its DOM copy.
    const found = (await guard(page.evaluate(inPageExtraction(spec)) as Promise<Extraction>).catch(
      (err: unknown) => {
        if (isStopped(err) && !isStopped(err, 'deadline')) throw err;
        return null;
      },
    )) as Extraction | null;
    const answered = !!found && typeof found === 'object' && Array.isArray(found.errors);
    const done = await finishExtractionOffloaded(
      input.offload,
      {
        spec,
        baseUrl: outcome.finalUrl,
        // What the page found, else the same schema on its DOM copy, else nothing to read.
        ...(answered ? { found } : input.html !== null ? { html: input.html } : {}),
      },
      { timeoutMs: input.remainingMs(), signal: input.signal },
    );
    if (done.part) outcome.content.extract = done.part;
    outcome.extractErrors = done.errors;
  }
  if (options.pdf) {
    const pdf = options.pdf;
    try {
      const data = await guard(
        page.pdf({ format: pdf.format, landscape: pdf.landscape, printBackground: pdf.print_background }),
      );
      if (data.byteLength <= input.maxBodyBytes) outcome.content.pdf = Buffer.from(data);
      else notes.push(`PDF over ${input.maxBodyBytes} bytes: left out`);
    } catch (err) {
      if (isStopped(err) && !isStopped(err, 'deadline')) throw err;
      notes.push(`PDF not made: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  if (input.har) {
    const har = input.har.finish();
    if (har.byteLength <= input.maxBodyBytes) outcome.content.har = har;
    else notes.push(`HAR over ${input.maxBodyBytes} bytes: left out`);
  }
  if (options.audits?.includes('lighthouse')) {
    try {
      const audit = () =>
        runLighthouse(input.context, input.url, input.deviceType, guard, input.remainingMs());
      const lh = await (input.busy ? input.busy(audit) : audit());
      outcome.lighthouseJson = lh.summaryJson;
      if (lh.report.byteLength <= input.maxBodyBytes) outcome.content.lighthouse = lh.report;
      else notes.push(`Lighthouse report over ${input.maxBodyBytes} bytes: left out`);
    } catch (err) {
      if (isStopped(err) && !isStopped(err, 'deadline')) throw err;
      const why = isStopped(err, 'deadline')
        ? 'the job ran out of time'
        : (err as Error).message.split('\n')[0];
      notes.push(`Lighthouse did not finish: ${why}`);
    }
  }
  if (notes.length > 0) {
    outcome.errorMessage = [outcome.errorMessage, ...notes].filter((s) => s).join('; ');
  }
}
