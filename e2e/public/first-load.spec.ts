import { expect, test, type Page } from '@playwright/test';
import type { NewsDto } from '@newsroom/contract';
import { apiGet, collectErrors, openHydrated } from './support.ts';

/** Counts, in the page, every Intl date formatter made from its first script on. */
async function countDateFormatters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { dateFormatters: number };
    counted.dateFormatters = 0;
    const Original = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        counted.dateFormatters += 1;
        return new target(...args);
      },
      apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        counted.dateFormatters += 1;
        return target(...args);
      },
    });
  });
}

/** Opens a page on a phone and waits until React has taken over: the menu button opens it. */
async function hydrated(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 412, height: 823 });
  await openHydrated(page, url);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu', exact: true })).toBeVisible();
}

test.describe('hydrating a page', () => {
  test('an article’s script is requested once its main picture has loaded', async ({ page }) => {
    const [article] = (await apiGet<NewsDto[]>(page.request, '/u/get?page=1&limit=1')).data;
    if (!article?.Image) throw new Error('The newest demo article has no picture');
    const events: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image' && request.url().includes('/uploads/news/')) {
        events.push('picture');
      }
    });
    page.on('request', (request) => {
      if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) events.push('script');
    });
    await hydrated(page, `/news/${article.slug}`);
    expect(events).toContain('script');
    expect(events.indexOf('picture')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('picture')).toBeLessThan(events.indexOf('script'));
  });

  test('a tap on the menu before the page’s script runs opens the menu once it does', async ({
    page,
  }) => {
    const [article] = (await apiGet<NewsDto[]>(page.request, '/u/get?page=1&limit=1')).data;
    if (!article) throw new Error('The demo data has no article');
    // The page's module script is held back until the tap has been made.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`/news/${article.slug}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu', exact: true });
    await expect.poll(() => asked).toBe(true);
    await expect(menu).toBeHidden();
    release();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('the home makes no date formatter, though it shows dates', async ({ page }) => {
    await countDateFormatters(page);
    await hydrated(page, '/');
    await expect(page.getByTestId('news-item').first().locator('time')).toContainText('Updated');
    expect(await page.evaluate(() => (window as { dateFormatters?: number }).dateFormatters)).toBe(
      0,
    );
  });

  test('an article makes no date formatter, though it shows dates', async ({ page }) => {
    const [article] = (await apiGet<NewsDto[]>(page.request, '/u/get?page=1&limit=1')).data;
    if (!article) throw new Error('The demo data has no article');
    await countDateFormatters(page);
    await hydrated(page, `/news/${article.slug}`);
    await expect(page.locator('article time').first()).toContainText('GMT+5:30');
    expect(await page.evaluate(() => (window as { dateFormatters?: number }).dateFormatters)).toBe(
      0,
    );
  });

  test('an article hydrates from the data it embeds: no API call but the opened drawer’s, no other script, no error', async ({
    page,
  }) => {
    const [article] = (await apiGet<NewsDto[]>(page.request, '/u/get?page=1&limit=1')).data;
    if (!article) throw new Error('The demo data has no article');
    const errors = collectErrors(page);
    const apiCalls: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) apiCalls.push(request.url());
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await hydrated(page, `/news/${article.slug}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('related-news').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('read-also').getByRole('listitem')).toHaveCount(4);
    // The one call is the drawer's categories, read when it opens: an article page shares its
    // menu with every other page, so the categories are not part of its own data (decision 095).
    expect(apiCalls.map((url) => new URL(url).pathname)).toEqual(['/api/v1/u/category-list']);
    // The served rich text is used as it is: no sanitiser is loaded after hydration, only the
    // page's starter and its script.
    expect(scripts.map((url) => new URL(url).pathname.replace(/-[\w-]+\.js$/, ''))).toEqual([
      '/assets/start',
      '/assets/index',
    ]);
    expect(errors).toEqual([]);
  });
});

/** Whether any stylesheet of the page has a rule for this class selector. */
function hasRule(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      [...document.styleSheets].some((sheet) => {
        const rules = (list: CSSRuleList): boolean =>
          [...list].some((rule) =>
            rule instanceof CSSStyleRule
              ? rule.selectorText === wanted
              : 'cssRules' in rule && rules((rule as CSSGroupingRule).cssRules),
          );
        return rules(sheet.cssRules);
      }),
    selector,
  );
}

test.describe('styles', () => {
  // Classes only the back office and sign-in screens use (its tables, its switches).
  const backOfficeOnly = ['.min-w-full', '.bg-green-600'];

  test('a reader page carries the styles of the reader site only', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('news-item').first()).toBeVisible();
    for (const selector of backOfficeOnly) expect(await hasRule(page, selector)).toBe(false);
    expect(await hasRule(page, '.sr-only')).toBe(true);
  });

  test('the sign-in screen loads the back office styles with its code', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    for (const selector of backOfficeOnly) expect(await hasRule(page, selector)).toBe(true);
  });
});
