import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SWEEP_GRACE_MS } from '../src/media/media-sweep.ts';
import { imageUrls } from '@newsroom/contract';
import { pendingKeyOf } from '../src/media/image-keys.ts';
import {
  afterVariants,
  createNews,
  createTaxonomy,
  imageUrl,
  images,
  mediaKey,
  storedKeys,
  uploadedFiles,
  newsContext,
  type NewsContext,
} from './factories.ts';
import { createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { mediaDrivers } from './media-drivers.ts';

/** A moment when everything stored during the test is past the grace period. */
const later = () => new Date(Date.now() + SWEEP_GRACE_MS + 60_000);

describe.each(mediaDrivers)('the media sweep on the $name driver', (driver) => {
  let t: TestApp;
  let ctx: NewsContext;

  beforeAll(async () => {
    t = await createTestApp(await driver.start());
    ctx = await newsContext(t.app);
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });
  beforeEach(async () => {
    await driver.reset(t);
    ctx.taxonomy = await createTaxonomy(t.app, ctx.headers);
  });

  /** An image stored by a write that crashed before its row was inserted. */
  const orphan = async (name: string) => {
    await t.app.storage.save(`news/${name}.jpg`, await images.jpeg(), 'image/jpeg');
    return `news/${name}.jpg`;
  };

  it('removes an unreferenced image once it is older than the grace period', async () => {
    const news = await afterVariants(t.app, await createNews(ctx, { image: await images.jpeg() }));
    const lost = await orphan('lost-upload');
    // The upload's pending key, which its article no longer names once its variants are made.
    const uploaded = pendingKeyOf(mediaKey(imageUrl(news))) ?? '';
    expect((await t.app.mediaSweep.run({ now: later() })).sort()).toEqual([lost, uploaded].sort());
    expect(await driver.keys(t)).toEqual(storedKeys(imageUrl(news)).filter((k) => k !== uploaded));
  });

  it("removes an orphan's variants with it, and keeps those of referenced images", async () => {
    const news = await afterVariants(t.app, await createNews(ctx, { image: await images.jpeg() }));
    const lost = 'news/crashed-before-its-row-64x48.jpg';
    for (const key of storedKeys(lost)) {
      await t.app.storage.save(key, await images.jpeg(), 'image/jpeg');
    }
    const uploaded = pendingKeyOf(mediaKey(imageUrl(news))) ?? '';
    expect((await t.app.mediaSweep.run({ now: later() })).sort()).toEqual(
      [...storedKeys(lost), uploaded].sort(),
    );
    const referenced = storedKeys(imageUrl(news)).filter((key) => key !== uploaded);
    expect(await driver.keys(t)).toEqual(referenced);
  });

  it('keeps an unreferenced image younger than the grace period: its upload may be in flight', async () => {
    const inFlight = await orphan('in-flight');
    expect(await t.app.mediaSweep.run()).toEqual([]);
    expect(await driver.keys(t)).toEqual([inFlight]);
  });

  it('never removes an image an article refers to, however old, active or not', async () => {
    const articles = [
      await createNews(ctx, { image: await images.jpeg() }),
      await createNews(ctx, { image: await images.png(), status: false }),
      await createNews(ctx, { image: await images.gif(), videoURL: '' }),
    ];
    const made = await Promise.all(articles.map((news) => afterVariants(t.app, news)));
    const uploaded = made.map((news) => pendingKeyOf(mediaKey(imageUrl(news))) ?? '');
    await orphan('crashed-write');
    const farFuture = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
    expect((await t.app.mediaSweep.run({ now: farFuture })).sort()).toEqual(
      ['news/crashed-write.jpg', ...uploaded].sort(),
    );
    const referenced = storedKeys(...made.map(imageUrl)).filter((k) => !uploaded.includes(k));
    expect(await driver.keys(t)).toEqual(referenced);
    for (const news of made) {
      for (const key of [imageUrl(news), ...imageUrls(imageUrl(news)).avif.map((v) => v.url)]) {
        expect((await driver.load(t, key)).status).toBe(200);
      }
    }
  });
});

describe('the media sweep on the local driver', () => {
  let t: TestApp;
  let ctx: NewsContext;
  const uploads = () => path.join(t.dataDir, 'uploads');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

  beforeAll(async () => {
    t = await createTestApp();
    ctx = await newsContext(t.app);
  });
  afterAll(() => t.close());

  /** A half-written file as the local driver leaves it when the process dies mid-write. */
  const leftover = async (name: string, age: Date) => {
    const file = path.join(uploads(), 'news', name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'half an image');
    await fs.utimes(file, age, age);
    return `news/${name}`;
  };

  it('removes old .tmp leftovers of a crash and keeps fresh ones', async () => {
    const stale = await leftover('a1.jpg.4242.0f0f0f0f.tmp', hoursAgo(3));
    const fresh = await leftover('b2.jpg.4242.1e1e1e1e.tmp', new Date());
    expect(await t.app.mediaSweep.run()).toEqual([stale]);
    expect(await uploadedFiles(t.dataDir)).toContain(fresh);
    expect(await uploadedFiles(t.dataDir)).not.toContain(stale);
  });

  it('runs when an instance starts, and keeps what articles refer to', async () => {
    const news = await afterVariants(t.app, await createNews(ctx, { image: await images.jpeg() }));
    const referenced = path.join(uploads(), mediaKey(imageUrl(news)));
    await fs.utimes(referenced, hoursAgo(48), hoursAgo(48));
    const stale = await leftover('c3.png', hoursAgo(48));
    // A second instance on the same folder and database sweeps as it starts; closing it waits
    // for that sweep to finish.
    const sibling = await createSiblingApp(t);
    await sibling.close();
    expect(await uploadedFiles(t.dataDir)).toContain(mediaKey(imageUrl(news)));
    expect(await uploadedFiles(t.dataDir)).not.toContain(stale);
  });
});
