import { expect, test, type APIRequestContext } from '@playwright/test';
import { TRUNCATE, truncateChars, type NewsDto } from '@newsroom/contract';
import { apiGet, asHtml, collectErrors, viewsOf } from './support.ts';

/** An article with related news: the newest one whose category has others. */
async function articleWithRelated(request: APIRequestContext, skip = 0) {
  const list = await apiGet<NewsDto[]>(request, '/u/get?page=1&limit=20');
  const candidates: { article: NewsDto; related: NewsDto[] }[] = [];
  for (const article of list.data) {
    if (!article.category) continue;
    const query = new URLSearchParams({ category: article.category.name, exclude: article.slug });
    const related = await apiGet<NewsDto[]>(request, `/u/related-news?${query.toString()}`);
    if (related.data.length > 1) candidates.push({ article, related: related.data });
    if (candidates.length > skip) break;
  }
  const found = candidates[skip];
  if (!found) throw new Error('No article with related news in the demo data');
  return found;
}

test('an article shows its content, related news and latest news', async ({ page }) => {
  const errors = collectErrors(page);
  const { article, related } = await articleWithRelated(page.request);
  await page.goto(`/news/${article.slug}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page).toHaveTitle(new RegExp(article.title.slice(0, 20)));
  await expect(page.getByText(`Published by - ${article.publisher?.name}`)).toBeVisible();
  if (article.Image) {
    await expect(page.getByRole('img', { name: article.alt }).first()).toBeVisible();
  }

  const relatedList = page.getByTestId('related-news');
  await expect(page.getByRole('heading', { name: 'Related News' })).toBeVisible();
  await expect(relatedList.getByRole('listitem')).toHaveCount(Math.min(related.length, 5));
  await expect(relatedList).not.toContainText(truncateChars(article.title, TRUNCATE.relatedTitle));
  for (const item of related) {
    await expect(relatedList).toContainText(truncateChars(item.title, TRUNCATE.relatedTitle));
  }

  await expect(page.getByRole('heading', { name: 'Read this also' })).toBeVisible();
  await expect(page.getByTestId('read-also').getByRole('listitem')).toHaveCount(4);
  expect(errors).toEqual([]);
});

test('a direct load counts exactly one view', async ({ page }) => {
  const { article } = await articleWithRelated(page.request);
  const before = await viewsOf(page.request, article._id);
  await page.goto(`/news/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await page.waitForLoadState('networkidle');
  expect(await viewsOf(page.request, article._id)).toBe(before + 1);
});

test('following a link inside the site counts exactly one view', async ({ page }) => {
  const { article, related } = await articleWithRelated(page.request, 1);
  const target = related[0] as NewsDto;
  const before = await viewsOf(page.request, target._id);
  await page.goto(`/news/${article.slug}`);
  await page.waitForLoadState('networkidle');

  await page.getByTestId('related-news').locator(`a[href="/news/${target.slug}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
  await page.waitForLoadState('networkidle');
  expect(await viewsOf(page.request, target._id)).toBe(before + 1);
});

test('the article HTML holds its title, description, related news and social tags', async ({
  request,
}) => {
  const { article, related } = await articleWithRelated(request);
  const response = await request.get(`/news/${article.slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();

  expect(html).toContain(`<h1`);
  expect(html).toContain(asHtml(article.title));
  expect(html).toContain(article.description.slice(0, 60));
  expect(html).toContain('Related News');
  expect(html).toContain(asHtml(truncateChars(related[0]?.title ?? '', TRUNCATE.relatedTitle)));
  expect(html).toContain(`<meta property="og:title" content="${asHtml(article.title)}"`);
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/uploads\//);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(html).toContain(`<meta name="description" content="${asHtml(article.metaDescription)}"`);
  expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/news\//);
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@type': 'NewsArticle',
    headline: article.title,
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
  });
});
