// Writing a completed job's content in the chosen --format to -o FILE or stdout (shared by `get`
// and `download`).
import {
  type CrawlClient,
  DOWNLOAD_FORMATS,
  type DownloadContent,
  type DownloadFormat,
} from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { UsageError } from '../io.js';

export function parseFormat(value: string | undefined): DownloadFormat {
  const f = (value ?? 'json').toLowerCase();
  if (!(DOWNLOAD_FORMATS as readonly string[]).includes(f)) {
    throw new UsageError(`--format must be one of ${DOWNLOAD_FORMATS.join(', ')}, not "${value}"`);
  }
  return f as DownloadFormat;
}

export interface WrittenContent {
  format: DownloadFormat;
  bytes: number;
  contentType: string;
  file: string | null;
  /** The download object, for format json. */
  download: DownloadContent | null;
}

/** Fetches the content and writes it where asked; answers what was written. */
export async function writeContent(
  ctx: CommandContext,
  client: CrawlClient,
  id: string,
  format: DownloadFormat,
  file: string | undefined,
  compactJson: boolean,
): Promise<WrittenContent> {
  let data: Buffer;
  let contentType: string;
  let download: DownloadContent | null = null;
  if (format === 'json') {
    download = await client.download(id, { signal: ctx.io.interrupt });
    data = Buffer.from(`${JSON.stringify(download, null, compactJson ? undefined : 2)}\n`);
    contentType = 'application/json';
  } else {
    const answer = await client.downloadAs(id, format, { signal: ctx.io.interrupt });
    data = answer.bytes;
    contentType = answer.contentType;
  }
  if (file) await ctx.io.writeFile(file, data);
  else ctx.io.stdout.write(data);
  return { format, bytes: data.length, contentType, file: file ?? null, download };
}
