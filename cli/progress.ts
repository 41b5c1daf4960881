// One self-rewriting status line on a terminal's stderr; silent when stderr is not a terminal.
import type { OutStream } from './io.js';

export class ProgressLine {
  private shown = false;
  constructor(
    private readonly stream: OutStream,
    readonly enabled: boolean,
  ) {}

  update(text: string): void {
    if (!this.enabled) return;
    this.stream.write(`\r\x1b[2K${text}`);
    this.shown = true;
  }

  /** Leaves `text` as the final line. */
  done(text: string): void {
    if (!this.enabled) return;
    this.stream.write(`\r\x1b[2K${text}\n`);
    this.shown = false;
  }

  /** Removes the line (before other output on the same stream). */
  clear(): void {
    if (!this.enabled || !this.shown) return;
    this.stream.write('\r\x1b[2K');
    this.shown = false;
  }
}

/** A block of lines redrawn in place (the live sweep table). */
export class LiveBlock {
  private lines = 0;
  constructor(
    private readonly stream: OutStream,
    readonly enabled: boolean,
  ) {}

  draw(text: string): void {
    if (!this.enabled) return;
    const up = this.lines > 0 ? `\x1b[${this.lines}A` : '';
    const body = text.endsWith('\n') ? text : `${text}\n`;
    this.stream.write(`${up}\r\x1b[J${body}`);
    this.lines = body.split('\n').length - 1;
  }

  clear(): void {
    if (!this.enabled || this.lines === 0) return;
    this.stream.write(`\x1b[${this.lines}A\r\x1b[J`);
    this.lines = 0;
  }
}

/** Left-aligned columns separated by two spaces. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
