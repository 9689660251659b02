import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config/env.ts';
import { storageUnavailable } from '../domain/errors.ts';
import { MEDIA_CACHE_CONTROL, type MediaStorage, type StoredObject } from './storage.ts';

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), addressed path-style
 * (`endpoint/bucket/key`), which every such service understands. Browsers load objects straight
 * from the bucket (or the CDN in front of it) at S3_PUBLIC_URL, so several instances share them.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicUrl: string;
  /** One probe key per process, so a failed clean-up leaves at most one stray object. */
  private readonly probeKey = `.check/${randomUUID()}`;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.publicUrl = config.publicUrl;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the S3 API demands them: many S3-compatible services reject the
      // newer default checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without timeouts a bucket that stops answering would hold requests open for ever.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
      maxAttempts: 2,
    });
  }

  async save(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: bytes,
      ContentType: contentType,
      CacheControl: MEDIA_CACHE_CONTROL,
    });
    await this.attempt(() => this.client.send(put));
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as the interface asks.
    const del = new DeleteObjectCommand({ Bucket: this.bucket, Key: key });
    await this.attempt(() => this.client.send(del));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const get = new GetObjectCommand({ Bucket: this.bucket, Key: key });
      const object = await this.client.send(get);
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw storageUnavailable(error);
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw storageUnavailable(error);
    }
  }

  url(key: string): string {
    return `${this.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  async check(): Promise<void> {
    const probe = { Bucket: this.bucket, Key: this.probeKey };
    await this.attempt(() => this.client.send(new PutObjectCommand({ ...probe, Body: 'ok' })));
    await this.attempt(() => this.client.send(new DeleteObjectCommand(probe)));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    );
    try {
      for await (const page of pages) {
        for (const item of page.Contents ?? []) {
          if (item.Key && item.LastModified)
            yield { key: item.Key, lastModified: item.LastModified };
        }
      }
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Every SDK failure (network, credentials, missing bucket, full quota) is one domain error. */
  private async attempt(request: () => Promise<unknown>): Promise<void> {
    try {
      await request();
    } catch (error) {
      throw storageUnavailable(error);
    }
  }
}
