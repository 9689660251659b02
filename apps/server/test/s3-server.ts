import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const BUCKET = 'media';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** The S3_* variables that point an app at the bucket. */
  env: Record<string, string>;
  endpoint: string;
  /** Every key in the bucket under a prefix, sorted, as the bucket itself lists them. */
  keys(prefix?: string): Promise<string[]>;
  /** Deletes every object under a prefix. */
  empty(prefix?: string): Promise<void>;
  /** Stops answering (the port refuses connections) until restart(). */
  stop(): Promise<void>;
  /** Serves the same bucket and objects again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on 127.0.0.1 and a free port, with one empty bucket. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    return { server, address: await server.run() };
  };
  let { server, address } = await serve(0);
  let running = true;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });

  const keys = async (prefix = '') => {
    const found: string[] = [];
    for await (const page of paginateListObjectsV2(
      { client },
      { Bucket: BUCKET, Prefix: prefix },
    )) {
      for (const item of page.Contents ?? []) if (item.Key) found.push(item.Key);
    }
    return found.sort();
  };

  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    endpoint,
    keys,
    async empty(prefix = '') {
      for (const Key of await keys(prefix)) {
        await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key }));
      }
    },
    async stop() {
      await server.close();
      running = false;
    },
    async restart() {
      ({ server, address } = await serve(address.port));
      running = true;
    },
    async close() {
      client.destroy();
      if (running) await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
