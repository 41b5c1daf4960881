// What a measurement's answer tells of the device that ran it: nothing of its own. mtr names the
// device's host name in its output and a bound ping its source address; the agent scrubs both
// (agent/executors/measure/scrub.ts) before the raw output leaves the device. Checked in the two
// shapes an asker reads, /crawl/v1/measure/{id} and the Globalping facade's /v1/measurements/{id},
// with a device whose source is 127.0.0.23 measuring 127.0.0.3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MeasureMethod } from '../../proto/index.js';
import { ApiClient } from '../helpers/client.js';
import { startTestCoordinator, type TestCoordinator } from '../helpers/cluster.js';
import { deviceTraces } from '../helpers/device-traces.js';
import type { Obj } from '../helpers/json.js';
import { startMeasureAgent } from '../helpers/measure-fleet.js';
import { measureToolsNeed } from '../helpers/needs.js';
import { openSse } from '../helpers/sse-client.js';

const need = await measureToolsNeed();
const BOUND = '127.0.0.23';
const TARGET = '127.0.0.3';

describe("a measurement's answer names nothing of the device", () => {
  let c: TestCoordinator;
  let api: ApiClient;
  let stop: (() => Promise<void>) | undefined;

  before(async () => {
    c = await startTestCoordinator();
    api = new ApiClient(c.url, c.apiKey);
    stop = await startMeasureAgent(c, { deviceId: 'bound-23', country: 'DE', localAddress: BOUND });
  });
  after(async () => {
    await stop?.();
    await c?.stop();
  });

  async function finished(id: string): Promise<void> {
    const stream = await openSse(`${c.url}/crawl/v1/measure/${id}/events`, c.apiKey);
    while (await stream.next()) {
      // until measurement.completed ends the stream
    }
    stream.close();
  }

  /** Our shape: the answer of GET /crawl/v1/measure/{id}, and its one raw output. */
  async function ours(body: Obj): Promise<{ text: string; raw: string }> {
    const res = await api.request('POST', '/crawl/v1/measure/new', { ...body, target: TARGET });
    assert.equal(res.status, 201, res.text);
    const id = (res.body as Obj).id as string;
    await finished(id);
    const got = await api.request('GET', `/crawl/v1/measure/${id}`);
    assert.equal(got.status, 200, got.text);
    const result = ((got.body as Obj).results as Obj[])[0]?.result as Obj;
    assert.equal(result.success, true, JSON.stringify(result));
    return { text: got.text, raw: String(result.raw_output) };
  }

  /** Globalping's shape: the answer of GET /v1/measurements/{id}, and its one rawOutput. */
  async function globalping(body: Obj): Promise<{ text: string; raw: string }> {
    const res = await api.request('POST', '/v1/measurements', { ...body, target: TARGET });
    assert.equal(res.status, 202, res.text);
    const id = (res.body as Obj).id as string;
    await finished(id);
    const got = await api.request('GET', `/v1/measurements/${id}`);
    assert.equal(got.status, 200, got.text);
    const result = ((got.body as Obj).results as Obj[])[0]?.result as Obj;
    assert.equal(result.status, 'finished', JSON.stringify(result));
    return { text: got.text, raw: String(result.rawOutput) };
  }

  const cases: Array<[string, MeasureMethod, Obj, Obj, RegExp]> = [
    [
      'ping',
      'MEASURE_PING_ICMP',
      { type: 'ping', packets: 1 },
      { type: 'ping', measurementOptions: { packets: 1 } },
      /^PING 127\.0\.0\.3 /,
    ],
    [
      'traceroute',
      'MEASURE_TRACEROUTE_UDP',
      { type: 'traceroute', protocol: 'udp', packets: 1, max_hops: 3 },
      { type: 'traceroute', measurementOptions: { protocol: 'UDP' } },
      /^traceroute to 127\.0\.0\.3 /,
    ],
    [
      'mtr',
      'MEASURE_MTR_ICMP',
      { type: 'mtr', packets: 1, max_hops: 3 },
      { type: 'mtr', measurementOptions: { packets: 1 } },
      /127\.0\.0\.3/,
    ],
  ];
  for (const [name, method, ourBody, theirBody, looksLike] of cases) {
    test(`${name}: neither the host name nor the bound address, in either shape`, {
      skip: need.skip(method),
    }, async () => {
      for (const answer of [await ours(ourBody), await globalping(theirBody)]) {
        // The raw output is there, with the target in it: the check below looks at a real one.
        assert.match(answer.raw, looksLike);
        assert.deepEqual(deviceTraces(answer.text, BOUND, TARGET), [], answer.text);
      }
    });
  }
});
