// Proxy streams share the agent link with jobs without starving them: while 16 streams pull bytes
// through the device as fast as the clients read, a job sent to the same device is assigned, run and
// its result delivered before the downloads are over.
import assert from 'node:assert/strict';
import type net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiClient } from '../helpers/client.js';
import { connectThrough, type ProxyFleet, startByteSource, startProxyFleet } from '../helpers/proxy-fleet.js';

const STREAMS = 16;
const BODY = 64 * 1024 * 1024;

describe('egress proxy: fair with jobs', () => {
  let fleet: ProxyFleet;
  let source: Awaited<ReturnType<typeof startByteSource>>;
  before(async () => {
    source = await startByteSource();
    fleet = await startProxyFleet();
    await fleet.addAgent({ deviceId: 'busy-exit', extra: ['--proxy-ports', String(source.port)] });
  });
  after(async () => {
    await fleet.stop();
    await source.close();
  });

  it('a job completes while the link is saturated by streams', async () => {
    const auth = `${fleet.user()}:${fleet.key}`;
    const sockets: net.Socket[] = [];
    let received = 0;
    let finished = 0;
    for (let i = 0; i < STREAMS; i++) {
      const s = await connectThrough(fleet.proxyAddr, auth, source.port);
      s.on('data', (d: Buffer) => {
        received += d.byteLength;
      });
      s.once('end', () => finished++);
      s.write(`${BODY}\n`);
      s.resume();
      sockets.push(s);
    }
    try {
      // The streams are flowing before the job is sent.
      while (received < 8 * 1024 * 1024) await new Promise((r) => setTimeout(r, 10));
      const api = new ApiClient(fleet.coord.url, fleet.coord.apiKey);
      const submitted = await api.submit({ url: `${fleet.target.httpsUrl}/echo` });
      assert.equal(submitted.status, 201, JSON.stringify(submitted.body));
      const job = await api.waitTerminal((submitted.body as { job_id: string }).job_id);
      assert.equal(job.status, 'completed');
      const share = received / (STREAMS * BODY);
      assert.equal(finished, 0, 'the job ended before any download did');
      assert.ok(share < 1, `job done with ${(share * 100).toFixed(0)}% of the stream bytes through`);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});
