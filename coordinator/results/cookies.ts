// Cookie records of interface.md 2.3, from input cookies and from Cookie / Set-Cookie headers.
import { Cookie } from 'tough-cookie';
import type { CookieRecordJson, StoredCookie, StoredHeader } from '../store/records.js';

export function inputCookieRecord(c: StoredCookie, defaultDomain: string): CookieRecordJson {
  return {
    domain: c.domain ?? defaultDomain,
    expires: c.expires ?? '',
    httponly: c.httponly ?? false,
    max_age: 0,
    name: c.name,
    path: c.path ?? '/',
    samesite: c.samesite ?? '',
    secure: c.secure ?? false,
    value: c.value,
  };
}

/** Cookies named in `Cookie:` request headers. */
export function parseCookieHeaders(headers: StoredHeader[], domain: string): CookieRecordJson[] {
  const out: CookieRecordJson[] = [];
  for (const h of headers) {
    if (h.name.toLowerCase() !== 'cookie') continue;
    for (const pair of h.value.split(';')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      out.push(
        inputCookieRecord({ name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() }, domain),
      );
    }
  }
  return out;
}

/** Cookies set by `Set-Cookie:` response headers; unparsable ones are skipped. */
export function parseSetCookieHeaders(headers: StoredHeader[], domain: string): CookieRecordJson[] {
  const out: CookieRecordJson[] = [];
  for (const h of headers) {
    if (h.name.toLowerCase() !== 'set-cookie') continue;
    const c = Cookie.parse(h.value);
    if (!c) continue;
    const expires = c.expires instanceof Date ? c.expires.toISOString() : '';
    out.push({
      domain: c.domain ?? domain,
      expires,
      httponly: c.httpOnly,
      max_age: typeof c.maxAge === 'number' ? c.maxAge : 0,
      name: c.key,
      path: c.path ?? '/',
      samesite: c.sameSite && c.sameSite !== 'none' ? capitalize(c.sameSite) : (c.sameSite ?? ''),
      secure: c.secure,
      value: c.value,
    });
  }
  return out;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
