import { nameFilterValue, type NewsDto } from '@newsroom/contract';

/**
 * What a public answer depends on, named so that a write can say what it makes stale. Cached
 * pages and public API answers carry these tags; every mutation names the tags it touches, and
 * only the answers carrying one of them are dropped (docs/decisions/070).
 */
export type StaleTags = readonly string[];

/** Drops every cached public answer carrying one of the tags, here and on every instance. */
export type Invalidate = (tags: StaleTags) => Promise<void>;

export type ListFilter = 'category' | 'subcategory' | 'publisher' | 'anchor';

/** Names are matched ignoring case and surrounding spaces, as the filters match them. */
const norm = (name: string) => name.trim().toLowerCase();

export const publicTags = {
  /** Everything public: for changes that show on every article (a renamed category). */
  everything: '*',
  /** The categories with their sub-categories (navigation, the category list, the sitemap). */
  taxonomy: 'taxonomy',
  /** The unfiltered newest-first lists: home page, /u/get without filters, /u/latest, RSS. */
  newest: 'list:newest',
  list: (filter: ListFilter, name: string) => `list:${filter}:${norm(name)}`,
  related: (category: string) => `related:${norm(category)}`,
  article: (slug: string) => `article:${norm(slug)}`,
  feeds: 'feeds',
  /** The sitemap index (its files' lastmod). */
  sitemap: 'sitemap',
  /** One month's sitemap files (`YYYY-MM`, by the month an article was created, UTC). */
  sitemapMonth: (month: string) => `sitemap:${month}`,
} as const;

/** A filter value as the API reads it: '' and 'null' mean no filter. */
export function filterTag(filter: ListFilter, value: unknown): string | null {
  const name = nameFilterValue(value);
  return typeof name === 'string' ? publicTags.list(filter, name) : null;
}

/** What decides where an article shows. */
export type ArticlePlaces = Pick<
  NewsDto,
  'slug' | 'createdAt' | 'category' | 'subcategory' | 'publisher' | 'anchor'
>;

/** Everything an article shows on: its page, every list that may hold it, feeds and sitemap. */
export function articleTags(news: ArticlePlaces): string[] {
  const tags = [
    publicTags.article(news.slug),
    publicTags.newest,
    publicTags.feeds,
    publicTags.sitemap,
    publicTags.sitemapMonth(news.createdAt.slice(0, 7)),
  ];
  if (news.category) {
    tags.push(publicTags.list('category', news.category.name));
    tags.push(publicTags.related(news.category.name));
  }
  if (news.subcategory) tags.push(publicTags.list('subcategory', news.subcategory.name));
  if (news.publisher) tags.push(publicTags.list('publisher', news.publisher.name));
  if (news.anchor) tags.push(publicTags.list('anchor', news.anchor.name));
  return tags;
}

/** What a category, sub-category, publisher or anchor write makes stale. */
export const taxonomyTags = {
  /** A new or removed (so unused) category or sub-category shows in navigation and sitemap. */
  listed: [publicTags.taxonomy, publicTags.sitemap],
  /** A new or removed (so unused) publisher or anchor shows nowhere public. */
  unlisted: [],
  /** A rename or move changes every article that names it: everything public goes. */
  renamed: [publicTags.everything],
} as const satisfies Record<string, StaleTags>;
