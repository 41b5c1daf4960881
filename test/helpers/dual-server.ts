// One request handler served on 127.0.0.1 over HTTP and HTTPS (certificate: test/fixtures/tls),
// ports chosen by the OS; close() drops open connections first.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const tlsDir = fileURLToPath(new URL('../fixtures/tls/', import.meta.url));
export const TLS_CERT = readFileSync(`${tlsDir}cert.pem`);
export const TLS_KEY = readFileSync(`${tlsDir}key.pem`);

export interface DualServer {
  httpUrl: string;
  httpsUrl: string;
  close(): Promise<void>;
}

function listen(server: http.Server | https.Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function serveHttpAndHttps(handler: http.RequestListener): Promise<DualServer> {
  const plain = http.createServer(handler);
  const secure = https.createServer({ cert: TLS_CERT, key: TLS_KEY }, handler);
  const [httpPort, httpsPort] = await Promise.all([listen(plain), listen(secure)]);
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    async close() {
      plain.closeAllConnections();
      secure.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => plain.close(() => r())),
        new Promise<void>((r) => secure.close(() => r())),
      ]);
    },
  };
}
