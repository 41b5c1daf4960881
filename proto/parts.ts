// Content part names: how a result's parts are called in storage keys and domain records on both
// sides of the link. The wire carries the ContentPart enum; everything above the wire uses names.
import { ContentPart } from './codec.js';

export type PartName =
  | 'body'
  | 'full_page'
  | 'screenshot'
  | 'reader'
  // A page's extras (docs/actions.md).
  | 'har'
  | 'pdf'
  | 'lighthouse'
  | 'extract'
  | 'action_screenshots';

const BY_PART: Readonly<Record<number, PartName>> = {
  [ContentPart.CONTENT_PART_BODY]: 'body',
  [ContentPart.CONTENT_PART_FULL_PAGE]: 'full_page',
  [ContentPart.CONTENT_PART_SCREENSHOT]: 'screenshot',
  [ContentPart.CONTENT_PART_READER]: 'reader',
  [ContentPart.CONTENT_PART_HAR]: 'har',
  [ContentPart.CONTENT_PART_PDF]: 'pdf',
  [ContentPart.CONTENT_PART_LIGHTHOUSE]: 'lighthouse',
  [ContentPart.CONTENT_PART_EXTRACT]: 'extract',
  [ContentPart.CONTENT_PART_ACTION_SCREENSHOTS]: 'action_screenshots',
};

const BY_NAME: Readonly<Record<PartName, number>> = {
  body: ContentPart.CONTENT_PART_BODY,
  full_page: ContentPart.CONTENT_PART_FULL_PAGE,
  screenshot: ContentPart.CONTENT_PART_SCREENSHOT,
  reader: ContentPart.CONTENT_PART_READER,
  har: ContentPart.CONTENT_PART_HAR,
  pdf: ContentPart.CONTENT_PART_PDF,
  lighthouse: ContentPart.CONTENT_PART_LIGHTHOUSE,
  extract: ContentPart.CONTENT_PART_EXTRACT,
  action_screenshots: ContentPart.CONTENT_PART_ACTION_SCREENSHOTS,
};

/** The name of a wire part; an unknown or unset part is the body (what wave-1 agents sent). */
export function partNameOf(part: number | null | undefined): PartName {
  return BY_PART[part ?? 0] ?? 'body';
}

/** The wire enum value of a part name. */
export function partOf(name: PartName): number {
  return BY_NAME[name];
}
