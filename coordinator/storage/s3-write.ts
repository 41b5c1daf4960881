// One object of the S3 backend written piece by piece (S3Storage.openWrite): bytes are gathered
// into parts of `partSizeBytes`; the first full part starts a multipart upload and each full part is
// uploaded before more is taken, so memory per object stays about one part. Commit sends a small
// object as one PUT, or uploads the last part and completes the upload; abort aborts it, which
// removes its parts. S3 shows nothing under the key until the PUT or the complete call succeeds.
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { StagedWrite } from './staged-write.js';

export interface S3WriteTarget {
  client: S3Client;
  bucket: string;
  /** The object's full key (prefix included). */
  key: string;
  contentType: string;
  partSizeBytes: number;
  /** Maps an SDK failure to the storage's error. */
  fail(err: unknown, action: string): Error;
}

export class S3Write extends StagedWrite {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private uploadId: string | null = null;
  private readonly parts: CompletedPart[] = [];

  constructor(private readonly t: S3WriteTarget) {
    super();
  }

  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  protected async stage(data: Buffer): Promise<void> {
    this.pending.push(data);
    this.pendingBytes += data.byteLength;
    if (this.pendingBytes < this.t.partSizeBytes) return;
    this.uploadId ??= await this.create();
    await this.uploadPart();
  }

  protected async publish(): Promise<void> {
    if (this.uploadId === null) {
      const body = this.take();
      await this.t.client.send(
        new PutObjectCommand({
          Bucket: this.t.bucket,
          Key: this.t.key,
          ContentType: this.t.contentType,
          Body: body,
          ContentLength: body.byteLength,
        }),
      );
      return;
    }
    if (this.pendingBytes > 0) await this.uploadPart();
    await this.t.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.t.bucket,
        Key: this.t.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
    );
  }

  protected async discard(): Promise<void> {
    this.pending = [];
    this.pendingBytes = 0;
    if (this.uploadId === null) return;
    await this.t.client
      .send(
        new AbortMultipartUploadCommand({ Bucket: this.t.bucket, Key: this.t.key, UploadId: this.uploadId }),
      )
      .catch(() => {}); // best effort: a bucket lifecycle rule for incomplete uploads is the backstop
  }

  protected fail(err: unknown, action: string): Error {
    return this.t.fail(err, action);
  }

  private async create(): Promise<string> {
    const res = await this.t.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.t.bucket,
        Key: this.t.key,
        ContentType: this.t.contentType,
      }),
    );
    if (!res.UploadId) throw new Error('CreateMultipartUpload returned no upload id');
    return res.UploadId;
  }

  private async uploadPart(): Promise<void> {
    const body = this.take();
    const partNumber = this.parts.length + 1;
    const res = await this.t.client.send(
      new UploadPartCommand({
        Bucket: this.t.bucket,
        Key: this.t.key,
        UploadId: this.uploadId ?? '',
        PartNumber: partNumber,
        Body: body,
        ContentLength: body.byteLength,
      }),
    );
    this.parts.push({ PartNumber: partNumber, ETag: res.ETag });
  }

  /** The gathered bytes as one part; the memory is released once the part is sent. */
  private take(): Buffer {
    const body = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    return body;
  }
}
