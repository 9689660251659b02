import { expect, test } from '@playwright/test';
import { imageUrls, type NewsDto } from '@newsroom/contract';
import { adminToken, apiGet, articleWithPhoto } from './support.ts';

test('the demo content is shown with its variants', async ({ request }) => {
  const { data } = await apiGet<NewsDto[]>(request, '/u/get?page=1&limit=10');
  const pictures = data.flatMap((news) => (news.Image ? [news.Image.ImageURL] : []));
  expect(pictures.length).toBeGreaterThan(0);
  for (const url of pictures) expect(imageUrls(url).avif.length).toBeGreaterThan(0);
});

test.describe('an uploaded cover on a phone', () => {
  let article: NewsDto;
  let bearer: string;

  test.beforeAll(async ({ request }) => {
    bearer = await adminToken(request);
    const created = await articleWithPhoto(request, bearer);
    // The write answers with the upload alone; its variants are made right after.
    expect(imageUrls(created.Image?.ImageURL ?? '').size).toBeNull();
    await expect
      .poll(async () => {
        const [read] = (await apiGet<NewsDto[]>(request, `/u/news/${created.slug}`)).data;
        article = read ?? created;
        return imageUrls(article.Image?.ImageURL ?? '').size;
      })
      .toEqual({ width: 1600, height: 900 });
  });
  test.afterAll(async ({ request }) => {
    await request.delete(`/api/v1/news/delete/${article._id}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
  });

  test('the page offers AVIF and WebP widths and a 1200-wide share picture', async ({
    request,
  }) => {
    const html = await (await request.get(`/news/${article.slug}`)).text();
    const original = article.Image?.ImageURL ?? '';
    expect(html).toMatch(/<picture[^>]*><source type="image\/avif" srcSet="[^"]+\.320w\.avif 320w/);
    expect(html).toContain(`${original}.1600w.webp 1600w`);
    expect(html).toMatch(/<img src="[^"]+" alt="A harbour at dawn" width="1600" height="900"/);
    expect(html).toContain(`${original}.og.jpg" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
  });

  test('Chromium loads a variant of the cover, not the original', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    const loaded = new Map<string, string>();
    page.on('response', (response) => {
      loaded.set(new URL(response.url()).pathname, response.headers()['content-type'] ?? '');
    });
    await page.goto(`/news/${article.slug}`);
    const cover = page.getByRole('img', { name: 'A harbour at dawn' });
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const shown = new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc));
    const urls = imageUrls(article.Image?.ImageURL ?? '');
    // 412 CSS pixels at 1.75 device pixels each want at least 721: the 960-wide AVIF.
    expect(shown.pathname).toBe(urls.avif.find((variant) => variant.width === 960)?.url);
    expect(loaded.get(shown.pathname)).toBe('image/avif');
    expect(loaded.has(urls.original)).toBe(false);
    await context.close();
  });
});
