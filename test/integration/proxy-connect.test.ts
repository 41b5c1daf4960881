// The egress proxy end to end with real clients and a real agent: HTTP CONNECT (curl -x) to the
// local HTTPS target through a device whose owner consented.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CA_FILE, curl, type ProxyFleet, startProxyFleet } from '../helpers/proxy-fleet.js';

describe('egress proxy: CONNECT', () => {
  let fleet: ProxyFleet;
  before(async () => {
    fleet = await startProxyFleet();
    await fleet.addAgent({ deviceId: 'exit-de-1' });
  });
  after(async () => {
    await fleet.stop();
  });

  it('curl -x carries an HTTPS request through the device to the target', async () => {
    const res = await curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${fleet.user()}:${fleet.key}`,
      '--cacert',
      CA_FILE,
      `https://127.0.0.1:${fleet.httpsPort}/echo`,
    ]);
    assert.equal(res.code, 0, res.stderr);
    const echo = JSON.parse(res.stdout) as { method: string };
    assert.equal(echo.method, 'GET');
    assert.ok(fleet.target.seen.some((s) => s.url === '/echo'));
  });

  it('a large body arrives whole', async () => {
    const bytes = 8 * 1024 * 1024;
    const res = await curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${fleet.user()}:${fleet.key}`,
      '--cacert',
      CA_FILE,
      '--output',
      '/dev/null',
      '--write-out',
      '%{size_download}',
      `https://127.0.0.1:${fleet.httpsPort}/big?bytes=${bytes}`,
    ]);
    assert.equal(res.code, 0, res.stderr);
    assert.equal(Number(res.stdout), bytes);
  });
});
