// Escaping for the server-rendered report page: everything printed into it goes through here.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values (always double-quoted by callers). */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** An http(s) URL for an href; anything else (javascript:, data:) becomes '#'. */
export function safeHref(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? esc(u.toString()) : '#';
  } catch {
    return '#';
  }
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const formatMs = (v: number | null): string => (v === null ? '–' : `${Math.round(v)} ms`);
export const formatCls = (v: number | null): string => (v === null ? '–' : v.toFixed(3));
