import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_MESSAGES, imageUrls } from '@newsroom/contract';
import {
  createTaxonomy,
  imageUrl,
  multipart,
  newsCount,
  newsFields,
  resetContent,
  uploadedFiles,
  type AuthHeaders,
  type Taxonomy,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: AuthHeaders;
let taxonomy: Taxonomy;

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
});
afterAll(() => t.close());

async function post(image: Buffer) {
  await resetContent(t.app, t.dataDir);
  taxonomy = await createTaxonomy(t.app, headers);
  const body = await multipart(newsFields(taxonomy), { bytes: image });
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

/** A real 1×1 PNG whose header claims another size: cheap to send, too big to decode. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR follows the 8-byte signature: length, type, then width and height; its CRC after.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A JPEG with fine detail (so it is not tiny), cut in half: its header is whole. */
async function jpegCutShort(): Promise<Buffer> {
  const jpeg = await sharp(Buffer.from(Array.from({ length: 400 * 300 * 3 }, (_, i) => i % 251)), {
    raw: { width: 400, height: 300, channels: 3 },
  })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, jpeg.length / 2);
}

describe('what an upload may be, beyond its format and bytes', () => {
  it('keeps an animated GIF as it is, with no still variants', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const res = await post(gif);
    expect(res.status).toBe(200);
    const urls = imageUrls(imageUrl(res.body.data));
    expect(urls).toMatchObject({ size: null, avif: [], webp: [], share: { type: null } });
    expect(await uploadedFiles(t.dataDir)).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: urls.original });
    expect((await sharp(served.rawPayload).metadata()).pages).toBe(2);
  });

  it('refuses a picture of more than 40 megapixels, storing nothing', async () => {
    const res = await post(await pngClaiming(8000, 6000));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'image', message: IMAGE_MESSAGES.tooManyPixels }]);
    expect(res.body.message).toBe('Image dimensions should not exceed 40 megapixels');
    expect(await newsCount(t.app)).toBe(0);
    expect(await uploadedFiles(t.dataDir)).toEqual([]);
  });

  it('refuses a picture whose data is cut short, storing nothing', async () => {
    const res = await post(await jpegCutShort());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image file is damaged or incomplete');
    expect(await newsCount(t.app)).toBe(0);
    expect(await uploadedFiles(t.dataDir)).toEqual([]);
  });
});
