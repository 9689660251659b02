import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageUrls, type NewsDto } from '@newsroom/contract';
import { isPendingImageKey } from '../src/media/image-keys.ts';
import {
  afterVariants,
  createNews,
  createTaxonomy,
  imageUrl,
  images,
  mediaKey,
  multipart,
  newsFields,
  resetContent,
  storedKeys,
  uploadedFiles,
  type AuthHeaders,
  type NewsContext,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';

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

/** The nice value of every thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
/** Fields of /proc/PID/task/TID/stat, numbered as in proc(5). */
const NICENESS = 19;
const POLICY = 41;
const SCHED_IDLE = 5;

/** One field of every thread's stat line. */
async function threadField(pid: number, field: number): Promise<number[]> {
  const threads = await fs.readdir(`/proc/${pid}/task`);
  return Promise.all(
    threads.map(async (tid) => {
      const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]);
    }),
  );
}

const hasChrt = () => spawnSync('chrt', ['--version'], { stdio: 'ignore' }).status === 0;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('variants made after the write answers', () => {
  it('drops the cached article page when its picture switches to the one with variants', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    expect(isPendingImageKey(mediaKey(imageUrl(news)))).toBe(true);
    const before = await t.app.inject({ method: 'GET', url: `/news/${news.slug}` });
    expect(before.statusCode).toBe(200);
    const made = await afterVariants(t.app, news);
    const urls = imageUrls(imageUrl(made));
    expect(urls.avif.length).toBeGreaterThan(0);
    const after = await t.app.inject({ method: 'GET', url: `/news/${news.slug}` });
    expect(after.body).toContain('<picture');
    expect(after.body).toContain(`${urls.avif[0]?.url} ${urls.avif[0]?.width}w`);
  });

  it('leaves no file of a replaced upload behind when the image changes before its variants', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
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
    const made = await afterVariants(t.app, news);
    expect(mediaKey(imageUrl(made))).not.toContain(mediaKey(imageUrl(news)).slice(5, 41));
    expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));
  });

  it('makes what a stopped instance left undone when the next one starts', async () => {
    const news = await createNews(ctx, { image: await images.jpeg() });
    // A crash between the write and the switch: the article names its upload's pending key.
    await t.app.services.news.variantsIdle();
    const pending = mediaKey(imageUrl(news));
    const made = await t.app.services.news.get(news._id);
    await t.app.db.kysely.updateTable('news').set({ image_key: pending }).execute();
    await t.app.storage.save(pending, await images.jpeg(), 'image/jpeg');
    await t.app.storage.remove(mediaKey(imageUrl(made)));
    const sibling = await createSiblingApp(t);
    try {
      // Its start looked for pending images; waiting for it to be idle waits for that scan.
      await sibling.app.services.news.variantsIdle();
      const row = await t.app.db.kysely.selectFrom('news').select('image_key').executeTakeFirst();
      expect(row?.image_key).toBe(mediaKey(imageUrl(made)));
      expect(await uploadedFiles(t.dataDir)).toEqual(storedKeys(imageUrl(made)));
    } finally {
      await sibling.close();
    }
  });

  it('makes them in a child process at the lowest priority, idle class where chrt is, which ends with the app', async () => {
    const sibling = await createSiblingApp(t);
    const news = await createNews({ ...ctx, app: sibling.app }, { image: await images.jpeg() });
    // Forked for the first job, and kept for the next ones.
    const pid = await vi.waitFor(() => {
      const child = sibling.app.variantProcess.pid;
      if (child === undefined) throw new Error('no variant process yet');
      return child;
    });
    expect(os.getPriority(pid)).toBe(19);
    expect(new Set(await threadField(pid, NICENESS))).toEqual(new Set([19]));
    await afterVariants(sibling.app, news);
    // Every thread, the encoder's too, runs only when a core is otherwise idle.
    if (hasChrt()) expect(new Set(await threadField(pid, POLICY))).toEqual(new Set([SCHED_IDLE]));
    await sibling.close();
    expect(alive(pid)).toBe(false);
  });

  it('starts the child again after it dies, and the next job is made', async () => {
    const first = await afterVariants(t.app, await createNews(ctx, { image: await images.jpeg() }));
    expect(imageUrls(imageUrl(first)).size).not.toBeNull();
    const pid = t.app.variantProcess.pid ?? 0;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(t.app.variantProcess.pid).toBeUndefined());
    const second = await afterVariants(t.app, await createNews(ctx, { image: await images.png() }));
    expect(imageUrls(imageUrl(second)).size).not.toBeNull();
    expect(t.app.variantProcess.pid).not.toBe(pid);
  });
});

describe('switches announced together', () => {
  /** A fresh app whose switches wait `batchMs` to be announced, signed in, with a taxonomy. */
  async function appWithBatch(batchMs: number): Promise<{ held: TestApp; context: NewsContext }> {
    const held = await createTestApp({}, { variantSwitchBatchMs: batchMs });
    const admin = await adminAuth(held.app);
    return {
      held,
      context: { app: held.app, headers: admin, taxonomy: await createTaxonomy(held.app, admin) },
    };
  }

  const listed = async (app: TestApp['app']): Promise<string[]> => {
    const answer = await call(app, { method: 'GET', url: '/api/v1/u/get?page=1&limit=10' });
    return (answer.body as { data: NewsDto[] }).data.map(imageUrl);
  };

  it('keeps answers with the pending pictures, which still load, until the switches are announced at once', async () => {
    const { held, context } = await appWithBatch(60_000);
    try {
      await createNews(context, { image: await images.jpeg() });
      await createNews(context, { image: await images.png() });
      // The list API's answer is rebuilt after its next read (decision 133): within a second.
      const before = await vi.waitFor(async () => {
        const urls = await listed(held.app);
        expect(urls.map((url) => isPendingImageKey(mediaKey(url)))).toEqual([true, true]);
        return urls;
      });
      await vi.waitFor(
        async () => {
          const rows = await held.app.db.kysely.selectFrom('news').select('image_key').execute();
          expect(rows.map((row) => isPendingImageKey(row.image_key ?? ''))).toEqual([false, false]);
        },
        { timeout: 30_000, interval: 100 },
      );
      // Both switched in the database; the kept answer still names the pending files, which load.
      expect(await listed(held.app)).toEqual(before);
      for (const url of before) {
        const file = await held.app.inject({ method: 'GET', url: new URL(url).pathname });
        expect(file.statusCode).toBe(200);
      }
      await held.app.services.news.variantsIdle();
      await vi.waitFor(async () => {
        const after = await listed(held.app);
        expect(after.map((url) => imageUrls(url).avif.length > 0)).toEqual([true, true]);
      });
    } finally {
      await held.close();
    }
  });

  it('announces them by itself once the batch time is over', async () => {
    const { held, context } = await appWithBatch(50);
    try {
      await createNews(context, { image: await images.jpeg() });
      expect(isPendingImageKey(mediaKey((await listed(held.app))[0] ?? ''))).toBe(true);
      await vi.waitFor(
        async () =>
          expect(imageUrls((await listed(held.app))[0] ?? '').avif.length).toBeGreaterThan(0),
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await held.close();
    }
  });
});
