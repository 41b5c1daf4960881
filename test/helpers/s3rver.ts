// A real S3-protocol server (s3rver 3, in this process) on 127.0.0.1 for storage tests.
// s3rver quirks handled here:
// - close() only waits: a keep-alive or mid-upload connection would hold it open, so halting also
//   drops every connection (which is what a crashed server looks like to a client).
// - after close() an instance cannot run again (its logger is closed), so restart builds a new one.
// - it ships no types and no ESM entry: loaded through createRequire with the few members used typed here.
// - it stores request bodies as sent: clients must not use aws-chunked checksum trailers
//   (S3Storage sets requestChecksumCalculation WHEN_REQUIRED).
// - it implements no AbortMultipartUpload (405) and no ListMultipartUploads: the helper answers the
//   abort itself by removing the upload's folder, and lists open uploads from those folders.
// - its ListObjectsV2 continuation tokens use single DES, which OpenSSL 3 (Node >= 17) only has in the
//   legacy provider: any listing of more than 1000 keys answers 500. See allowS3rverDes().
import crypto from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  resetOnClose: boolean;
  vhostBuckets: boolean;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
  /** Koa's middleware list, composed when run() starts listening. */
  middleware: KoaMiddleware[];
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** Where s3rver keeps the parts of a bucket's open multipart uploads, one folder per upload. */
function uploadsDir(directory: string, bucket: string): string {
  return path.join(directory, bucket, '._S3rver_uploads');
}

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverInstance;

type CipherFactory = (algorithm: string, key: Buffer, iv: Buffer | null, ...rest: unknown[]) => unknown;
let desAllowed = false;

/**
 * Lets s3rver make continuation tokens without `--openssl-legacy-provider`: 'des' calls become
 * 3DES with the key repeated (K1 = K2 = K3 is exactly single DES), which OpenSSL 3 still offers.
 * Only the 'des' algorithm is touched, and only when this Node cannot do DES itself.
 */
function allowS3rverDes(): void {
  if (desAllowed) return;
  desAllowed = true;
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return;
  } catch {
    // DES unavailable: patch below.
  }
  const wrap =
    (original: CipherFactory): CipherFactory =>
    (algorithm, key, iv, ...rest) =>
      algorithm.toLowerCase() === 'des' && key.length === 8
        ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv, ...rest)
        : original(algorithm, key, iv, ...rest);
  // s3rver calls these through require('crypto') at call time, so replacing the properties reaches it.
  // The casts: the real functions are overloaded and the wrapper only forwards its arguments.
  const target = crypto as unknown as { createCipheriv: CipherFactory; createDecipheriv: CipherFactory };
  target.createCipheriv = wrap(target.createCipheriv);
  target.createDecipheriv = wrap(target.createDecipheriv);
}

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3rverHandle {
  endpoint: string;
  port: number;
  directory: string;
  /** Multipart uploads of the bucket neither completed nor aborted (ListMultipartUploads). */
  openUploads(bucket: string): Promise<string[]>;
  /** Bytes the server has read from all its connections so far (headers included). */
  bytesReceived(): number;
  /** Stops the server like a crash (open connections dropped) but keeps port and files for restart(). */
  halt(): Promise<void>;
  /** Starts it again (halting first if running) on the same port, with the same files. */
  restart(): Promise<void>;
  /** Final stop: halts and removes the directory if this helper created it. Safe twice. */
  stop(): Promise<void>;
}

export async function startS3rver(
  options: { port?: number; directory?: string } = {},
): Promise<S3rverHandle> {
  allowS3rverDes();
  const ownsDirectory = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 's3rver-')));
  let port = options.port ?? 0;
  let server: S3rverInstance | null = null;
  let stopped = false;
  const sockets = new Set<Socket>();
  let bytesFromClosedSockets = 0;

  const run = async (): Promise<void> => {
    const instance = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      resetOnClose: false,
      vhostBuckets: false,
    });
    // AbortMultipartUpload (DELETE /bucket/key?uploadId=…), answered before s3rver's router.
    instance.middleware.unshift(async (ctx, next) => {
      const uploadId = ctx.query.uploadId;
      if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId)) {
        return next();
      }
      const bucket = ctx.path.split('/')[1] ?? '';
      await rm(path.join(uploadsDir(directory, bucket), uploadId), { recursive: true, force: true });
      ctx.status = 204;
    });
    // Port 0 works: s3rver passes it straight to listen() and reports the bound address.
    port = (await instance.run()).port;
    // Node's 5 s keep-alive timeout races a client reusing an idle connection (a request written as
    // the server closes it waits out the client's request timeout); S3 keeps idle ones far longer.
    instance.httpServer.keepAliveTimeout = 60_000;
    instance.httpServer.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => {
        bytesFromClosedSockets += socket.bytesRead;
        sockets.delete(socket);
      });
    });
    server = instance;
  };

  const halt = async (): Promise<void> => {
    const instance = server;
    if (!instance) return;
    server = null;
    const closed = instance.close();
    instance.httpServer.closeAllConnections();
    await closed;
  };

  try {
    await run();
  } catch (err) {
    if (ownsDirectory) await rm(directory, { recursive: true, force: true });
    throw err;
  }

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    directory,
    async openUploads(bucket) {
      return readdir(uploadsDir(directory, bucket)).catch(() => []);
    },
    bytesReceived() {
      let total = bytesFromClosedSockets;
      for (const socket of sockets) total += socket.bytesRead;
      return total;
    },
    halt,
    async restart() {
      if (stopped) throw new Error('s3rver was stopped for good; start a new one');
      await halt();
      await run();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await halt();
      if (ownsDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}
