import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DISPLAY_TIME_ZONE, type FragmentRequest, type RenderedFragment } from '@newsroom/contract';
import { toNavCategory } from '../api/categories.ts';
import { ReadAlsoItem, ReadAlsoSection } from '../article/ReadAlso.tsx';
import { RelatedNewsItem, RelatedNewsSection } from '../article/RelatedNews.tsx';
import { setZoneRules } from '../format.ts';
import { CategoryBarItem, CategoryBarList, categoryMenuId } from '../layout/CategoryBar.tsx';
import { siteZoneTable, tableZone } from '../time-zone.ts';

/** Stands for the items while the markup around them is rendered (React writes it as it is). */
const ITEMS = '\uE000items\uE000';

/** The markup `wrap` renders before and after its items. */
function around(wrap: (items: ReactNode) => ReactElement): Omit<RenderedFragment, 'items'> {
  const html = renderToStaticMarkup(wrap(ITEMS));
  const at = html.indexOf(ITEMS);
  return { open: html.slice(0, at), close: html.slice(at + ITEMS.length) };
}

/** Dates are written in the site's zone, as in the pages (entry-server.tsx). */
function writeDatesIn(timeZone: string | undefined): void {
  setZoneRules(tableZone(siteZoneTable(timeZone ?? DISPLAY_TIME_ZONE)));
}

/**
 * A shared part rendered for the page host to join into pages: the same markup the pages showed
 * when they rendered it themselves, cut into the markup around the items and each item's. The
 * menu marks the page `current` names (or none), its items named by category; the lists' items are
 * named by slug, all of `articles` rendered (the page host leaves out the page's own).
 */
export function renderFragment(request: FragmentRequest): RenderedFragment {
  switch (request.name) {
    case 'menu':
      return {
        ...around((items) => <CategoryBarList current={request.current}>{items}</CategoryBarList>),
        items: request.categories.map((category, index) => ({
          slug: category.name,
          html: renderToStaticMarkup(
            <CategoryBarItem
              category={toNavCategory(category)}
              menuId={categoryMenuId(index)}
              current={request.current}
            />,
          ),
        })),
      };
    case 'read-also':
      writeDatesIn(request.timeZone);
      return {
        ...around((items) => <ReadAlsoSection>{items}</ReadAlsoSection>),
        items: request.articles.map((article) => ({
          slug: article.slug,
          html: renderToStaticMarkup(<ReadAlsoItem article={article} />),
        })),
      };
    case 'related':
      return {
        ...around((items) => <RelatedNewsSection>{items}</RelatedNewsSection>),
        items: request.articles.map((article) => ({
          slug: article.slug,
          html: renderToStaticMarkup(<RelatedNewsItem article={article} />),
        })),
      };
  }
}
