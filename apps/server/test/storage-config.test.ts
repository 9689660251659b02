import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { createNews, createTaxonomy, imageUrl, images } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const S3_ENV = {
  S3_ENDPOINT: 'http://127.0.0.1:9000/',
  S3_BUCKET: 'media',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 storage settings', () => {
  it('keep media on local disk when none is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('default the region and the public URL to the endpoint and bucket', () => {
    expect(loadConfig(S3_ENV).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'http://127.0.0.1:9000/media',
    });
  });

  it('name every missing variable when only some are set', () => {
    const load = () => loadConfig({ S3_ENDPOINT: S3_ENV.S3_ENDPOINT, S3_ACCESS_KEY_ID: 'key' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/S3 media storage needs S3_BUCKET, S3_SECRET_ACCESS_KEY as well/);
  });

  it('count S3_PUBLIC_URL alone as a half configuration', () => {
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(
      /needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  it('refuse an endpoint that is not an absolute URL', () => {
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an absolute http\(s\) URL/,
    );
  });
});

describe('an app on S3 storage with a public URL of its own', () => {
  let s3: TestS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    // A CDN in front of the bucket would have an address like this one; here it is the bucket.
    t = await createTestApp({ ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/media/` });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('gives images absolute URLs under S3_PUBLIC_URL and lets pages load them', async () => {
    const headers = await adminAuth(t.app);
    const taxonomy = await createTaxonomy(t.app, headers);
    const news = await createNews({ app: t.app, headers, taxonomy }, { image: await images.png() });
    expect(imageUrl(news)).toMatch(new RegExp(`^${s3.endpoint}/media/news/[\\w-]+\\.png$`));
    const page = await t.app.inject({ method: 'GET', url: '/-/health' });
    expect(page.headers['content-security-policy']).toContain(
      `img-src 'self' data: blob: https: ${s3.endpoint};`,
    );
  });

  it('does not serve /uploads/ from this process', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/news/anything.jpg' });
    expect(res.statusCode).toBe(404);
  });
});
