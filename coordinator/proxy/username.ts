// The proxy username: the API key's id, then targeting as name-value pairs, the convention of the
// residential proxy networks (docs/proxy.md):
//   KEY_ID[-country-de][-city-berlin][-asn-3320][-type-mobile][-session-abc123][-ttl-600][-fallback-no]
// Pure. Every refusal names what is wrong; nothing unknown is ignored.

export interface Targeting {
  keyId: string;
  /** ISO 3166-1 alpha-2, upper case; '' for any. */
  country: string;
  /** Lower case; '' for any. */
  city: string;
  /** 0 for any. */
  asn: number;
  /** mobile | desktop | server; '' for any. */
  deviceType: string;
  /** A sticky session's name; '' for none (each connection picks a device). */
  session: string;
  /** How long a session keeps its device, seconds. */
  ttlSec: number;
  /** When a session's device is gone: pick another (true) or refuse (false). */
  fallback: boolean;
}

export const DEFAULT_SESSION_TTL_SEC = 600;
export const MAX_SESSION_TTL_SEC = 86_400;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const KEY_ID = /^[A-Za-z0-9_]{1,64}$/;
const SESSION = /^[A-Za-z0-9_]{1,64}$/;
const CITY = /^[a-z_]{1,64}$/;
const DEVICE_TYPES = new Set(['mobile', 'desktop', 'server']);

export type UsernameResult = { ok: true; targeting: Targeting } | { ok: false; error: string };

const fail = (error: string): UsernameResult => ({ ok: false, error });

export function parseUsername(username: string): UsernameResult {
  if (username.length === 0 || username.length > 512)
    return fail('username: expected KEY_ID[-name-value...]');
  // Key ids are UUIDs (dashes inside) or plain words.
  const uuid = UUID.exec(username);
  const keyId = uuid ? uuid[0].toLowerCase() : (username.split('-')[0] ?? '');
  if (!uuid && !KEY_ID.test(keyId)) return fail('username: expected the API key id first');
  const rest = username.slice(keyId.length);
  if (rest !== '' && !rest.startsWith('-')) return fail('username: expected "-" after the key id');
  const parts = rest === '' ? [] : rest.slice(1).split('-');
  if (parts.length % 2 !== 0) return fail(`username: "${parts[parts.length - 1]}" has no value`);
  const t: Targeting = {
    keyId,
    country: '',
    city: '',
    asn: 0,
    deviceType: '',
    session: '',
    ttlSec: DEFAULT_SESSION_TTL_SEC,
    fallback: true,
  };
  const seen = new Set<string>();
  let ttlGiven = false;
  for (let i = 0; i < parts.length; i += 2) {
    const name = (parts[i] ?? '').toLowerCase();
    const value = parts[i + 1] ?? '';
    if (seen.has(name)) return fail(`username: "${name}" given twice`);
    seen.add(name);
    switch (name) {
      case 'country':
        if (!/^[a-z]{2}$/i.test(value)) return fail(`username: country "${value}" is not a two-letter code`);
        t.country = value.toUpperCase();
        break;
      case 'city':
        if (!CITY.test(value.toLowerCase()))
          return fail(`username: city "${value}" (letters and _ for spaces)`);
        t.city = value.toLowerCase().replace(/_/g, ' ');
        break;
      case 'asn': {
        const asn = Number(value.replace(/^as/i, ''));
        if (!/^(as)?\d{1,10}$/i.test(value) || !Number.isInteger(asn) || asn < 1 || asn > 4_294_967_295)
          return fail(`username: asn "${value}" is not an AS number`);
        t.asn = asn;
        break;
      }
      case 'type':
        if (!DEVICE_TYPES.has(value.toLowerCase()))
          return fail(`username: type "${value}" (expected mobile, desktop or server)`);
        t.deviceType = value.toLowerCase();
        break;
      case 'session':
        if (!SESSION.test(value)) return fail(`username: session "${value}" (1-64 letters, digits, _)`);
        t.session = value;
        break;
      case 'ttl': {
        const ttl = Number(value);
        if (!/^\d{1,6}$/.test(value) || ttl < 1 || ttl > MAX_SESSION_TTL_SEC)
          return fail(`username: ttl "${value}" (seconds, 1 to ${MAX_SESSION_TTL_SEC})`);
        t.ttlSec = ttl;
        ttlGiven = true;
        break;
      }
      case 'fallback':
        if (value !== 'yes' && value !== 'no') return fail(`username: fallback "${value}" (yes or no)`);
        t.fallback = value === 'yes';
        break;
      default:
        return fail(`username: unknown part "${name}"`);
    }
  }
  if ((ttlGiven || seen.has('fallback')) && t.session === '')
    return fail('username: ttl and fallback need a session');
  return { ok: true, targeting: t };
}
