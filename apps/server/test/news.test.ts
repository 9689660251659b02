import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createNews,
  createTaxonomy,
  resetContent,
  imageUrl,
  images,
  multipart,
  newsCount,
  newsFields,
  storedKeys,
  afterVariants,
  mediaKey,
  uploadedFiles,
  type AuthHeaders,
  type NewsContext,
} from './factories.ts';
import { pendingKeyOf } from '../src/media/image-keys.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: AuthHeaders;
let ctx: NewsContext;

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetContent(t.app, t.dataDir);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, payload: payload as object, headers });

/** The stored key of an image from its URL (absolute, as PUBLIC_URL is set in the tests). */

describe('creating news', () => {
  it('creates an article from a multipart form with an image and reads it back', async () => {
    const { taxonomy } = ctx;
    const body = await multipart(newsFields(taxonomy, { slug: 'first-story', tags: 'a,b' }), {
      bytes: await images.jpeg(),
    });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, message: 'News created successfully' });
    const news = res.body.data;
    expect(news).toMatchObject({
      title: 'City council approves the new park',
      slug: 'first-story',
      tags: ['a,b'],
      status: true,
      views: 0,
      categoryId: taxonomy.categoryId,
      category: { _id: taxonomy.categoryId, name: taxonomy.names.category },
      subcategory: { _id: taxonomy.subCategoryId, name: taxonomy.names.subcategory },
      publisher: { _id: taxonomy.publisherId, name: taxonomy.names.publisher },
      anchor: { _id: taxonomy.anchorId, name: taxonomy.names.anchor },
      Image: {
        ImageURL: expect.stringMatching(/^http:\/\/news\.test\/uploads\/news\/[\w-]+\.jpg$/),
      },
    });
    const made = await afterVariants(t.app, news);
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));

    const read = await api('GET', `/news/get/${news._id}`);
    expect(read.body.data).toEqual({ ...news, Image: made.Image });
  });

  it('creates from JSON with a video and no image; optional references may be empty', async () => {
    const res = await api(
      'POST',
      '/news/create',
      newsFields(ctx.taxonomy, { subCategoryId: '', anchorId: null, status: 'false' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      Image: null,
      videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      subCategoryId: null,
      subcategory: null,
      anchorId: null,
      anchor: null,
      status: false,
    });
  });

  it('serves POST /news/add exactly like /news/create', async () => {
    const res = await api('POST', '/news/add', newsFields(ctx.taxonomy, { slug: 'added-story' }));
    expect(res.status).toBe(200);
    expect(res.body.data.slug).toBe('added-story');
    expect(await newsCount(t.app)).toBe(1);
  });

  it('stores the slug in lower case', async () => {
    const news = await createNews(ctx, { slug: 'Mixed-Case-Slug' });
    expect(news.slug).toBe('mixed-case-slug');
  });

  it.each([
    ['a list', ['india', 'world'], ['india,world']],
    ['a JSON array in text', '["india","world"]', ['india,world']],
    ['one comma-separated text', 'india, world,', ['india,world']],
    ['a list holding comma-separated text (as read)', ['india,world'], ['india,world']],
    ['an empty text', '', []],
  ])(
    'accepts tags as %s in JSON and reads them as one comma-separated text',
    async (_label, tags, expected) => {
      const news = await createNews(ctx, { tags });
      expect(news.tags).toEqual(expected);
    },
  );

  it.each([
    ['repeated form fields', ['one', 'two', 'three']],
    ['one form field holding a JSON array', '["one","two","three"]'],
    ['one form field holding comma-separated text', 'one,two,three'],
  ])('accepts tags as %s', async (_label, tags) => {
    const body = await multipart(newsFields(ctx.taxonomy, { tags }));
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.tags).toEqual(['one,two,three']);
  });

  it.each([
    ['png', images.png, /\.png$/],
    ['gif', images.gif, /\.gif$/],
  ])('accepts a %s image whatever its file name', async (_label, make, extension) => {
    const body = await multipart(newsFields(ctx.taxonomy), {
      bytes: await make(),
      filename: 'upload.bin',
      type: 'application/octet-stream',
    });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.Image.ImageURL).toMatch(extension);
  });
});

describe('listing news for the back office', () => {
  it('pages newest first with the total count, inactive articles included', async () => {
    for (let i = 1; i <= 8; i++) {
      await createNews(ctx, { title: `Story number ${i} of the day`, status: i % 2 === 0 });
    }
    const first = await api('GET', '/news/get?page=1');
    expect(first.status).toBe(200);
    expect(first.body.data.count).toBe(8);
    expect(first.body.count).toBe(8);
    expect(first.body.data.data).toHaveLength(6);
    expect(first.body.data.data[0].title).toBe('Story number 8 of the day');
    const second = await api('GET', '/news/get?page=2&limit=6');
    expect(second.body.data.data.map((n: { title: string }) => n.title)).toEqual([
      'Story number 2 of the day',
      'Story number 1 of the day',
    ]);
    expect(second.body.data.data.map((n: { status: boolean }) => n.status)).toEqual([true, false]);
  });

  it('gives the names of the category, sub-category, publisher and anchor as text, ids beside', async () => {
    const { taxonomy } = ctx;
    await createNews(ctx, { tags: ['alpha', 'beta'] });
    await createNews(ctx, { subCategoryId: '', anchorId: '' });
    const res = await api('GET', '/news/get?page=1');
    const [without, full] = res.body.data.data;
    expect(full).toMatchObject({
      category: taxonomy.names.category,
      subcategory: taxonomy.names.subcategory,
      publisher: taxonomy.names.publisher,
      anchor: taxonomy.names.anchor,
      categoryId: taxonomy.categoryId,
      subCategoryId: taxonomy.subCategoryId,
      publisherId: taxonomy.publisherId,
      anchorId: taxonomy.anchorId,
      tags: ['alpha,beta'],
    });
    expect(without).toMatchObject({
      subcategory: '',
      anchor: '',
      subCategoryId: null,
      anchorId: null,
    });
  });

  it('rejects a bad page', async () => {
    const res = await api('GET', '/news/get?page=0');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('page must be at least 1');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await api('GET', '/news/get/no-such-id');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: 'News not found' });
  });
});

