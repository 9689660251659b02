import fs from 'node:fs/promises';
import path from 'node:path';
import { resetContent, uploadedFiles } from './factories.ts';
import type { TestApp } from './helpers.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

/** What a browser gets when it loads an image URL. */
export interface LoadedImage {
  status: number;
  contentType: string | undefined;
  cacheControl: string | undefined;
  bytes: Buffer;
}

/**
 * One media storage driver as the shared media tests see it: how to point an app at it, what it
 * holds, how a browser loads from it, and how to make it fail.
 */
export interface MediaDriver {
  name: 'local' | 's3';
  /** Starts what the driver needs; returns the env for createTestApp. */
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
  /** Every stored key under news/, sorted, read from the store itself. */
  keys(t: TestApp): Promise<string[]>;
  load(t: TestApp, url: string): Promise<LoadedImage>;
  /** Empties the content tables and the stored media. */
  reset(t: TestApp): Promise<void>;
  /** Makes the store refuse writes until repair(). */
  breakStore(t: TestApp): Promise<void>;
  repair(t: TestApp): Promise<void>;
}

const header = (value: string | string[] | number | undefined | null) =>
  value === undefined || value === null ? undefined : String(value);

/** DATA_DIR/uploads, served by the app itself at /uploads/. */
export const localDriver = (): MediaDriver => ({
  name: 'local',
  start: async () => ({}),
  stop: async () => {},
  keys: (t) => uploadedFiles(t.dataDir),
  async load(t, url) {
    const res = await t.app.inject({ method: 'GET', url });
    return {
      status: res.statusCode,
      contentType: header(res.headers['content-type']),
      cacheControl: header(res.headers['cache-control']),
      bytes: res.rawPayload,
    };
  },
  reset: (t) => resetContent(t.app, t.dataDir),
  // The process runs as root here, so permissions cannot take writes away; a file where the
  // folder should be makes every write fail the way a lost mount or a full disk does.
  async breakStore(t) {
    const uploads = path.join(t.dataDir, 'uploads');
    await fs.rm(uploads, { recursive: true, force: true });
    await fs.writeFile(uploads, 'not a folder');
  },
  async repair(t) {
    const uploads = path.join(t.dataDir, 'uploads');
    await fs.rm(uploads, { force: true });
    await fs.mkdir(uploads);
  },
});

/** A bucket on a local S3-protocol server; browsers load objects from it directly. */
export const s3Driver = (): MediaDriver => {
  let server: TestS3Server | undefined;
  const s3 = () => {
    if (!server) throw new Error('the S3 server has not been started');
    return server;
  };
  return {
    name: 's3',
    async start() {
      server = await startS3Server();
      return server.env;
    },
    stop: async () => server?.close(),
    keys: () => s3().keys('news/'),
    async load(_t, url) {
      const res = await fetch(url);
      return {
        status: res.status,
        contentType: header(res.headers.get('content-type')),
        cacheControl: header(res.headers.get('cache-control')),
        bytes: Buffer.from(await res.arrayBuffer()),
      };
    },
    async reset(t) {
      await resetContent(t.app, t.dataDir);
      await s3().empty('news/');
    },
    breakStore: () => s3().stop(),
    repair: () => s3().restart(),
  };
};

export const mediaDrivers: MediaDriver[] = [localDriver(), s3Driver()];
