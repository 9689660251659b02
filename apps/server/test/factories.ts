import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import sharp from 'sharp';
import { imageVariants, type NewsDto } from '@newsroom/contract';
import type { Database } from '../src/db/schema.ts';
import { pendingKeyOf } from '../src/media/image-keys.ts';
import { adminAuth } from './fixtures.ts';
import { call } from './helpers.ts';

export type AuthHeaders = { authorization: string };

export interface Taxonomy {
  categoryId: string;
  subCategoryId: string;
  publisherId: string;
  anchorId: string;
  names: { category: string; subcategory: string; publisher: string; anchor: string };
}

async function created(
  app: FastifyInstance,
  headers: AuthHeaders,
  url: string,
  payload: object,
): Promise<string> {
  const res = await call(app, { method: 'POST', url: `/api/v1${url}`, payload, headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.message}`);
  return res.body.data._id as string;
}

/** A category with one sub-category, a publisher and an anchor, created through the API. */
export async function createTaxonomy(
  app: FastifyInstance,
  headers: AuthHeaders,
  names: Partial<Taxonomy['names']> = {},
): Promise<Taxonomy> {
  const suffix = randomUUID().slice(0, 8);
  const all = {
    category: names.category ?? `Category ${suffix}`,
    subcategory: names.subcategory ?? `Sub ${suffix}`,
    publisher: names.publisher ?? `Publisher ${suffix}`,
    anchor: names.anchor ?? `Anchor ${suffix}`,
  };
  const categoryId = await created(app, headers, '/category/create', { name: all.category });
  return {
    categoryId,
    subCategoryId: await created(app, headers, '/subCategory/create', {
      name: all.subcategory,
      categoryId,
    }),
    publisherId: await created(app, headers, '/publisher/create', { name: all.publisher }),
    anchorId: await created(app, headers, '/anchor/create', { name: all.anchor }),
    names: all,
  };
}

export const DESCRIPTION = `<p>${'A calm and careful report on what happened today in the city. '.repeat(5)}</p>`;

/** Valid fields of a news form for the given taxonomy, with a fresh slug. */
export function newsFields(taxonomy: Taxonomy, overrides: Record<string, unknown> = {}) {
  return {
    title: 'City council approves the new park',
    slug: `story-${randomUUID().slice(0, 12)}`,
    metaDescription: 'The council voted for a new park by the river.',
    description: DESCRIPTION,
    alt: 'A green park',
    tags: ['city', 'parks'],
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
    categoryId: taxonomy.categoryId,
    subCategoryId: taxonomy.subCategoryId,
    publisherId: taxonomy.publisherId,
    anchorId: taxonomy.anchorId,
    ...overrides,
  };
}

export interface FileUpload {
  bytes: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body: text fields (lists become repeated fields) and one file. */
export async function multipart(fields: Record<string, unknown>, file?: FileUpload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  if (file) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' });
    form.append(file.field ?? 'image', blob, file.filename ?? 'photo.jpg');
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

export interface NewsContext {
  app: FastifyInstance;
  headers: AuthHeaders;
  taxonomy: Taxonomy;
}

/** A signed-in admin with a category, sub-category, publisher and anchor to write news under. */
export async function newsContext(app: FastifyInstance): Promise<NewsContext> {
  const headers = await adminAuth(app);
  return { app, headers, taxonomy: await createTaxonomy(app, headers) };
}

/**
 * Rows written into news around the services, a hundred a statement: for archives larger than
 * writing each through the API allows. No write named them, so the public cache is emptied.
 */
export async function insertNewsRows(
  app: FastifyInstance,
  rows: Insertable<Database['news']>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    await app.db.kysely
      .insertInto('news')
      .values(rows.slice(start, start + 100))
      .execute();
  }
  await app.publicCache.invalidate(['*']);
}

/**
 * A news article created through POST /news/create: JSON by default, multipart when an image
 * is given. Fields not overridden are valid.
 */
export async function createNews(
  ctx: NewsContext,
  overrides: Record<string, unknown> & { image?: Buffer } = {},
): Promise<NewsDto> {
  const { image, ...rest } = overrides;
  const fields = newsFields(ctx.taxonomy, rest);
  const body = image
    ? await multipart(fields, { bytes: image })
    : { payload: fields, headers: {} as Record<string, string> };
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    payload: body.payload,
    headers: { ...ctx.headers, ...body.headers },
  });
  if (res.status !== 200) throw new Error(`createNews answered ${res.status}: ${res.body.message}`);
  return res.body.data as NewsDto;
}

/** Real images, made locally. */
export const images = {
  jpeg: (background = '#3366aa') =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  png: () =>
    sharp({ create: { width: 32, height: 32, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer(),
  gif: () =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer(),
  /** A PNG of random noise: incompressible, so well over 500 KB. */
  oversized: () =>
    sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer(),
  /** Text bytes under an image's name and type. */
  notAnImage: () => Buffer.from('this is plain text, not a picture\n'.repeat(20)),
};

/** Every file under DATA_DIR/uploads, as paths relative to it. */
export async function uploadedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The number of news rows in the database. */
export async function newsCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.kysely
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An article's views as written in the database (views are written within a second). */
export async function viewsInDatabase(app: FastifyInstance, id: string): Promise<number> {
  const row = await app.db.kysely
    .selectFrom('news')
    .select('views')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.views);
}

/** Waits until `check` holds, for at most `ms`; says whether it did. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The ImageURL of an article that must have an image. */
export function imageUrl(news: NewsDto): string {
  if (!news.Image) throw new Error(`news ${news.slug} has no image`);
  return news.Image.ImageURL;
}

/** The storage key of a media URL (local `/uploads/news/…` or a bucket's `…/news/…`). */
export function mediaKey(url: string): string {
  const key = /news\/[^/]+$/.exec(url)?.[0];
  if (!key) throw new Error(`not a news media URL: ${url}`);
  return key;
}

/**
 * Every key an image is stored under, sorted: its original's, its variants' and, for a picture
 * whose variants were made, the pending key it was uploaded under (left for the media sweep).
 */
export function storedKeys(...urls: string[]): string[] {
  return urls
    .map(mediaKey)
    .flatMap((key) => {
      const uploaded = pendingKeyOf(key);
      return [
        key,
        ...imageVariants(key).map((variant) => variant.url),
        ...(uploaded ? [uploaded] : []),
      ];
    })
    .sort();
}

/** The article as it reads once the variants of every upload so far are made and switched to. */
export async function afterVariants(app: FastifyInstance, news: NewsDto): Promise<NewsDto> {
  await app.services.news.variantsIdle();
  return app.services.news.get(news._id);
}

/**
 * Empties the content tables and the uploads, keeping admins: a fresh start for each test without
 * building a new app (and signing in again) every time.
 */
export async function resetContent(app: FastifyInstance, dataDir: string): Promise<void> {
  // Variants still being made for the last test's uploads would land after the files are gone.
  await app.services.news.variantsIdle();
  const db = app.db.kysely;
  await db.deleteFrom('news').execute();
  await db.deleteFrom('subcategories').execute();
  await db.deleteFrom('categories').execute();
  await db.deleteFrom('publishers').execute();
  await db.deleteFrom('anchors').execute();
  await db.deleteFrom('deleted_slugs').execute();
  await fs.rm(path.join(dataDir, 'uploads', 'news'), { recursive: true, force: true });
  // Rows deleted around the services: no write named them, so the public cache is emptied.
  await app.publicCache.invalidate(['*']);
}
