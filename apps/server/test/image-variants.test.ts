import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageUrls, type ImageVariant } from '@newsroom/contract';
import {
  afterVariants,
  createNews,
  createTaxonomy,
  imageUrl,
  images,
  multipart,
  newsFields,
  storedKeys,
  type AuthHeaders,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { mediaDrivers } from './media-drivers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const FORMAT_OF = { 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' } as const;

/**
 * A camera-like JPEG: stored 900×1600 with EXIF orientation 6 (turn right to show it), so it is
 * 1600×900 as shown; its stored top half is red, so the shown right half is. Carries an author
 * and a copyright in EXIF.
 */
function sidewaysPhoto(): Promise<Buffer> {
  const [width, height] = [900, 1600];
  const pixels = Buffer.alloc(width * height * 3);
  for (let at = 0; at < pixels.length; at += 3) {
    const top = at / 3 < (width * height) / 2;
    pixels[at] = top ? 220 : 20;
    pixels[at + 2] = top ? 20 : 220;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Artist: 'Someone', Copyright: 'Someone 2024' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const widths = (variants: ImageVariant[]) => variants.map((variant) => variant.width);

describe.each(mediaDrivers)('image variants on the $name driver', (driver) => {
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

  it('makes AVIF and WebP widths and a 1200-wide JPEG, upright and without EXIF', async () => {
    const photo = await sidewaysPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const created = await createNews(ctx, { image: photo });
    // The write answers with the upload alone; its variants follow.
    expect(imageUrls(imageUrl(created))).toMatchObject({ size: null, avif: [], webp: [] });
    const news = await afterVariants(t.app, created);
    const urls = imageUrls(imageUrl(news));
    expect(urls.size).toEqual({ width: 1600, height: 900 });
    expect(widths(urls.avif)).toEqual([320, 480, 640, 960, 1200, 1600]);
    expect(widths(urls.webp)).toEqual([320, 480, 640, 960, 1200, 1600]);
    expect(urls.share).toMatchObject({ width: 1200, height: 675, type: 'image/jpeg' });

    const original = await driver.load(t, urls.original);
    expect(original.bytes.equals(photo)).toBe(true);
    for (const variant of [...urls.avif, ...urls.webp, imageUrls(imageUrl(news)).share]) {
      const loaded = await driver.load(t, variant.url);
      expect(loaded).toMatchObject({ status: 200, cacheControl: IMMUTABLE });
      expect(loaded.contentType).toBe(variant.type);
      const metadata = await sharp(loaded.bytes).metadata();
      expect(metadata.format).toBe(FORMAT_OF[variant.type as keyof typeof FORMAT_OF]);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
    // Turned as the camera said: the stored top (red) is now on the right.
    const smallest = await driver.load(t, urls.webp[0]?.url ?? '');
    const { data, info } = await sharp(smallest.bytes).raw().toBuffer({ resolveWithObject: true });
    const red = (x: number, y: number) => data[(y * info.width + x) * info.channels] ?? 0;
    expect(red(info.width - 20, 90)).toBeGreaterThan(150);
    expect(red(20, 90)).toBeLessThan(80);
  });

  it('never makes a variant wider than the original', async () => {
    const picture = await sharp({
      create: { width: 800, height: 450, channels: 3, background: '#225588' },
    })
      .jpeg()
      .toBuffer();
    const news = await afterVariants(t.app, await createNews(ctx, { image: picture }));
    const urls = imageUrls(imageUrl(news));
    expect(widths(urls.avif)).toEqual([320, 480, 640, 800]);
    expect(urls.share).toMatchObject({ width: 800, height: 450 });
    const widest = await driver.load(t, urls.avif[3]?.url ?? '');
    expect((await sharp(widest.bytes).metadata()).width).toBe(800);
  });

  it("takes an image's variants away with it when it is replaced or its article deleted", async () => {
    const news = await afterVariants(t.app, await createNews(ctx, { image: await images.jpeg() }));
    const first = imageUrls(imageUrl(news));
    const body = await multipart(newsFields(ctx.taxonomy, { slug: news.slug }), {
      bytes: await images.png(),
    });
    const updated = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(updated.status).toBe(200);
    const second = imageUrls(imageUrl(await afterVariants(t.app, news)));
    for (const variant of [...first.avif, ...first.webp, first.share]) {
      expect((await driver.load(t, variant.url)).status).toBe(404);
    }
    expect(await driver.keys(t)).toEqual(storedKeys(second.original));

    const url = `/api/v1/news/delete/${news._id}`;
    expect((await call(t.app, { method: 'DELETE', url, headers })).status).toBe(200);
    expect(await driver.keys(t)).toEqual([]);
    for (const variant of [...second.avif, ...second.webp, second.share]) {
      expect((await driver.load(t, variant.url)).status).toBe(404);
    }
  });
});
