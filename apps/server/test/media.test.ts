import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import {
  createNews,
  createTaxonomy,
  imageUrl,
  images,
  multipart,
  newsCount,
  newsFields,
  storedKeys,
  afterVariants,
  type AuthHeaders,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { mediaDrivers } from './media-drivers.ts';

const STORAGE_UNAVAILABLE =
  'Media storage is unavailable right now; nothing was saved. Please try again in a moment';

// The same behaviours, whichever driver stores the media.
describe.each(mediaDrivers)('media on the $name driver', (driver) => {
  let t: TestApp;
  let headers: AuthHeaders;
  let ctx: NewsContext;

  beforeAll(async () => {
    t = await createTestApp(await driver.start());
    headers = await adminAuth(t.app);
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });
  beforeEach(async () => {
    await driver.reset(t);
    ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
  });

  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, unknown>,
    image?: Buffer,
  ) => {
    const body = await multipart(fields, image ? { bytes: image } : undefined);
    return call(t.app, {
      method,
      url: `/api/v1${url}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };

  it('stores the image of a new article and serves it at its URL, cacheable for ever', async () => {
    const bytes = await images.jpeg();
    const news = await createNews(ctx, { image: bytes });
    const loaded = await driver.load(t, imageUrl(news));
    expect(loaded).toMatchObject({
      status: 200,
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(loaded.bytes.equals(bytes)).toBe(true);
    const made = await afterVariants(t.app, news);
    expect(await driver.keys(t)).toEqual(storedKeys(imageUrl(made)));
    expect((await driver.load(t, imageUrl(made))).bytes.equals(bytes)).toBe(true);
  });

  it('replaces the image on update: the new one is served, the old one is gone', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    const png = await images.png();
    const res = await send(
      'PUT',
      `/news/update/${news._id}`,
      newsFields(ctx.taxonomy, { slug: news.slug }),
      png,
    );
    expect(res.status).toBe(200);
    const url = imageUrl(await afterVariants(t.app, news));
    expect(await driver.keys(t)).toEqual(storedKeys(url));
    expect((await driver.load(t, url)).bytes.equals(png)).toBe(true);
    expect((await driver.load(t, imageUrl(news))).status).toBe(404);
  });

  it('removes the image when the article is deleted', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/v1/news/delete/${news._id}`, headers }))
        .status,
    ).toBe(200);
    await t.app.services.news.variantsIdle();
    expect(await driver.keys(t)).toEqual([]);
    expect((await driver.load(t, imageUrl(news))).status).toBe(404);
  });

  it('leaves no object behind when writes with an image fail', async () => {
    const bad = await send(
      'POST',
      '/news/create',
      newsFields(ctx.taxonomy, { categoryId: 'nope' }),
      await images.jpeg(),
    );
    expect(bad.status).toBe(400);
    // Concurrent creates of one slug: each that loses the race after storing its image removes it.
    const fields = newsFields(ctx.taxonomy, { slug: 'one-slug-only' });
    const results = await Promise.all(
      ['#111111', '#222222', '#333333'].map(async (colour) =>
        send('POST', '/news/create', fields, await images.jpeg(colour)),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)?.body.data;
    expect(await newsCount(t.app)).toBe(1);
    const made = await afterVariants(t.app, winner as NewsDto);
    expect(await driver.keys(t)).toEqual(storedKeys(imageUrl(made)));
  });

  it('answers 503 in the envelope and writes nothing while the store cannot be written', async () => {
    await driver.breakStore(t);
    try {
      await expect(t.app.storage.check()).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      const res = await send('POST', '/news/create', newsFields(ctx.taxonomy), await images.jpeg());
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        statusCode: 503,
        data: null,
        code: 'STORAGE_UNAVAILABLE',
        message: STORAGE_UNAVAILABLE,
      });
      expect(await newsCount(t.app)).toBe(0);
    } finally {
      await driver.repair(t);
    }
    expect(await driver.keys(t)).toEqual([]);
    await expect(t.app.storage.check()).resolves.toBeUndefined();
    expect(await driver.keys(t)).toEqual([]);
  });
});
