// A device that alters a proxied TLS stream breaks only that stream: the client's TLS sees the
// change (its record check fails), while another stream through the same device, at the same time,
// delivers its body whole. The alteration is made on the link (tampering-link-proxy.ts), where a
// hostile device's software would make it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import tls from 'node:tls';
import { connectThrough, type ProxyFleet, startProxyFleet } from '../helpers/proxy-fleet.js';
import { startTamperingLinkProxy, type TamperingLinkProxy } from '../helpers/tampering-link-proxy.js';
import { TLS_CERT } from '../helpers/target-server.js';

const BODY = 1024 * 1024;

/** GET /big over TLS on `socket`: the body length, or the TLS error. */
function fetchOverTls(socket: import('node:net').Socket): Promise<{ bytes: number } | { error: string }> {
  return new Promise((resolve) => {
    const t = tls.connect({ socket, ca: [TLS_CERT], servername: 'localhost' });
    let raw = '';
    t.setEncoding('latin1');
    t.on('data', (d: string) => {
      raw += d;
    });
    t.once('secureConnect', () =>
      t.write(`GET /big?bytes=${BODY} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`),
    );
    t.once('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    t.once('end', () => resolve({ bytes: raw.length - raw.indexOf('\r\n\r\n') - 4 }));
  });
}

describe('egress proxy: a tampering device', () => {
  let fleet: ProxyFleet;
  let hop: TamperingLinkProxy;
  before(async () => {
    fleet = await startProxyFleet();
    // Stream 1's data is altered once past its TLS handshake; every other stream passes untouched.
    hop = await startTamperingLinkProxy(fleet.coord.url, {
      tamperStream: (id, offset) => id === 1 && offset > 64 * 1024,
    });
    await fleet.addAgent({ deviceId: 'hostile-exit', via: hop.url });
  });
  after(async () => {
    await fleet.stop();
    await hop.close();
  });

  it('the altered stream fails its TLS check; the other stream delivers its body whole', async () => {
    const auth = `${fleet.user()}:${fleet.key}`;
    const first = await connectThrough(fleet.proxyAddr, auth, fleet.httpsPort);
    const second = await connectThrough(fleet.proxyAddr, auth, fleet.httpsPort);
    const [altered, intact] = await Promise.all([fetchOverTls(first), fetchOverTls(second)]);
    assert.ok(hop.tampered.streamFrames > 0, 'the hop altered stream data');
    assert.ok('error' in altered, `the altered stream failed: ${JSON.stringify(altered)}`);
    assert.match(altered.error, /DECRYPTION_FAILED|BAD_RECORD_MAC|bad record mac|decryption/i);
    assert.deepEqual(intact, { bytes: BODY });
    // The device keeps serving: a later connection works.
    const later = await fetchOverTls(await connectThrough(fleet.proxyAddr, auth, fleet.httpsPort));
    assert.deepEqual(later, { bytes: BODY });
  });
});
