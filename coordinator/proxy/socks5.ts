// SOCKS5 (RFC 1928) with username/password authentication (RFC 1929), CONNECT only: the handshake
// read from the client's socket in bounded steps, then the reply. Every field is length-bounded by
// the protocol itself (at most 255 bytes each); a client that stalls is cut off by the caller's timer.
import type { Socket } from 'node:net';

export const SOCKS_VERSION = 5;

/** Reply codes (RFC 1928 section 6). */
export const SocksReply = {
  Succeeded: 0x00,
  GeneralFailure: 0x01,
  NotAllowed: 0x02,
  NetworkUnreachable: 0x03,
  HostUnreachable: 0x04,
  ConnectionRefused: 0x05,
  CommandNotSupported: 0x07,
  AddressTypeNotSupported: 0x08,
} as const;

export class SocksError extends Error {
  readonly code = 'SOCKS_PROTOCOL';
  constructor(
    message: string,
    /** The reply to send before closing, if the handshake got that far. */
    readonly reply: number | null = null,
  ) {
    super(message);
    this.name = 'SocksError';
  }
}

/** Reads exactly `n` bytes from a paused socket. */
export function readBytes(socket: Socket, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const chunk = socket.read(n) as Buffer | null;
      if (chunk !== null) {
        cleanup();
        resolve(chunk);
        return true;
      }
      return false;
    };
    const onEnd = () => {
      cleanup();
      reject(new SocksError('client closed during the handshake'));
    };
    const cleanup = () => {
      socket.off('readable', attempt);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
    };
    if (attempt()) return;
    socket.on('readable', attempt);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
  });
}

/** The methods offered; resolves to the credentials once username/password auth was read. */
export async function readGreetingAndAuth(socket: Socket): Promise<{ username: string; password: string }> {
  const [version, count] = await readBytes(socket, 2);
  if (version !== SOCKS_VERSION) throw new SocksError(`not SOCKS5 (version ${version})`);
  const methods = await readBytes(socket, count ?? 0);
  if (!methods.includes(0x02)) {
    // No acceptable method: every connection needs the API key.
    socket.write(Buffer.from([SOCKS_VERSION, 0xff]));
    throw new SocksError('the client offered no username/password authentication');
  }
  socket.write(Buffer.from([SOCKS_VERSION, 0x02]));
  const [authVersion, userLen] = await readBytes(socket, 2);
  if (authVersion !== 0x01) throw new SocksError(`bad auth version ${authVersion}`);
  const username = userLen ? (await readBytes(socket, userLen)).toString('utf8') : '';
  const [passLen] = await readBytes(socket, 1);
  const password = passLen ? (await readBytes(socket, passLen)).toString('utf8') : '';
  return { username, password };
}

export function writeAuthResult(socket: Socket, ok: boolean): void {
  socket.write(Buffer.from([0x01, ok ? 0x00 : 0x01]));
}

/** The CONNECT request's destination. */
export async function readRequest(socket: Socket): Promise<{ host: string; port: number }> {
  const [version, command, , addressType] = await readBytes(socket, 4);
  if (version !== SOCKS_VERSION) throw new SocksError(`not SOCKS5 (version ${version})`);
  let host: string;
  if (addressType === 0x01) {
    host = [...(await readBytes(socket, 4))].join('.');
  } else if (addressType === 0x03) {
    const [len] = await readBytes(socket, 1);
    if (!len) throw new SocksError('empty host name', SocksReply.GeneralFailure);
    host = (await readBytes(socket, len)).toString('latin1');
  } else if (addressType === 0x04) {
    const raw = await readBytes(socket, 16);
    const groups: string[] = [];
    for (let i = 0; i < 16; i += 2) groups.push(raw.readUInt16BE(i).toString(16));
    host = groups.join(':');
  } else {
    throw new SocksError(`address type ${addressType}`, SocksReply.AddressTypeNotSupported);
  }
  const port = (await readBytes(socket, 2)).readUInt16BE(0);
  if (command !== 0x01)
    throw new SocksError(`command ${command} (CONNECT only)`, SocksReply.CommandNotSupported);
  return { host, port };
}

/** The reply to the request; the bound address is not the client's business (0.0.0.0:0). */
export function writeReply(socket: Socket, code: number): void {
  socket.write(Buffer.from([SOCKS_VERSION, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
}