describe('updating news', () => {
  it('keeps the image when no new one is sent', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    const res = await api(
      'PUT',
      `/news/update/${news._id}`,
      newsFields(ctx.taxonomy, {
        slug: news.slug,
        title: 'A changed title for the story',
        videoURL: '',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'News updated successfully',
      data: { title: 'A changed title for the story', videoURL: '' },
    });
    const made = await afterVariants(t.app, news);
    // The update kept the upload: its variants were made of it.
    expect(pendingKeyOf(mediaKey(imageUrl(made)))).toBe(mediaKey(imageUrl(news)));
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));
  });

  it('replaces the image with a new one and removes the old file', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    const body = await multipart(newsFields(ctx.taxonomy, { slug: news.slug }), {
      bytes: await images.png(),
      filename: 'new.png',
      type: 'image/png',
    });
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.status).toBe(200);
    const url = res.body.data.Image.ImageURL as string;
    expect(url).not.toBe(imageUrl(news));
    const made = await afterVariants(t.app, news);
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));
  });

  it('removes the image on removeImage=true when a video remains', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    const res = await api(
      'PUT',
      `/news/update/${news._id}`,
      newsFields(ctx.taxonomy, { slug: news.slug, removeImage: 'true' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.Image).toBeNull();
    await t.app.services.news.variantsIdle();
    expect(await uploadedFiles(t.dataDir)).toEqual([]);
  });

  it('refuses removing the image when there is no video either', async () => {
    const news = await createNews(ctx, { image: await images.jpeg(), videoURL: '' });
    const res = await api(
      'PUT',
      `/news/update/${news._id}`,
      newsFields(ctx.taxonomy, { slug: news.slug, videoURL: '', removeImage: true }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Either an image or a video is required');
    const made = await afterVariants(t.app, news);
    expect((await api('GET', `/news/get/${news._id}`)).body.data.Image).toEqual(made.Image);
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));
  });

  it("refuses another article's slug with 409 and changes nothing", async () => {
    const taken = await createNews(ctx);
    const news = await createNews(ctx, { title: 'The title before the update' });
    const res = await api(
      'PUT',
      `/news/update/${news._id}`,
      newsFields(ctx.taxonomy, { slug: taken.slug }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `A news article with the slug "${taken.slug}" already exists; choose another slug`,
    );
    expect((await api('GET', `/news/get/${news._id}`)).body.data.title).toBe(
      'The title before the update',
    );
  });

  it('keeps the old image when an update with a new image fails, and stores no new file', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    const body = await multipart(
      newsFields(ctx.taxonomy, { slug: news.slug, categoryId: 'nope' }),
      {
        bytes: await images.png(),
      },
    );
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.status).toBe(400);
    const made = await afterVariants(t.app, news);
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));
  });

  it('answers 404 for an unknown id', async () => {
    const res = await api('PUT', '/news/update/no-such-id', newsFields(ctx.taxonomy));
    expect(res.status).toBe(404);
  });
});

describe('deleting news', () => {
  it('deletes by id in the path and removes the image file', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    const res = await api('DELETE', `/news/delete/${news._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'News deleted successfully',
      data: { _id: news._id },
    });
    expect(await newsCount(t.app)).toBe(0);
    // The upload's variants may have been under way as it went: the variant maker removes the
    // files it made for an article that is gone once it finds the switch lost.
    await t.app.services.news.variantsIdle();
    expect(await uploadedFiles(t.dataDir)).toEqual([]);
    expect((await api('DELETE', `/news/delete/${news._id}`)).status).toBe(404);
  });

  it.each([
    ['DELETE', 'the JSON body', (id: string) => ({ url: '/news/delete', payload: { id } })],
    ['POST', 'the JSON body', (id: string) => ({ url: '/news/delete', payload: { _id: id } })],
    ['DELETE', 'the query', (id: string) => ({ url: `/news/delete?id=${id}`, payload: undefined })],
    ['POST', 'the query', (id: string) => ({ url: `/news/delete?id=${id}`, payload: undefined })],
  ] as const)('deletes by %s /news/delete with the id in %s', async (method, _where, request) => {
    const news = await createNews(ctx);
    const { url, payload } = request(news._id);
    const res = await api(method, url, payload);
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(news._id);
    expect(await newsCount(t.app)).toBe(0);
  });

  it('asks for the id when /news/delete has none', async () => {
    const res = await api('POST', '/news/delete', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('id is required');
  });
});

describe('uploaded images', () => {
  it('are served at their ImageURL with a long cache lifetime', async () => {
    const bytes = await images.jpeg();
    const news = await createNews(ctx, { image: bytes });
    const res = await t.app.inject({ method: 'GET', url: imageUrl(news) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});
