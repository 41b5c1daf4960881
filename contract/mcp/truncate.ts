// Results sized for a model's context: cut at a limit, and say so in the text itself.

/** `text` cut to `maxChars`, with a closing note naming what was left out. */
export function truncateForModel(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n\n[truncated: showing the first ${maxChars} of ${text.length} characters; ask again with a larger max_chars to see more]`;
}
