import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, createTaxonomy, imageUrl, images, type AuthHeaders } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createSiblingApp, createTestApp, type TestApp } from './helpers.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

// Two instances behind a load balancer: one database, one bucket, no shared disk.
describe('two instances sharing a database and a bucket', () => {
  let s3: TestS3Server;
  let first: TestApp;
  let second: TestApp;
  let headers: AuthHeaders;

  beforeAll(async () => {
    s3 = await startS3Server();
    first = await createTestApp(s3.env);
    second = await createSiblingApp(first, s3.env);
    headers = await adminAuth(first.app);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await s3.close();
  });

  it('serve the same article and image; a delete through either removes the object', async () => {
    const taxonomy = await createTaxonomy(first.app, headers);
    const bytes = await images.jpeg();
    const news = await createNews({ app: first.app, headers, taxonomy }, { image: bytes });
    const url = imageUrl(news);
    expect(url.startsWith(`${s3.endpoint}/media/news/`)).toBe(true);

    const read = await call(second.app, {
      method: 'GET',
      url: `/api/v1/news/get/${news._id}`,
      headers,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.Image.ImageURL).toBe(url);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);

    const removed = await call(second.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${news._id}`,
      headers,
    });
    expect(removed.status).toBe(200);
    expect(await s3.keys('news/')).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
    const gone = await call(first.app, {
      method: 'GET',
      url: `/api/v1/news/get/${news._id}`,
      headers,
    });
    expect(gone.status).toBe(404);
  });
});
