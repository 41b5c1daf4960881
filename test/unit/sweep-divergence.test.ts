// Cross-region divergence of a sweep's tries: the majority answer, each group that differs and how,
// in words and as fields. Pure function, no I/O.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DivergenceTry, divergenceOf, whereTo } from '../../coordinator/sweeps/divergence.js';
import { contentSimilarity, fingerprintHex, type TrySummary } from '../../coordinator/sweeps/try-summary.js';
import { simhash } from '../../coordinator/trust/fingerprint.js';

const URL0 = 'https://shop.example/';
const REGIONS = ['NA', 'EU', 'APAC', 'LATAM', 'MEA'];
const ARTICLE =
  'Our shop sells hand made tea cups and saucers shipped worldwide within three days of your order, with free returns for thirty days and a friendly team answering every question you may have about glazes.';
const OTHER =
  'Regional edition: this storefront is not available in your country; browse our partner catalogue of kitchen tools, knives, pans and cutting boards instead, or contact the distributor listed below.';
const FP = fingerprintHex(simhash(ARTICLE));
const FP_OTHER = fingerprintHex(simhash(OTHER));
// One word changed: still the same content.
const FP_NEAR = fingerprintHex(simhash(ARTICLE.replace('three', 'four')));

function page(over: Partial<TrySummary> = {}): TrySummary {
  return {
    finalUrl: URL0,
    statusCode: 200,
    title: 'Tea cups',
    sizeBytes: 5000,
    textFingerprint: FP,
    block: null,
    ...over,
  };
}

let n = 0;
function done(region: string, summary: TrySummary, network: DivergenceTry['network'] = null): DivergenceTry {
  return { jobId: `j${++n}`, region, network, status: 'completed', errorType: '', summary };
}
function failed(region: string, errorType: string): DivergenceTry {
  return { jobId: `j${++n}`, region, network: null, status: 'failed', errorType, summary: null };
}
function waiting(region: string): DivergenceTry {
  return { jobId: `j${++n}`, region, network: null, status: 'running', errorType: '', summary: null };
}

