// What a page job makes beyond the page itself, once the page was read (docs/actions.md): the
// extraction on the final DOM, the PDF and the HAR. Each is bounded by the job's deadline and in
// size; one that cannot be made leaves a note, the rest of the outcome stands.
import type { PageOptions } from '../../../proto/index.js';
import { type Extraction, extractFromHtml, finishExtraction, inPageExtraction } from '../extract/extract.js';
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
}

export async function makeExtras(input: ExtrasInput, outcome: ExecOutcome): Promise<void> {
  const { options, page, guard } = input;
  const notes: string[] = [];
  if (options.extract) {
    const spec = options.extract;
    // In the page first (XPath works there); a page that cannot answer is read from its DOM copy.
    let found = (await guard(page.evaluate(inPageExtraction(spec)) as Promise<Extraction>).catch(
      (err: unknown) => {
        if (isStopped(err) && !isStopped(err, 'deadline')) throw err;
        return null;
      },
    )) as Extraction | null;
    if (!found || typeof found !== 'object' || !Array.isArray(found.errors)) {
      found =
        input.html !== null
          ? extractFromHtml(input.html, spec, outcome.finalUrl)
          : { value: null, errors: ['the page could not be read for extraction'] };
    }
    const done = finishExtraction(spec, found);
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
