// The proxy username grammar: what it takes and the exact refusals (docs/proxy.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SESSION_TTL_SEC, parseUsername } from '../../coordinator/proxy/username.js';

const KEY = '3f2b1c9e-8d7a-4b6c-9e1f-0a2b3c4d5e6f';

describe('proxy username', () => {
  it('a bare key id targets nothing', () => {
    assert.deepEqual(parseUsername(KEY), {
      ok: true,
      targeting: {
        keyId: KEY,
        country: '',
        city: '',
        asn: 0,
        deviceType: '',
        session: '',
        ttlSec: DEFAULT_SESSION_TTL_SEC,
        fallback: true,
      },
    });
  });

  it('takes every part, in any order and case', () => {
    const r = parseUsername(
      `${KEY.toUpperCase()}-country-de-city-new_york-asn-AS3320-type-Mobile-session-abc_123-ttl-60-fallback-no`,
    );
    assert.ok(r.ok);
    assert.deepEqual(r.targeting, {
      keyId: KEY,
      country: 'DE',
      city: 'new york',
      asn: 3320,
      deviceType: 'mobile',
      session: 'abc_123',
      ttlSec: 60,
      fallback: false,
    });
    const plain = parseUsername('key_1-session-s1');
    assert.ok(plain.ok);
    assert.equal(plain.targeting.keyId, 'key_1');
  });

  it('refuses with the reason', () => {
    const cases: Array<[string, string]> = [
      ['', 'username: expected KEY_ID[-name-value...]'],
      [`${KEY}-planet-mars`, 'username: unknown part "planet"'],
      [`${KEY}-country`, 'username: "country" has no value'],
      [`${KEY}-country-deu`, 'username: country "deu" is not a two-letter code'],
      [`${KEY}-country-de-country-fr`, 'username: "country" given twice'],
      [`${KEY}-asn-x1`, 'username: asn "x1" is not an AS number'],
      [`${KEY}-type-tablet`, 'username: type "tablet" (expected mobile, desktop or server)'],
      [`${KEY}-session-a.b`, 'username: session "a.b" (1-64 letters, digits, _)'],
      [`${KEY}-session-s-ttl-0`, 'username: ttl "0" (seconds, 1 to 86400)'],
      [`${KEY}-session-s-ttl-86401`, 'username: ttl "86401" (seconds, 1 to 86400)'],
      [`${KEY}-ttl-60`, 'username: ttl and fallback need a session'],
      [`${KEY}-session-s-fallback-maybe`, 'username: fallback "maybe" (yes or no)'],
      [`${KEY}-city-b3rlin`, 'username: city "b3rlin" (letters and _ for spaces)'],
      ['k.y-country-de', 'username: expected the API key id first'],
    ];
    for (const [input, error] of cases) assert.deepEqual(parseUsername(input), { ok: false, error }, input);
  });
});
