// The page fields of POST /crawl/v1/new (docs/actions.md): every refusal is a 400 with the exact
// `invalid request: …` message naming the field, and an accepted job keeps its options.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';

describe('page options on job submission', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
  });
  after(() => c.stop());

  const page = { url: 'http://198.51.100.7/p', method: 'CRAWL_FULL_PAGE', timeout_sec: 10 };
  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['actions on GET', { ...page, method: 'GET', actions: [] }, 'actions needs method CRAWL_FULL_PAGE'],
    ['actions not a list', { ...page, actions: {} }, 'actions must be an array of action objects'],
    [
      'too many actions',
      { ...page, actions: Array.from({ length: 51 }, () => ({ type: 'wait', ms: 1 })) },
      'actions must have at most 50 entries',
    ],
    [
      'unknown type',
      { ...page, actions: [{ type: 'fly' }] },
      'actions[0].type must be one of wait, wait_for, click, type, press, scroll, select, hover, screenshot, evaluate',
    ],
    ['missing selector', { ...page, actions: [{ type: 'click' }] }, 'actions[0].selector is required'],
    [
      'text too long',
      { ...page, actions: [{ type: 'type', selector: '#a', text: 'x'.repeat(10_001) }] },
      'actions[0].text must be at most 10000 characters',
    ],
    [
      'a timeout past the job',
      { ...page, actions: [{ type: 'wait_for', selector: '#a', timeout_ms: 10_001 }] },
      'actions[0].timeout_ms must be an integer from 1 to 10000',
    ],
    [
      'waits past the job',
      {
        ...page,
        actions: [
          { type: 'wait', ms: 6000 },
          { type: 'wait', ms: 4000 },
        ],
      },
      'actions: the waits add up to more than timeout_sec',
    ],
    [
      'a screenshot name twice',
      {
        ...page,
        actions: [
          { type: 'screenshot', name: 'a' },
          { type: 'screenshot', name: 'a' },
        ],
      },
      'actions: screenshot name a is used twice',
    ],
    [
      'extract on POST',
      { ...page, method: 'POST', extract: { fields: [] } },
      'extract needs method GET or CRAWL_FULL_PAGE',
    ],
    [
      'extract without fields',
      { ...page, extract: { fields: [] } },
      'extract.fields must be a non-empty array of fields',
    ],
    [
      'a field without a selector',
      { ...page, extract: { fields: [{ name: 'a' }] } },
      'extract.fields[0] needs a selector or an xpath',
    ],
    [
      'an attribute field without its attribute',
      { ...page, extract: { fields: [{ name: 'a', selector: 'a', type: 'attribute' }] } },
      'extract.fields[0].attribute is required',
    ],
    ['har on GET', { ...page, method: 'GET', har: true }, 'har needs method CRAWL_FULL_PAGE'],
    [
      'a PDF format',
      { ...page, pdf: { format: 'B5' } },
      'pdf.format must be one of A4, Letter, Legal, A3, Tabloid',
    ],
    ['an unknown audit', { ...page, audits: ['speed'] }, 'audits must be a list of lighthouse'],
  ];
  for (const [name, body, message] of refusals) {
    test(`refused: ${name}`, async () => {
      const res = await api.submit(body);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body, `invalid request: ${message}`);
    });
  }

  test('accepted options are kept on the job for its device', async () => {
    const res = await api.submit({
      ...page,
      actions: [
        { type: 'type', selector: '#p', text: 'pw', secret: true },
        { type: 'click', selector: 'button' },
      ],
      extract: { fields: [{ name: 'title', selector: 'h1', transforms: ['trim'] }] },
      har: true,
      pdf: { format: 'Letter', landscape: true },
    });
    assert.equal(res.status, 201, res.text);
    const id = (res.body as { job_id: string }).job_id;
    const job = await c.coordinator.services.store.getJob(id);
    assert.deepEqual(job?.request.page, {
      actions: [
        { type: 'type', selector: '#p', text: 'pw', secret: true },
        { type: 'click', selector: 'button' },
      ],
      extract: { fields: [{ name: 'title', selector: 'h1', type: 'text', transforms: ['trim'] }] },
      har: true,
      pdf: { format: 'Letter', landscape: true, print_background: false },
    });
  });
});
