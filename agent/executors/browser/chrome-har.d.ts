// chrome-har ships no types: the one function this executor calls (har-recorder.ts).
declare module 'chrome-har' {
  export function harFromMessages(
    messages: Array<{ method: string; params: unknown }>,
    options?: { includeResourcesFromDiskCache?: boolean; includeTextFromResponseBody?: boolean },
  ): { log: { version: string; entries: unknown[]; pages: unknown[] } & Record<string, unknown> };
}
