// Locates a usable Chromium: the agent advertises CRAWL_FULL_PAGE only when one answers --version.
import { execFile } from 'node:child_process';

/** Tried in order when no path is configured. */
export const BROWSER_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

const VERSION_TIMEOUT_MS = 15_000;

/**
 * Returns the first browser that runs `--version` successfully, with its version ("156.0.8078.79"),
 * or null when none does. With `path`, only that one is tried.
 */
export async function findBrowser(path?: string): Promise<{ path: string; version: string } | null> {
  const candidates = path ? [path] : BROWSER_CANDIDATES;
  for (const candidate of candidates) {
    const version = await browserVersion(candidate);
    if (version !== null) return { path: candidate, version };
  }
  return null;
}

function browserVersion(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: VERSION_TIMEOUT_MS }, (err, stdout) => {
      if (err) {
        resolve(null);
        return;
      }
      // "Chromium 156.0.8078.79 built on Debian..." / "Google Chrome 130.0.6723.58"
      const match = /(\d+\.\d+\.\d+\.\d+)/.exec(stdout);
      resolve(match?.[1] ?? null);
    });
  });
}
