// Cookies for HTTP jobs: per-session jars (tough-cookie), the Cookie header a hop sends, and the
// conversions to the wire's CookieRecord.
import { Cookie, CookieJar } from 'tough-cookie';
import type { CookieRecord, InputCookie } from '../../proto/index.js';

/** Cookie jars of the sessions this agent serves, least recently used first. */
export class SessionJars {
  readonly #jars = new Map<string, CookieJar>();
  readonly #maxSessions: number;

  /** @param maxSessions jars kept before the least recently used is dropped. Default: 1000. */
  constructor(maxSessions = 1000) {
    this.#maxSessions = maxSessions;
  }

  get(sessionId: string): CookieJar {
    let jar = this.#jars.get(sessionId);
    if (jar) {
      this.#jars.delete(sessionId); // re-insert: Map order is the recency order
    } else {
      jar = new CookieJar();
      if (this.#jars.size >= this.#maxSessions) {
        const oldest = this.#jars.keys().next().value;
        if (oldest !== undefined) this.#jars.delete(oldest);
      }
    }
    this.#jars.set(sessionId, jar);
    return jar;
  }

  drop(sessionId: string): void {
    this.#jars.delete(sessionId);
  }

  clear(): void {
    this.#jars.clear();
  }
}

/** Puts a job's input cookies in its session jar, so later jobs of the session send them too. */
export async function storeInputCookies(jar: CookieJar, cookies: InputCookie[], url: string): Promise<void> {
  for (const c of cookies) {
    const expiresMs = Number(c.expiresMs ?? 0);
    const cookie = new Cookie({
      key: c.name ?? '',
      value: c.value ?? '',
      domain: c.domain ? c.domain : null,
      path: c.path ? c.path : '/',
      secure: c.secure ?? false,
      httpOnly: c.httpOnly ?? false,
      sameSite: c.sameSite ? c.sameSite.toLowerCase() : undefined,
      expires: expiresMs > 0 ? new Date(expiresMs) : 'Infinity',
    });
    // A cookie for another domain is not an error of the job: it is simply not stored.
    await jar.setCookie(cookie, url, { ignoreError: true });
  }
}

/** Stores a response's Set-Cookie values as a browser would (invalid ones are ignored). */
export async function storeSetCookies(jar: CookieJar, setCookies: string[], url: string): Promise<void> {
  for (const value of setCookies) await jar.setCookie(value, url, { ignoreError: true });
}

/** Every cookie in the jar, as records. */
export async function jarRecords(jar: CookieJar): Promise<CookieRecord[]> {
  const all = await jar.store.getAllCookies();
  return all.map(toughToRecord);
}

/**
 * The Cookie header value for one hop: the job's own Cookie header values, then its input cookies,
 * then the session jar's cookies for the URL whose names the job did not set itself.
 */
export async function cookieHeaderValue(
  given: string[],
  input: InputCookie[],
  jar: CookieJar | undefined,
  url: string,
): Promise<string> {
  const pairs = [...given.filter((v) => v.trim() !== '')];
  const names = new Set<string>();
  for (const c of input) {
    pairs.push(`${c.name ?? ''}=${c.value ?? ''}`);
    names.add(c.name ?? '');
  }
  if (jar) {
    for (const c of await jar.getCookies(url)) {
      if (!names.has(c.key)) pairs.push(c.cookieString());
    }
  }
  return pairs.join('; ');
}

export function inputToRecord(c: InputCookie): CookieRecord {
  const expiresMs = Number(c.expiresMs ?? 0);
  return {
    name: c.name ?? '',
    value: c.value ?? '',
    domain: c.domain ?? '',
    path: c.path ?? '',
    expires: expiresMs > 0 ? new Date(expiresMs).toISOString() : '',
    maxAge: 0,
    secure: c.secure ?? false,
    httpOnly: c.httpOnly ?? false,
    sameSite: c.sameSite ?? '',
  };
}

export function toughToRecord(c: Cookie): CookieRecord {
  return {
    name: c.key,
    value: c.value,
    domain: c.domain ?? '',
    path: c.path ?? '',
    expires: c.expires instanceof Date ? c.expires.toISOString() : '',
    maxAge: typeof c.maxAge === 'number' ? c.maxAge : 0,
    secure: c.secure,
    httpOnly: c.httpOnly,
    sameSite: SAME_SITE[c.sameSite?.toLowerCase() ?? ''] ?? '',
  };
}

/** Set-Cookie spelling of tough-cookie's lower-case SameSite values; 'unspecified' maps to ''. */
const SAME_SITE: Record<string, string> = { strict: 'Strict', lax: 'Lax', none: 'None' };
