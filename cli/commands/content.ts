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

export interface FetchedContent {
  format: DownloadFormat;
  data: Buffer;
  contentType: string;
  /** The download object, for format json. */
  download: DownloadContent | null;
}

/** Fetches a completed job's content in `format` (json is printed pretty unless `compactJson`). */
export async function fetchContent(
  ctx: CommandContext,
  client: CrawlClient,
  id: string,
  format: DownloadFormat,
  compactJson: boolean,
): Promise<FetchedContent> {
  if (format === 'json') {
    const download = await client.download(id, { signal: ctx.io.interrupt });
    const data = Buffer.from(`${JSON.stringify(download, null, compactJson ? undefined : 2)}\n`);
    return { format, data, contentType: 'application/json', download };
  }
  const answer = await client.downloadAs(id, format, { signal: ctx.io.interrupt });
  return { format, data: answer.bytes, contentType: answer.contentType, download: null };
}

/** Writes fetched content to FILE, or to stdout without one. */
export async function emitContent(
  ctx: CommandContext,
  content: FetchedContent,
  file: string | undefined,
): Promise<WrittenContent> {
  if (file) await ctx.io.writeFile(file, content.data);
  else ctx.io.stdout.write(content.data);
  return {
    format: content.format,
    bytes: content.data.length,
    contentType: content.contentType,
    file: file ?? null,
    download: content.download,
  };
}
