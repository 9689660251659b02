import type { QueryClient } from '@tanstack/react-query';
import { data, type RouteObject } from 'react-router';
import { paths } from '../lib/paths.ts';
import { NotFound } from '../shared/NotFound.tsx';
import { AboutPage } from './about/AboutPage.tsx';
import { articleQuery } from './api/article.ts';
import { categoriesQuery } from './api/categories.ts';
import type { NewsFilter } from './api/news-list.ts';
import { ArticlePage } from './article/ArticlePage.tsx';
import { articleLoader, type ArticleLoaderData } from './article/loader.ts';
import { NOT_FOUND_HEAD, type PageHead, type PublicHandle } from './head.ts';
import { PublicError } from './layout/PublicError.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { categoryLoader, homeLoader } from './news-list/loaders.ts';
import { NewsListPage } from './news-list/NewsListPage.tsx';
import { searchLoader, type SearchLoaderData } from './search/loader.ts';
import { SearchPage } from './search/SearchPage.tsx';
import { SITE } from './site.ts';

function handle(head: PublicHandle['head']): PublicHandle {
  return { head };
}

const homeHead = handle(() => ({
  title: SITE.name,
  description: SITE.description,
  canonicalPath: paths.home(),
}));

const categoryHead = handle(({ loaderData }): PageHead => {
  const filter = (loaderData ?? {}) as NewsFilter;
  const name = filter.subcategory ?? filter.category ?? 'News';
  const within = filter.subcategory ? ` in ${filter.category}` : '';
  return {
    title: `${name} News`,
    description: `The latest ${name} news${within} from ${SITE.name}: reports, analysis and updates.`,
    canonicalPath: filter.category
      ? paths.category(filter.category, filter.subcategory)
      : undefined,
  };
});

const articleHead = handle(({ loaderData, queryClient }): PageHead => {
  const { slug } = (loaderData ?? { slug: '' }) as ArticleLoaderData;
  const article = queryClient.getQueryData(articleQuery(slug).queryKey);
  if (!article) return NOT_FOUND_HEAD;
  return {
    title: article.title,
    description: article.metaDescription,
    image: article.Image ? { url: article.Image.ImageURL, alt: article.alt } : undefined,
    article,
    canonicalPath: paths.article(article.slug),
  };
});

const contactHead = handle(() => ({
  title: 'Contact Us',
  description: `Write to ${SITE.name}: our address, e-mail, phone number and a contact form.`,
  canonicalPath: paths.contact(),
}));

const aboutHead = handle(() => ({
  title: 'About Us',
  description: `Who we are, what we cover and the standards ${SITE.name} holds itself to.`,
  canonicalPath: paths.about(),
}));

/** Result pages are for readers, not for search engines' indexes. */
const searchHead = handle(({ loaderData }): PageHead => {
  const q = ((loaderData ?? { q: '' }) as SearchLoaderData).q.trim();
  return {
    title: q ? `Search: ${q}` : 'Search',
    description: `Search ${SITE.name}: articles matching your words, best matches first.`,
    noindex: true,
  };
});

/** The contact page (and its form library and schema) loads only where it is used. */
async function loadContactPage() {
  const { ContactPage } = await import('./contact/ContactPage.tsx');
  return { Component: ContactPage };
}

function PageLoading() {
  return <p className="p-8 text-center text-slate-600">Loading…</p>;
}

/**
 * The public site's routes, shared by the server renderer and the browser. Loaders fill the
 * query cache through the same query options the screens read, so neither side fetches twice.
 */
export function createPublicRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: PublicLayout,
      ErrorBoundary: PublicError,
      HydrateFallback: PageLoading,
      loader: async () => {
        await queryClient.prefetchQuery(categoriesQuery());
        return null;
      },
      children: [
        { index: true, loader: homeLoader(queryClient), Component: NewsListPage, handle: homeHead },
        {
          path: 'news/:slug',
          loader: articleLoader(queryClient),
          Component: ArticlePage,
          handle: articleHead,
        },
        { path: 'contact-us', lazy: loadContactPage, handle: contactHead },
        { path: 'about-us', Component: AboutPage, handle: aboutHead },
        {
          path: 'search',
          loader: searchLoader(queryClient),
          Component: SearchPage,
          handle: searchHead,
        },
        {
          path: ':category/:subcategory?',
          loader: categoryLoader(queryClient),
          Component: NewsListPage,
          handle: categoryHead,
        },
        {
          path: '*',
          loader: () => {
            throw data(null, { status: 404 });
          },
          Component: NotFound,
        },
      ],
    },
  ];
}
