// Real proxy clients through real agents: curl over SOCKS5 (socks5h) and absolute-form HTTP, undici's
// ProxyAgent, Chromium with --proxy-server loading a local HTTPS page; a session name keeps its
// device, new names spread; country targeting picks only devices in that country.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import puppeteer from 'puppeteer-core';
import { ProxyAgent, request } from 'undici';
import type { CrawlAgent } from '../../agent/runtime.js';
import { chromiumNeed } from '../helpers/needs.js';
import { CA_FILE, curl, type ProxyFleet, proxyLog, startProxyFleet } from '../helpers/proxy-fleet.js';
import { TLS_CERT } from '../helpers/target-server.js';

const { browser: chromium, skip: chromiumSkip } = await chromiumNeed();

describe('egress proxy: real clients and targeting', () => {
  let fleet: ProxyFleet;
  let de1: CrawlAgent;
  let de2: CrawlAgent;
  let fr: CrawlAgent;
  before(async () => {
    fleet = await startProxyFleet();
    de1 = await fleet.addAgent({ deviceId: 'exit-de-1', country: 'DE' });
    de2 = await fleet.addAgent({ deviceId: 'exit-de-2', country: 'DE' });
    fr = await fleet.addAgent({ deviceId: 'exit-fr-1', country: 'FR', city: 'Paris' });
  });
  after(async () => {
    await fleet.stop();
  });

  const logged = async () =>
    (await Promise.all([de1, de2, fr].map((a) => a.urlLog(1000)))).map(
      (lines) => lines.filter((l) => l.method === 'CONNECT').length,
    );

  it('curl over socks5h reaches the HTTPS target', async () => {
    const res = await curl([
      '--proxy',
      `socks5h://${encodeURIComponent(fleet.user())}:${encodeURIComponent(fleet.key)}@${fleet.proxyAddr}`,
      '--cacert',
      CA_FILE,
      `https://localhost:${fleet.httpsPort}/echo`,
    ]);
    assert.equal(res.code, 0, res.stderr);
    assert.equal((JSON.parse(res.stdout) as { method: string }).method, 'GET');
  });

  it('curl -x with an http:// URL goes as an absolute-form request', async () => {
    const res = await curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${fleet.user()}:${fleet.key}`,
      '-H',
      'x-probe: absolute',
      `http://127.0.0.1:${fleet.httpPort}/echo`,
    ]);
    assert.equal(res.code, 0, res.stderr);
    assert.ok(res.stdout.startsWith('{'), res.stdout);
    const echo = JSON.parse(res.stdout) as { headers: Record<string, string> };
    assert.equal(echo.headers['x-probe'], 'absolute');
    assert.equal(echo.headers['proxy-authorization'], undefined, 'proxy credentials never reach the target');
  });

  it("undici's ProxyAgent fetches through the proxy", async () => {
    const token = `Basic ${Buffer.from(`${fleet.user()}:${fleet.key}`).toString('base64')}`;
    const dispatcher = new ProxyAgent({
      uri: `http://${fleet.proxyAddr}`,
      token,
      requestTls: { ca: TLS_CERT },
    });
    try {
      const res = await request(`https://127.0.0.1:${fleet.httpsPort}/big?bytes=300000`, { dispatcher });
      assert.equal(res.statusCode, 200);
      assert.equal((await res.body.arrayBuffer()).byteLength, 300_000);
    } finally {
      await dispatcher.close();
    }
  });

  it('Chromium with --proxy-server loads a local HTTPS page', { skip: chromiumSkip }, async () => {
    const browser = await puppeteer.launch({
      executablePath: chromium?.path ?? '',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        `--proxy-server=http://${fleet.proxyAddr}`,
        // Chromium never proxies loopback unless told to.
        '--proxy-bypass-list=<-loopback>',
        '--ignore-certificate-errors',
      ],
    });
    try {
      const page = await browser.newPage();
      await page.authenticate({ username: fleet.user(), password: fleet.key });
      const res = await page.goto(`https://localhost:${fleet.httpsPort}/article`, { waitUntil: 'load' });
      assert.equal(res?.status(), 200);
      assert.equal(await page.title(), 'Harbour lights');
    } finally {
      await browser.close();
    }
  });

  it('a session name keeps its device; new names spread over devices', async () => {
    const before = await logged();
    for (let i = 0; i < 4; i++) {
      const res = await curl([
        '-x',
        `http://${fleet.proxyAddr}`,
        '--proxy-user',
        `${fleet.user('country-de-session-sticky1-ttl-60')}:${fleet.key}`,
        '--cacert',
        CA_FILE,
        `https://127.0.0.1:${fleet.httpsPort}/echo`,
      ]);
      assert.equal(res.code, 0, res.stderr);
    }
    await proxyLog(de1, 0);
    let after = await logged();
    for (let i = 0; i < 50 && after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0) < 4; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await logged();
    }
    const grew = after.map((n, i) => n - (before[i] ?? 0));
    assert.deepEqual(
      grew.filter((n) => n > 0),
      [4],
      `one device carried all four: ${grew}`,
    );
    assert.equal(grew[2], 0, 'the French device was never chosen for country-de');

    const spreadBefore = await logged();
    for (let i = 0; i < 16; i++) {
      const res = await curl([
        '-x',
        `http://${fleet.proxyAddr}`,
        '--proxy-user',
        `${fleet.user(`country-de-session-fresh${i}`)}:${fleet.key}`,
        '--cacert',
        CA_FILE,
        `https://127.0.0.1:${fleet.httpsPort}/echo`,
      ]);
      assert.equal(res.code, 0, res.stderr);
    }
    let spread = await logged();
    for (
      let i = 0;
      i < 50 && spread.reduce((a, b) => a + b, 0) - spreadBefore.reduce((a, b) => a + b, 0) < 16;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
      spread = await logged();
    }
    const used = spread.map((n, i) => n - (spreadBefore[i] ?? 0));
    assert.ok((used[0] ?? 0) > 0 && (used[1] ?? 0) > 0, `new names used both German devices: ${used}`);
    assert.equal(used[2], 0);
  });

  it('country targeting picks only devices in that country', async () => {
    const before = await logged();
    for (let i = 0; i < 3; i++) {
      const res = await curl([
        '-x',
        `http://${fleet.proxyAddr}`,
        '--proxy-user',
        `${fleet.user('country-fr')}:${fleet.key}`,
        '--cacert',
        CA_FILE,
        `https://127.0.0.1:${fleet.httpsPort}/echo`,
      ]);
      assert.equal(res.code, 0, res.stderr);
    }
    const lines = await proxyLog(fr, (before[2] ?? 0) + 3);
    assert.equal(lines.length, (before[2] ?? 0) + 3);
    const now = await logged();
    assert.equal(now[0], before[0]);
    assert.equal(now[1], before[1]);
    const none = await curl([
      '-x',
      `http://${fleet.proxyAddr}`,
      '--proxy-user',
      `${fleet.user('country-jp')}:${fleet.key}`,
      '--cacert',
      CA_FILE,
      '--write-out',
      '%{http_connect}',
      `https://127.0.0.1:${fleet.httpsPort}/echo`,
    ]);
    assert.notEqual(none.code, 0);
    assert.equal(none.stdout, '503');
  });
});
