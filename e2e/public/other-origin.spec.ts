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

/**
 * The front end's article page, as the original's: it reads the article named in its address
 * through the API, with credentials, and shows its picture.
 */
const page = (site: string) => `<!doctype html>
<html><head><title>Other front end</title></head><body><main id="article"></main>
<p id="status">loading</p>
<script type="module">
  const site = ${JSON.stringify(site)};
  const slug = new URLSearchParams(location.search).get('slug');
  const answer = await fetch(site + '/api/v1/u/news/' + encodeURIComponent(slug), {
    credentials: 'include',
  });
  const news = (await answer.json()).data[0];
  const image = document.createElement('img');
  image.alt = news.title;
  image.src = new URL(news.Image.ImageURL, site).href;
  document.getElementById('article').append(image);
  document.getElementById('status').textContent = 'shown';
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
  await browser.goto(`${frontOrigin}/news?slug=${encodeURIComponent(article.slug)}`);
  await expect(browser.locator('#status')).toHaveText('shown');
  const image = browser.getByRole('img', { name: article.title });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  expect(refused).toEqual([]);
});
