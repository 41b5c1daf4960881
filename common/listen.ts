// A server listening: resolves with its bound address once it listens, rejects with the error that
// stopped it (a taken port, an address not on this machine); the error listener goes after, so a
// later error reaches the server's own handlers only. Every listening server of both sides uses it.
import type { AddressInfo, Server } from 'node:net';

export function listenOn(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
