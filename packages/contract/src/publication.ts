import type { Section } from './sections.ts';

/**
 * The publication as feeds, sitemaps and structured data name it: the server's RSS channels and
 * Google News sitemap and the web app's pages read the same facts.
 */
export const PUBLICATION = {
  name: 'Newsroom',
  /** ISO 639 code of the articles' language (RSS `language`, Google News `news:language`). */
  language: 'en',
  description: 'The latest news from Newsroom',
} as const;

/** The title of a feed: its channel's title and the `title` of the page links to it. */
export function feedTitle(section?: Section): string {
  if (!section) return PUBLICATION.name;
  const place = section.subcategory
    ? `${section.category} › ${section.subcategory}`
    : section.category;
  return `${PUBLICATION.name}: ${place}`;
}

/** The title of a person's feed (`/author/{slug}/rss.xml`) and of their page's link to it. */
export function authorFeedTitle(name: string): string {
  return `${PUBLICATION.name}: ${name}`;
}
