import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNews,
  createTaxonomy,
  imageUrl,
  images,
  newsContext,
  type NewsContext,
} from './factories.ts';
import { readFeed } from './feed-readers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { mediaDrivers } from './media-drivers.ts';

// A feed's enclosure declares the picture as the store holds it, whichever driver stores it.
describe.each(mediaDrivers)('feed enclosures on the $name driver', (driver) => {
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

  const enclosures = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    return (await readFeed(res.body)).items.map((item) => item.enclosure);
  };

  it('gives the URL browsers load the picture from and the byte length they receive', async () => {
    const news = await createNews(ctx, { image: await images.png() });
    const loaded = await driver.load(t, imageUrl(news));
    expect(loaded.status).toBe(200);
    expect(await enclosures()).toEqual([
      { url: imageUrl(news), type: 'image/png', length: String(loaded.bytes.length) },
    ]);
  });

  it('leaves out a picture that is no longer in the store', async () => {
    await driver.reset(t);
    ctx.taxonomy = await createTaxonomy(t.app, ctx.headers);
    const news = await createNews(ctx, { image: await images.jpeg() });
    const key = new URL(imageUrl(news), 'http://news.test').pathname.split('/').slice(-2).join('/');
    await t.app.storage.remove(key);
    await t.app.publicCache.invalidate(['*']);
    expect(await enclosures()).toEqual([undefined]);
  });
});