describe('sweep divergence', () => {
  test('nothing finished yet', () => {
    const d = divergenceOf([waiting('NA'), waiting('EU')], URL0, REGIONS);
    assert.deepEqual(d, {
      state: 'pending',
      compared: 0,
      waiting: 2,
      majority: null,
      differences: [],
      summary: 'No try has finished yet.',
    });
  });

  test('all agree, a one-word change in the text included', () => {
    const tries = [done('NA', page()), done('EU', page({ textFingerprint: FP_NEAR })), done('APAC', page())];
    assert.ok((contentSimilarity(FP, FP_NEAR) as number) >= 0.85, 'fixture: near text is similar');
    const d = divergenceOf(tries, URL0, REGIONS);
    assert.equal(d.state, 'agree');
    assert.equal(d.compared, 3);
    assert.deepEqual(d.differences, []);
    assert.deepEqual(d.majority, {
      tries: 3,
      failed: false,
      error_type: '',
      status_code: 200,
      final_url: URL0,
      block: null,
    });
    assert.equal(d.summary, 'All 3 finished tries agree: 200.');
  });

  test('a legal block, a redirect and different content, each said against the majority', () => {
    const sim = contentSimilarity(FP, FP_OTHER) as number;
    assert.ok(sim < 0.85, `fixture: unrelated texts (${sim})`);
    const tries = [
      done('NA', page()),
      done('EU', page({ statusCode: 451, title: 'Unavailable', block: { kind: 'legal', rule: 'http-451' } })),
      done('APAC', page({ finalUrl: 'https://shop.example/jp/', title: 'ティーカップ' })),
      done('LATAM', page({ textFingerprint: FP_OTHER })),
      done('MEA', page()),
    ];
    const d = divergenceOf(tries, URL0, REGIONS);
    assert.equal(d.state, 'differ');
    assert.equal(d.majority?.tries, 3, 'NA, LATAM and MEA got the same answer; LATAM differs in content');
    const messages = d.differences.map((e) => e.message);
    assert.deepEqual(messages, [
      'EU: 451, blocked for legal reasons (http-451)',
      'APAC: redirected to /jp/',
      `LATAM: different content, similarity ${sim.toFixed(2)}`,
    ]);
    const [eu, apac, latam] = d.differences;
    assert.equal(eu?.kind, 'status');
    assert.equal(eu?.status_code, 451);
    assert.deepEqual(eu?.block, { kind: 'legal', rule: 'http-451' });
    assert.equal(eu?.tries, 1);
    assert.equal(eu?.of, 1);
    assert.equal(apac?.kind, 'redirect');
    assert.equal(apac?.final_url, 'https://shop.example/jp/');
    assert.equal(latam?.kind, 'content');
    assert.equal(latam?.similarity, Math.round(sim * 100) / 100);
    assert.deepEqual(latam?.job_ids, [tries[3]?.jobId]);
    assert.equal(d.summary, `3 of 5 finished tries differ from the majority (200): ${messages.join('; ')}.`);
    // Deterministic: the same tries give the same report.
    assert.deepEqual(divergenceOf(tries, URL0, REGIONS), d);
  });

  test('a CDN block with the same status as nothing else, a captcha, and a redirect to another origin', () => {
    const tries = [
      done('NA', page()),
      done('NA', page()),
      done('EU', page({ statusCode: 403, block: { kind: 'cdn_block', rule: 'cloudflare-block' } })),
      done('APAC', page({ statusCode: 503, block: { kind: 'captcha', rule: 'cloudflare-challenge' } })),
      done('LATAM', page({ finalUrl: 'https://shop.example.br/' })),
    ];
    const d = divergenceOf(tries, URL0, REGIONS);
    assert.deepEqual(
      d.differences.map((e) => e.message),
      [
        'EU: 403, blocked by a CDN or firewall (cloudflare-block)',
        'APAC: 503, captcha page (cloudflare-challenge)',
        'LATAM: redirected to https://shop.example.br',
      ],
    );
  });

  test('part of a region differs: failures and titles, counted', () => {
    const tries = [
      done('NA', page()),
      done('NA', page()),
      done('NA', page()),
      done('EU', page()),
      failed('EU', 'timeout'),
      done('EU', page({ title: 'Tea cups — sale' })),
    ];
    const d = divergenceOf(tries, URL0, REGIONS);
    assert.deepEqual(
      d.differences.map((e) => [e.kind, e.message]),
      [
        ['failed', 'EU: failed (timeout) (1 of 3 tries)'],
        ['title', 'EU: different title "Tea cups — sale" (1 of 3 tries)'],
      ],
    );
    assert.equal(d.differences[0]?.error_type, 'timeout');
    assert.equal(d.differences[0]?.status_code, null);
  });

  test('no majority: every group says what it got', () => {
    const tries = [
      done('NA', page()),
      done('EU', page({ statusCode: 451, block: { kind: 'legal', rule: 'http-451' } })),
      failed('APAC', 'dns'),
      waiting('LATAM'),
    ];
    const d = divergenceOf(tries, URL0, REGIONS);
    assert.equal(d.state, 'no_majority');
    assert.equal(d.majority, null);
    assert.equal(d.waiting, 1);
    assert.deepEqual(
      d.differences.map((e) => [e.kind, e.message]),
      [
        ['answer', 'NA: 200'],
        ['answer', 'EU: 451, blocked for legal reasons (http-451)'],
        ['answer', 'APAC: failed (dns)'],
      ],
    );
    assert.equal(
      d.summary,
      'No majority among 3 finished tries (1 still running): NA: 200; EU: 451, blocked for legal reasons (http-451); APAC: failed (dns).',
    );
  });

  test('networks split a region when results name them', () => {
    const mobile = { kind: 'mobile', asn: 64500 };
    const home = { kind: 'residential', asn: 64501 };
    const tries = [
      done('NA', page(), home),
      done('NA', page({ textFingerprint: FP_OTHER }), mobile),
      done('NA', page(), home),
      done('EU', page()),
    ];
    const d = divergenceOf(tries, URL0, REGIONS);
    assert.equal(d.differences.length, 1);
    const e = d.differences[0];
    assert.equal(e?.group, 'NA mobile');
    assert.deepEqual(e?.network, mobile);
    assert.match(e?.message ?? '', /^NA mobile: different content, similarity 0\.\d\d$/);
  });

  test('a majority of failures: the tries that answered are the ones that differ', () => {
    const d = divergenceOf(
      [failed('NA', 'timeout'), failed('EU', 'timeout'), done('APAC', page())],
      URL0,
      REGIONS,
    );
    assert.equal(d.state, 'differ');
    assert.equal(d.majority?.failed, true);
    assert.equal(d.majority?.error_type, 'timeout');
    assert.deepEqual(
      d.differences.map((e) => e.message),
      ['APAC: 200'],
    );
  });

  test('where a final URL is, said against another', () => {
    assert.equal(whereTo('https://a.example/jp/?x=1', 'https://a.example/'), '/jp/?x=1');
    assert.equal(whereTo('https://b.example/jp/', 'https://a.example/'), 'https://b.example');
    assert.equal(whereTo('https://b.example/jp/', ''), 'https://b.example');
    assert.equal(whereTo('not a url', 'https://a.example/'), 'not a url');
  });
});
