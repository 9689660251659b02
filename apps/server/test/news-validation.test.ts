import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MEDIA_REQUIRED_MESSAGE,
  TAG_MESSAGES,
  newsFieldsSchema,
  type NewsDto,
} from '@newsroom/contract';
import { ViewBuffer } from '../src/views/view-buffer.ts';
import { NewsService } from '../src/news/service.ts';
import type { MediaStorage } from '../src/storage/storage.ts';
import {
  afterVariants,
  createNews,
  createTaxonomy,
  imageUrl,
  images,
  multipart,
  newsCount,
  newsFields,
  storedKeys,
  uploadedFiles,
  type AuthHeaders,
  type FileUpload,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: AuthHeaders;
let ctx: NewsContext;

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
});
afterAll(() => t.close());

/** Every test here starts from no news and no files. */
beforeEach(async () => {
  await t.app.db.kysely.deleteFrom('news').execute();
  await fs.rm(path.join(t.dataDir, 'uploads', 'news'), { recursive: true, force: true });
});

const postJson = (payload: unknown, url = '/news/create') =>
  call(t.app, { method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

async function postForm(fields: Record<string, unknown>, file?: FileUpload) {
  const body = await multipart(fields, file);
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

async function expectNothingStored() {
  expect(await newsCount(t.app)).toBe(0);
  expect(await uploadedFiles(t.dataDir)).toEqual([]);
}

const long = (n: number) => 'x'.repeat(n);

describe('news fields are validated with the contract messages', () => {
  it.each([
    ['title', undefined, 'Title is required'],
    ['title', '   ', 'Title is required'],
    ['title', 'Too short', 'Title must be at least 10 characters'],
    ['title', long(101), 'Title must be at most 100 characters'],
    ['slug', undefined, 'Slug is required'],
    ['slug', 'abcd', 'Slug must be at least 5 characters'],
    ['slug', 'has/a-slash', 'Slug may contain only letters, numbers, hyphens and underscores'],
    ['description', undefined, 'Description is required'],
    ['description', '<p>Too short</p>', 'Description must be at least 200 characters'],
    ['metaDescription', undefined, 'Meta description is required'],
    ['metaDescription', 'short', 'Meta description must be at least 10 characters'],
    ['metaDescription', long(201), 'Meta description must be at most 200 characters'],
    ['alt', undefined, 'Alt text is required'],
    ['alt', 'ab', 'Alt text must be at least 3 characters'],
    ['alt', long(51), 'Alt text must be at most 50 characters'],
    ['tags', ['one', 'two', 'three', 'four'], TAG_MESSAGES.max],
    ['tags', 'one,two,three,four', TAG_MESSAGES.max],
    ['tags', ['ok', ' '], TAG_MESSAGES.empty],
    ['tags', ['no spaces'], TAG_MESSAGES.pattern],
    ['tags', ['<b>'], TAG_MESSAGES.pattern],
    ['tags', ['Same', 'same'], TAG_MESSAGES.duplicate],
    ['videoURL', 'not a url', 'Enter a valid URL'],
    ['videoURL', 'javascript:alert(1)', 'Enter a valid URL'],
    ['status', undefined, 'Status is required'],
    ['status', 'maybe', 'Status is required'],
    ['categoryId', undefined, 'Category is required'],
    ['categoryId', '', 'Category is required'],
    ['publisherId', undefined, 'Publisher is required'],
  ])('%s = %j → "%s"', async (field, value, message) => {
    const res = await postJson(newsFields(ctx.taxonomy, { [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, data: null, message });
    // A list's item is named by its index: tags.1.
    expect(res.body.errors).toContainEqual({
      path: expect.stringMatching(new RegExp(`^${field}(\\.\\d+)?$`)),
      message,
    });
    await expectNothingStored();
  });

  it('lists every failing field, the first one as the message', async () => {
    const res = await postJson({ status: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['title', 'slug', 'description', 'metaDescription', 'alt']),
    );
  });

  it('validates multipart text fields the same way', async () => {
    const res = await postForm(newsFields(ctx.taxonomy, { tags: ['a', 'b', 'c', 'd'] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TAG_MESSAGES.max);
    await expectNothingStored();
  });

  it('refuses malformed JSON', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: '{"title": ',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
    await expectNothingStored();
  });
});

describe('media', () => {
  it('requires an image or a video', async () => {
    const res = await postJson(newsFields(ctx.taxonomy, { videoURL: '' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MEDIA_REQUIRED_MESSAGE);
    await expectNothingStored();
  });

  it('refuses an image over 500 KB and stores nothing', async () => {
    const bytes = await images.oversized();
    expect(bytes.length).toBeGreaterThan(500 * 1024);
    const res = await postForm(newsFields(ctx.taxonomy), { bytes, filename: 'big.png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image size should not exceed 500KB');
    await expectNothingStored();
  });

  it('refuses bytes that are not an image, whatever the name and declared type', async () => {
    const res = await postForm(newsFields(ctx.taxonomy), {
      bytes: images.notAnImage(),
      filename: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unsupported file format');
    await expectNothingStored();
  });

  it('refuses an image of another format (WebP)', async () => {
    const { default: sharp } = await import('sharp');
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const res = await postForm(newsFields(ctx.taxonomy), { bytes: webp, filename: 'photo.png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unsupported file format');
    await expectNothingStored();
  });

  it('stores no file when a field is invalid, even with a valid image', async () => {
    const res = await postForm(newsFields(ctx.taxonomy, { title: 'short' }), {
      bytes: await images.jpeg(),
    });
    expect(res.status).toBe(400);
    await expectNothingStored();
  });

  it('refuses a file sent under another field name', async () => {
    const res = await postForm(newsFields(ctx.taxonomy), {
      bytes: await images.jpeg(),
      field: 'picture',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unexpected file field "picture"; send the image as "image"');
    await expectNothingStored();
  });
});

describe('references', () => {
  it.each([
    ['categoryId', 'Selected category does not exist'],
    ['subCategoryId', 'Selected sub-category does not exist'],
    ['publisherId', 'Selected publisher does not exist'],
    ['anchorId', 'Selected anchor does not exist'],
  ])('refuses an unknown %s', async (field, message) => {
    const res = await postJson(newsFields(ctx.taxonomy, { [field]: 'no-such-id' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: field, message });
    await expectNothingStored();
  });

  it('refuses a sub-category of another category', async () => {
    const other = await createTaxonomy(t.app, headers);
    const res = await postJson(newsFields(ctx.taxonomy, { subCategoryId: other.subCategoryId }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Selected sub-category does not belong to the selected category');
    await expectNothingStored();
  });
});

describe('slugs', () => {
  it('refuses a duplicate slug with 409, whatever its case, and stores no file', async () => {
    await createNews(ctx, { slug: 'the-same-slug' });
    const res = await postForm(newsFields(ctx.taxonomy, { slug: 'The-Same-Slug' }), {
      bytes: await images.jpeg(),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'A news article with the slug "the-same-slug" already exists; choose another slug',
    );
    expect(await newsCount(t.app)).toBe(1);
    expect(await uploadedFiles(t.dataDir)).toEqual([]);
  });

  it("leaves one article and its image's files when two creates race for a slug", async () => {
    const fields = newsFields(ctx.taxonomy, { slug: 'raced-slug' });
    const [a, b] = await Promise.all([
      postForm(fields, { bytes: await images.jpeg('#111111') }),
      postForm(fields, { bytes: await images.jpeg('#222222') }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await newsCount(t.app)).toBe(1);
    const winner = await afterVariants(t.app, (a.status === 200 ? a : b).body.data as NewsDto);
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(winner)));
  });

  it('takes the stored image away again when the database write fails', async () => {
    const fields = newsFieldsSchema.parse(newsFields(ctx.taxonomy, { slug: 'late-conflict' }));
    // A writer that takes the slug between the checks and the insert: right as the files are stored.
    let taken = false;
    const storage: MediaStorage = {
      save: async (key, bytes, type) => {
        await t.app.storage.save(key, bytes, type);
        if (taken) return;
        taken = true;
        await t.app.services.news.create(fields, null);
      },
      remove: (key) => t.app.storage.remove(key),
      read: (key) => t.app.storage.read(key),
      size: (key) => t.app.storage.size(key),
      url: (key) => t.app.storage.url(key),
      check: () => t.app.storage.check(),
      list: (prefix) => t.app.storage.list(prefix),
      close: async () => {},
    };
    const views = new ViewBuffer(t.app.db.kysely, t.app.log);
    const news = new NewsService(t.app.db.kysely, storage, views, t.app.publicCache.invalidate);
    await expect(news.create(fields, { bytes: await images.jpeg() })).rejects.toMatchObject({
      code: 'SLUG_TAKEN',
    });
    expect(await newsCount(t.app)).toBe(1);
    expect(await uploadedFiles(t.dataDir)).toEqual([]);
  });
});
