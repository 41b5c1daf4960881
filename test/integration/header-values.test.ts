// A job's header value that an HTTP client would refuse to send (an emoji, a control character,
// CR/LF, NUL) is refused at submit with the contract's message naming the header, on every way a
// job is submitted (alone, in a session); a Latin-1 value is still accepted and kept as given.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';

const LINE_BREAKS = 'invalid request: headers.X-A must not contain line breaks';
const UNSENDABLE = 'invalid request: headers.X-A must be Latin-1 text without control characters';

describe('job header values', () => {
  let c: TestCoordinator;
  let api: ApiClient;
  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
  });
  after(() => c.stop());

  const refused: Array<[string, string, string]> = [
    ['an emoji', 'ok 😀', UNSENDABLE],
    ['a character above Latin-1', 'Ā', UNSENDABLE],
    ['a control character', 'a\u0001b', UNSENDABLE],
    ['DEL', 'a\u007fb', UNSENDABLE],
    ['an escape', 'a\u001b[0m', UNSENDABLE],
    ['CR/LF', 'a\r\nX-Injected: 1', LINE_BREAKS],
    ['a lone LF', 'a\nb', LINE_BREAKS],
    ['NUL', 'a\u0000b', LINE_BREAKS],
  ];

  test('an unsendable value is a 400 naming the header, as a single value or in a list', async () => {
    for (const [what, value, message] of refused) {
      for (const given of [value, ['fine', value]]) {
        const res = await api.submit({ url: 'https://example.test/', headers: { 'X-A': given } });
        assert.equal(res.status, 400, `${what} ${JSON.stringify(given)}`);
        assert.equal(res.body, message, `${what} ${JSON.stringify(given)}`);
      }
    }
  });

  test('a job of a session is checked the same way', async () => {
    const session = await api.request('POST', '/crawl/v1/session/new', { duration_seconds: 60 });
    assert.equal(session.status, 201);
    const sessionId = (session.body as { id: string }).id;
    const res = await api.submit({
      url: 'https://example.test/',
      session_id: sessionId,
      headers: { 'X-A': 'ok 😀' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body, UNSENDABLE);
    const jobs = await api.request('GET', `/crawl/v1/session/${sessionId}/jobs`);
    assert.equal((jobs.body as { total_jobs: number }).total_jobs, 0, 'the refused job was not created');
  });

  test('Latin-1 text and a tab are accepted and stored as given', async () => {
    const value = 'caf\u00e9\tna\u00efve \u00ff';
    const res = await api.submit({ url: 'https://example.test/', headers: { 'X-A': [value] } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const id = (res.body as { job_id: string }).job_id;
    const detail = await api.request('GET', `/crawl/v1/jobs/${id}/detail`);
    assert.equal(detail.status, 200);
    const headers = (detail.body as { request_headers: Array<{ name: string; value: string }> })
      .request_headers;
    assert.deepEqual(
      headers.filter((h) => h.name === 'X-A'),
      [{ name: 'X-A', value }],
    );
  });
});
