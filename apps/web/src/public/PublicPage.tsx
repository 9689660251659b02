import type { ComponentType } from 'react';
import { NotFound } from '../shared/NotFound.tsx';
import { AboutPage } from './about/AboutPage.tsx';
import { Gone } from './Gone.tsx';
import { ArticlePage } from './article/ArticlePage.tsx';
import { AuthorPage } from './author/AuthorPage.tsx';
import { CorrectionsPage } from './corrections/CorrectionsPage.tsx';
import { PublicError } from './layout/PublicError.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { NewsListPage } from './news-list/NewsListPage.tsx';
import type { PublicPageRef } from './page.ts';
import { PathnameContext, SearchWordsContext } from './pathname.ts';
import { SearchPage } from './search/SearchPage.tsx';

interface PublicPageProps {
  page: PublicPageRef;
  /** The requested path, for the header's current-page mark. */
  pathname: string;
  /** The contact page is loaded on its own (with its form library), so it is passed in. */
  ContactPage?: ComponentType;
}

function PageContent({ page, ContactPage }: Omit<PublicPageProps, 'pathname'>) {
  switch (page.id) {
    case 'news-list':
      return <NewsListPage filter={page.filter} />;
    case 'article':
      return <ArticlePage slug={page.slug} live={page.live} />;
    case 'author':
      return <AuthorPage slug={page.slug} page={page.page} />;
    case 'corrections':
      return <CorrectionsPage page={page.page} />;
    case 'about':
      return <AboutPage />;
    case 'search':
      return <SearchPage q={page.q} />;
    default:
      return ContactPage ? <ContactPage /> : null;
  }
}

/** One public page, the same tree on the server and in the browser that hydrates it. */
export function PublicPage({ page, pathname, ContactPage }: PublicPageProps) {
  if (page.id === 'not-found') return <NotFound />;
  if (page.id === 'gone') return <Gone />;
  if (page.id === 'error') return <PublicError />;
  return (
    <PathnameContext.Provider value={pathname}>
      <SearchWordsContext.Provider value={page.id === 'search' ? page.q : ''}>
        <PublicLayout>
          <PageContent page={page} ContactPage={ContactPage} />
        </PublicLayout>
      </SearchWordsContext.Provider>
    </PathnameContext.Provider>
  );
}
