// Job content in an S3-compatible bucket (AWS, MinIO, R2, Ceph, s3rver in tests).

import { Readable } from 'node:stream';
import {
  type BucketLocationConstraint,
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { StorageError } from './errors.js';
import { assertValidKey, assertValidPrefix } from './keys.js';
import { fromS3Error, isMissingObject } from './s3-errors.js';
import { S3Write } from './s3-write.js';
import type { ContentStorage, ContentWrite } from './types.js';

/** S3's smallest allowed multipart part (all but the last). */
const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's cap on keys per DeleteObjects call, and on keys per ListObjectsV2 page. */
const DELETE_BATCH = 1000;

export interface S3Options {
  /** Endpoint URL of a non-AWS server (`http://127.0.0.1:9000`). Default: AWS's endpoint for `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Give both keys, or neither to use the SDK's default chain (env, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the URL path rather than the host name; most self-hosted servers need true. */
  forcePathStyle: boolean;
  /** Prepended to every key as `{prefix}/jobs/...`, to share a bucket. Default: none. */
  prefix?: string;
  /**
   * Part size of multipart uploads, at least 5 MiB. A streamed put holds about
   * `partSizeBytes × (partConcurrency + 1)` in memory. Buffers up to this size go in one PUT.
   * Default 8 MiB.
   */
  partSizeBytes?: number;
  /** Parts of one put uploaded at the same time. Default 2. */
  partConcurrency?: number;
  /** Limit on opening a connection. Default 3_000. */
  connectionTimeoutMs?: number;
  /**
   * Limit on one HTTP request (one part, one GET until headers) and on a silent socket; a server that
   * accepts connections but never answers fails after this. Default 30_000.
   */
  requestTimeoutMs?: number;
  /** Tries per S3 call, the first included. Default 2: the coordinator retries whole jobs itself. */
  maxAttempts?: number;
}

export class S3Storage implements ContentStorage {
  readonly type = 's3' as const;
  readonly bucket: string;
  readonly #client: S3Client;
  readonly #keyPrefix: string;
  readonly #region: string;
  readonly #partSizeBytes: number;
  readonly #partConcurrency: number;
  #closed = false;

  constructor(options: S3Options) {
    const partSizeBytes = options.partSizeBytes ?? 8 * 1024 * 1024;
    if (!Number.isInteger(partSizeBytes) || partSizeBytes < MIN_PART_BYTES) {
      throw new RangeError(`partSizeBytes must be an integer of at least ${MIN_PART_BYTES}`);
    }
    if ((options.accessKeyId === undefined) !== (options.secretAccessKey === undefined)) {
      throw new RangeError('give both accessKeyId and secretAccessKey, or neither');
    }
    this.bucket = options.bucket;
    this.#region = options.region;
    this.#partSizeBytes = partSizeBytes;
    this.#partConcurrency = Math.max(1, options.partConcurrency ?? 2);
    const trimmed = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    if (trimmed) assertValidPrefix(trimmed);
    this.#keyPrefix = trimmed ? `${trimmed}/` : '';
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId !== undefined && options.secretAccessKey !== undefined
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      maxAttempts: options.maxAttempts ?? 2,
      requestHandler: {
        connectionTimeout: options.connectionTimeoutMs ?? 3_000,
        requestTimeout: requestTimeoutMs,
        // Without this the SDK only logs a warning when requestTimeout passes, and keeps waiting.
        throwOnRequestTimeout: true,
        socketTimeout: requestTimeoutMs,
      },
      // The SDK's default adds CRC32 trailers in aws-chunked encoding to streamed bodies; many
      // S3-compatible servers (s3rver among them) do not decode that and would store the framing.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * A Readable (and a Buffer larger than one part) goes up as a multipart upload, part by part;
   * S3 publishes the object only on the final complete call, so no reader sees a part of it.
   * Unlike openWrite (one part at a time, the caller's pace), a whole body is known up front, so
   * its parts go up `partConcurrency` at a time (lib-storage's Upload).
   */
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    try {
      const params = { Bucket: this.bucket, Key: this.#objectKey(key), ContentType: contentType };
      if (Buffer.isBuffer(body) && body.length <= this.#partSizeBytes) {
        await this.#client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
        return;
      }
      const upload = new Upload({
        client: this.#client,
        params: { ...params, Body: body },
        partSize: this.#partSizeBytes,
        queueSize: this.#partConcurrency,
      });
      await upload.done();
    } catch (err) {
      // The source cannot be replayed by the caller anyway; destroying it releases its resources.
      if (!Buffer.isBuffer(body)) body.destroy();
      throw fromS3Error(err, `put ${key}`);
    }
  }

  /** A multipart upload fed part by part as bytes arrive (s3-write.ts): about one part in memory. */
  openWrite(key: string, contentType: string): ContentWrite {
    return new S3Write({
      client: this.#client,
      bucket: this.bucket,
      key: this.#objectKey(key),
      contentType,
      partSizeBytes: this.#partSizeBytes,
      fail: (err, action) => fromS3Error(err, `${action} ${key}`),
    });
  }

  /**
   * Reads are idempotent, and a body cut off mid-stream (a keep-alive socket the server closed, a
   * reset under load) fails after the SDK's own retries are over: so a read is tried up to 3 times.
   */
  async get(key: string): Promise<Buffer | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#getOnce(key);
      } catch (err) {
        if (attempt >= 3 || !(err instanceof StorageError && err.retryable)) throw err;
      }
    }
  }

  async #getOnce(key: string): Promise<Buffer | null> {
    try {
      const res = await this.#client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.#objectKey(key) }),
      );
      if (!res.Body) return Buffer.alloc(0);
      const bytes = await res.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw fromS3Error(err, `get ${key}`);
    }
  }

  /**
   * The stream holds an HTTP connection: consume it or destroy() it. Errors after it is returned
   * (a dropped connection) arrive on the stream as they come from the SDK, not as StorageErrors.
   */
  async getStream(key: string): Promise<Readable | null> {
    try {
      const res = await this.#client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.#objectKey(key) }),
      );
      if (!res.Body) return Readable.from([]);
      if (!(res.Body instanceof Readable)) {
        throw new StorageError(
          'STORAGE_FAILED',
          `getStream ${key}: the S3 client returned a non-Node stream`,
        );
      }
      return res.Body;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw fromS3Error(err, `getStream ${key}`);
    }
  }

  /** Lists a page of up to 1000 keys and deletes that page in one call, until the listing ends. */
  async deletePrefix(prefix: string): Promise<void> {
    try {
      this.#assertOpen();
      assertValidPrefix(prefix);
      const fullPrefix = this.#keyPrefix + prefix;
      let token: string | undefined;
      do {
        const page = await this.#client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: fullPrefix,
            MaxKeys: DELETE_BATCH,
            ContinuationToken: token,
          }),
        );
        const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (objects.length > 0) {
          const res = await this.#client.send(
            new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }),
          );
          const first = res.Errors?.[0];
          if (first) {
            throw new StorageError(
              'STORAGE_FAILED',
              `deletePrefix ${prefix}: ${res.Errors?.length} objects not deleted (first: ${first.Code})`,
            );
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (err) {
      throw fromS3Error(err, `deletePrefix ${prefix}`);
    }
  }

  /** Creates the bucket when it does not exist; for first start and tests. */
  async ensureBucket(): Promise<void> {
    try {
      this.#assertOpen();
      try {
        await this.#client.send(new HeadBucketCommand({ Bucket: this.bucket }));
        return;
      } catch (err) {
        if (!isMissingObject(err)) throw err;
      }
      try {
        await this.#client.send(
          new CreateBucketCommand({
            Bucket: this.bucket,
            // us-east-1 is the default location and AWS refuses it when named explicitly. The cast:
            // the SDK's region list is closed, and a newer region (or a self-hosted one) is not in it.
            CreateBucketConfiguration:
              this.#region === 'us-east-1'
                ? undefined
                : { LocationConstraint: this.#region as BucketLocationConstraint },
          }),
        );
      } catch (err) {
        // Lost a race with another process creating it; s3rver answers BucketAlreadyExists here.
        const name = (err as { name?: unknown }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
      }
    } catch (err) {
      throw fromS3Error(err, `ensureBucket ${this.bucket}`);
    }
  }

  /** Closes pooled connections; calls after it fail STORAGE_CLOSED. Safe twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#client.destroy();
  }

  #assertOpen(): void {
    if (this.#closed) throw new StorageError('STORAGE_CLOSED', 's3 storage is closed');
  }

  #objectKey(key: string): string {
    this.#assertOpen();
    assertValidKey(key);
    return this.#keyPrefix + key;
  }
}
