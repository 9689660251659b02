import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { adminToken, articleWithPhoto } from './support.ts';

/*
 * A front end served from its own origin (as the one the spec was written from), listed in
 * CORS_ORIGINS: it reads the API with credentials and shows the news images, which the browser
 * would refuse if media answered with a same-origin resource policy.
 */

const frontOrigin = process.env.E2E_FRONT_ORIGIN ?? '';
let front: Server;

/** The front end's one page: it lists the newest news with their pictures, as the original does. */
const page = (site: string) => `<!doctype html>
<html><head><title>Other front end</title></head><body><ul id="news"></ul><p id="status">loading</p>
<script type="module">
  const site = ${JSON.stringify(site)};
  const answer = await fetch(site + '/api/v1/u/get?page=1&limit=6', { credentials: 'include' });
  const { data } = await answer.json();
  const list = document.getElementById('news');
  for (const news of data) {
    if (!news.Image) continue;
    const item = document.createElement('li');
    const image = document.createElement('img');
    image.alt = news.title;
    image.src = new URL(news.Image.ImageURL, site).href;
    item.append(image);
    list.append(item);
  }
  document.getElementById('status').textContent = 'listed ' + list.children.length;
</script></body></html>`;

test.beforeAll(async ({ baseURL }) => {
  const { port } = new URL(frontOrigin);
  front = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(baseURL ?? ''));
  });
  await new Promise<void>((resolve) => front.listen(Number(port), '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => front.close(() => resolve())));

test('a front end on another listed origin shows an uploaded news image', async ({
  page: browser,
  request,
}) => {
  const article = await articleWithPhoto(request, await adminToken(request));
  const refused: string[] = [];
  browser.on('requestfailed', (failed) =>
    refused.push(`${failed.url()}: ${failed.failure()?.errorText ?? ''}`),
  );
  await browser.goto(frontOrigin);
  await expect(browser.locator('#status')).toHaveText(/^listed [1-9]/);
  const image = browser.getByRole('img', { name: article.title });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  expect(refused).toEqual([]);
});
