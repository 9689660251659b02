import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/lib/query-client.ts';
import { articleQuery, toArticleView } from '../../src/public/api/article.ts';
import { categoriesQuery, toNavCategory } from '../../src/public/api/categories.ts';
import type { PublicPageRef } from '../../src/public/page.ts';
import { PublicPage } from '../../src/public/PublicPage.tsx';
import { createNews } from './factories.ts';
import { categories } from './slots/fixtures.ts';

const story = createNews({ slug: 'the-story' });

/** The browser's fetch: the category list answers after `release` is called. */
function stubCategoryList() {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    if (String(input) !== '/api/v1/u/category-list') return new Response(null, { status: 404 });
    await answered;
    return Response.json({ statusCode: 200, message: 'ok', data: categories });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

/** A page as the browser hydrates it: with the data the server embedded, and nothing else. */
function renderPage(page: PublicPageRef, pathname: string, withCategories = false) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(articleQuery(story.slug).queryKey, toArticleView(story));
  if (withCategories) {
    queryClient.setQueryData(categoriesQuery().queryKey, categories.map(toNavCategory));
  }
  render(
    <QueryClientProvider client={queryClient}>
      <PublicPage page={page} pathname={pathname} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('the mobile drawer on an article page', () => {
  it('reads the categories when opened, saying so meanwhile', async () => {
    const { fetchMock, release } = stubCategoryList();
    const user = renderPage({ id: 'article', slug: 'the-story' }, '/news/the-story');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(drawer).getByRole('status')).toHaveTextContent('Loading categories…');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/u/category-list');

    release();
    expect(await within(drawer).findByRole('link', { name: 'Politics' })).toHaveAttribute(
      'href',
      '/politics',
    );
    expect(within(drawer).getByRole('link', { name: 'Law & Justice' })).toBeVisible();
    expect(within(drawer).queryByRole('status')).toBeNull();
  });

  it('starts reading them as soon as a pointer reaches the menu button', async () => {
    const { fetchMock } = stubCategoryList();
    const user = renderPage({ id: 'article', slug: 'the-story' }, '/news/the-story');
    await user.hover(screen.getByRole('button', { name: 'Menu' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the mobile drawer on the home page', () => {
  it('shows the categories the page came with, without reading them again', async () => {
    const { fetchMock } = stubCategoryList();
    const user = renderPage({ id: 'news-list', filter: {} }, '/', true);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Politics' })).toBeVisible();
    expect(within(drawer).queryByRole('status')).toBeNull();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).not.toContain('/api/v1/u/category-list');
  });
});
