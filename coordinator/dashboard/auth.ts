// Who may see the dashboard: an admin API key, given once through the login form (or `?key=`,
// exchanged at once for the cookie and dropped from the URL) and then carried by an HttpOnly,
// SameSite=Strict cookie scoped to /dashboard. The cookie holds the key itself, so every
// coordinator behind a load balancer accepts it and revoking the key ends the session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearer, hashSecret } from '../auth/secrets.js';
import type { Services } from '../services.js';
import type { ApiKeyRecord } from '../store/records.js';

export const COOKIE_NAME = 'crawl_dashboard';
/** How long the browser keeps the cookie. */
export const COOKIE_MAX_AGE_SEC = 12 * 3600;
const MAX_KEY_CHARS = 512;

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The key record when `key` is a live admin key; null otherwise. */
export async function adminKey(
  services: Services,
  key: string | null | undefined,
): Promise<ApiKeyRecord | null> {
  if (!key || key.length > MAX_KEY_CHARS) return null;
  const record = await services.keys.find(hashSecret(key));
  return record?.admin ? record : null;
}

/** The key the request carries: the dashboard cookie, else a Bearer header. */
export function requestKey(req: FastifyRequest): string | null {
  return cookieValue(req.headers.cookie, COOKIE_NAME) ?? bearer(req.headers.authorization);
}

export function setSessionCookie(reply: FastifyReply, key: string, secure: boolean): void {
  const attrs = [`Path=/dashboard`, `Max-Age=${COOKIE_MAX_AGE_SEC}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attrs.push('Secure');
  reply.header('set-cookie', `${COOKIE_NAME}=${encodeURIComponent(key)}; ${attrs.join('; ')}`);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${COOKIE_NAME}=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Strict`);
}
