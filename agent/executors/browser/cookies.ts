// Cookies between the job's wire records and Chromium's cookie store.
import type { Protocol } from 'puppeteer-core';
import type { CookieRecord, InputCookie } from '../../../proto/index.js';

/** The fields of a Chromium cookie used here (CDP Network.Cookie and puppeteer's Cookie share them). */
export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since the epoch; -1 (or `session: true`) for a session cookie. */
  expires: number;
  httpOnly?: boolean;
  secure: boolean;
  session?: boolean;
  sameSite?: string;
}

/**
 * Chromium keeps the expiry, not the attribute it came from: `expires` is that instant (ISO 8601) and
 * `maxAge` the seconds left at `nowMs` (0 for a session cookie). `sameSite` is Chromium's spelling
 * ('Strict', 'Lax', 'None'), '' when the site did not set it.
 */
export function toCookieRecord(cookie: StoredCookie, nowMs: number): CookieRecord {
  const session = cookie.session === true || cookie.expires < 0;
  const expiresMs = cookie.expires * 1000;
  return {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    path: cookie.path,
    expires: session ? '' : new Date(expiresMs).toISOString(),
    maxAge: session ? 0 : Math.max(0, Math.round((expiresMs - nowMs) / 1000)),
    secure: cookie.secure,
    httpOnly: cookie.httpOnly ?? false,
    sameSite: cookie.sameSite ?? '',
  };
}

/** A job's input cookie for Network.setCookies; without a domain it is host-only on the job's URL. */
export function toCookieParam(cookie: InputCookie, url: string): Protocol.Network.CookieParam {
  const param: Protocol.Network.CookieParam = {
    name: cookie.name ?? '',
    value: cookie.value ?? '',
    path: cookie.path || '/',
    secure: cookie.secure ?? false,
    httpOnly: cookie.httpOnly ?? false,
  };
  if (cookie.domain) param.domain = cookie.domain;
  else param.url = url;
  const sameSite = normaliseSameSite(cookie.sameSite ?? '');
  if (sameSite) param.sameSite = sameSite;
  const expiresMs = Number(cookie.expiresMs ?? 0);
  if (expiresMs > 0) param.expires = expiresMs / 1000;
  return param;
}

/** A stored cookie put back into a new context (a session whose browser was restarted). */
export function storedToParam(cookie: StoredCookie): Protocol.Network.CookieParam {
  const param: Protocol.Network.CookieParam = {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly ?? false,
  };
  const sameSite = normaliseSameSite(cookie.sameSite ?? '');
  if (sameSite) param.sameSite = sameSite;
  if (!(cookie.session === true || cookie.expires < 0)) param.expires = cookie.expires;
  return param;
}

function normaliseSameSite(value: string): Protocol.Network.CookieSameSite | undefined {
  switch (value.toLowerCase()) {
    case 'strict':
      return 'Strict';
    case 'lax':
      return 'Lax';
    case 'none':
      return 'None';
    default:
      return undefined;
  }
}
