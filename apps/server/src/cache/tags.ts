import { nameFilterValue, toPathSegment, type NewsDto, type Section } from '@newsroom/contract';
import { lookupKey } from '../domain/lookup-key.ts';
import { isInNewsWindow } from '../domain/news-window.ts';

/**
 * What a public response depends on, named so that a write can say what it makes stale. Cached
 * pages and public API responses carry these tags; every mutation names the tags it touches, and
 * only the entries carrying one of them go stale or are dropped (docs/decisions/133).
 */
export type StaleTags = readonly string[];

/** Makes stale every cached public response carrying one of the tags, here and on every instance. */
export type Invalidate = (tags: StaleTags) => Promise<void>;

export type ListFilter = 'category' | 'subcategory' | 'publisher' | 'anchor';

/** How the tags of each family of lists begin. */
const LIST_FAMILIES = {
  list: 'list:',
  related: 'related:',
  feed: 'feed:',
  sitemapMonth: 'sitemap:',
} as const;

export const publicTags = {
  /** Everything public: for changes that show on every article (a renamed category). */
  everything: '*',
  /** The categories with their sub-categories (navigation, the category list, the sitemap). */
  taxonomy: 'taxonomy',
  /**
   * What shows a section's name, or is there only while the section is (its feeds): a rename or
   * removal names it; a new section changes none of it.
   */
  sectionNames: 'section-names',
  /** The unfiltered newest-first lists: home page, /u/get without filters, /u/latest, RSS. */
  newest: `${LIST_FAMILIES.list}newest`,
  list: (filter: ListFilter, name: string) => `${LIST_FAMILIES.list}${filter}:${lookupKey(name)}`,
  /**
   * One category's sub-category list: sub-category names repeat across categories ('Analysis' in
   * each), and a write to one must not make every section of that name stale.
   */
  sectionList: (category: string, subcategory: string) =>
    `${LIST_FAMILIES.list}section:${lookupKey(category)}/${lookupKey(subcategory)}`,
  related: (category: string) => `${LIST_FAMILIES.related}${lookupKey(category)}`,
  /** An article's own page and read: a write of it drops them (`isOwnTag`). */
  article: (slug: string) => `article:${lookupKey(slug)}`,
  /**
   * What shows an article among others (a list's card, a feed's item) carries its `shows` tag
   * besides its list's: a write that changes how the article shows but not where (a title, a
   * picture) names only this, so lists that do not show it stay current (decision 133).
   */
  shows: (slug: string) => `shows:${lookupKey(slug)}`,
  /** Search results (page and API): any change of an article's text may change what is found. */
  search: 'search',
  /**
   * A category's or sub-category's own pages: a rename or move drops them (their address then
   * redirects).
   */
  section: (kind: 'category' | 'subcategory', name: string) => `section:${kind}:${lookupKey(name)}`,
  /** What shows the name of a category, sub-category, publisher or anchor (article pages). */
  names: (kind: ListFilter, name: string) => `names:${kind}:${lookupKey(name)}`,
  /** Every list of articles (pages, API responses, shared parts, feeds): renames name it. */
  lists: 'lists',
  /** The site's feed (/rss.xml): every article write names it. */
  feeds: 'feeds',
  /** A category's or sub-category's feed, by the path segments of its names. */
  sectionFeed: ({ category, subcategory }: Section) =>
    subcategory
      ? `${LIST_FAMILIES.feed}${toPathSegment(category)}/${toPathSegment(subcategory)}`
      : `${LIST_FAMILIES.feed}${toPathSegment(category)}`,
  /** The Google News sitemap: named by writes to articles of its 48-hour window. */
  newsSitemap: 'news-sitemap',
  /** The sitemap index (its files' lastmod). */
  sitemap: 'sitemap',
  /**
   * A person's page, API response and feed (`/author/{slug}`, decision 103): the articles they are
   * an author of and their profile. Slugs never change, so the tag is the person's for good.
   */
  author: (slug: string) => `author:${slug}`,
  /** What shows a person's name in a byline: the pages and reads of the articles naming them. */
  byline: (slug: string) => `byline:${slug}`,
  /** The sitemap file of author pages (`/sitemaps/authors.xml`). */
  authorsSitemap: 'sitemap:authors',
  /**
   * `/corrections`, its feed and `/u/corrections` (decision 112): named by every note's write and
   * by every article write (a title, a slug, a removal).
   */
  corrections: 'corrections',
  /** One month's sitemap files (`YYYY-MM`, by the month an article was created, UTC). */
  sitemapMonth: (month: string) => `${LIST_FAMILIES.sitemapMonth}${month}`,
} as const;

/**
 * Whether a tag names one thing a write changed itself (an article, a renamed section): entries
 * carrying it are dropped, not handed out stale, so the write shows at once.
 */
export function isOwnTag(tag: string): boolean {
  return tag.startsWith('article:') || tag.startsWith('section:');
}

/** A filter value as the API reads it: '' and 'null' mean no filter. */
export function filterTag(filter: ListFilter, value: unknown): string | null {
  const name = nameFilterValue(value);
  return typeof name === 'string' ? publicTags.list(filter, name) : null;
}

/**
 * The tag of a list filtered by section (filter values as the API reads them): a category's
 * sub-category's own, else the sub-category's name's, else the category's; null for neither. A
 * sub-category's list holds only its own articles: its category's tag would add nothing but every
 * write to the category's other sub-categories.
 */
export function sectionListTag(category: unknown, subcategory: unknown): string | null {
  const [inCategory, named] = [nameFilterValue(category), nameFilterValue(subcategory)];
  if (typeof named !== 'string') return filterTag('category', inCategory);
  return typeof inCategory === 'string'
    ? publicTags.sectionList(inCategory, named)
    : publicTags.list('subcategory', named);
}

/** What decides where an article shows. */
export type ArticlePlaces = Pick<
  NewsDto,
  'slug' | 'createdAt' | 'category' | 'subcategory' | 'publisher' | 'anchor' | 'authors'
>;

/**
 * Everything an article shows on: its page, every list that may hold it, feeds and sitemaps. The
 * news sitemap only while the article is in its window at `now`; older ones never show there.
 */
export function articleTags(news: ArticlePlaces, now: Date): string[] {
  const tags = [...articleShownTags(news, now), publicTags.newest, publicTags.feeds];
  if (news.category) {
    const category = news.category.name;
    tags.push(publicTags.list('category', category));
    tags.push(publicTags.related(category));
    tags.push(publicTags.sectionFeed({ category }));
    if (news.subcategory) {
      tags.push(publicTags.sectionFeed({ category, subcategory: news.subcategory.name }));
      tags.push(publicTags.sectionList(category, news.subcategory.name));
    }
  }
  if (news.subcategory) tags.push(publicTags.list('subcategory', news.subcategory.name));
  if (news.publisher) tags.push(publicTags.list('publisher', news.publisher.name));
  if (news.anchor) tags.push(publicTags.list('anchor', news.anchor.name));
  return tags;
}

/**
 * What shows the article, wherever it is (decision 133): its page, whatever lists it by its `shows`
 * tag, search, corrections, its authors' pages and the sitemaps (their `lastmod`). All a write
 * names when the article stays where it was: no list it is not in goes stale.
 */
export function articleShownTags(news: ArticlePlaces, now: Date): string[] {
  const tags = [
    publicTags.article(news.slug),
    publicTags.shows(news.slug),
    publicTags.search,
    publicTags.corrections,
    publicTags.sitemap,
    publicTags.sitemapMonth(news.createdAt.slice(0, 7)),
  ];
  if (isInNewsWindow(news.createdAt, now)) tags.push(publicTags.newsSitemap);
  // Each author's page lists it; whether they have a public article decides the authors' sitemap.
  for (const author of news.authors) tags.push(publicTags.author(author.slug));
  if (news.authors.length > 0) tags.push(publicTags.authorsSitemap);
  return tags;
}

/** An article as its writes compare it: where it shows, and whether readers see it. */
export type ArticleShowing = ArticlePlaces & Pick<NewsDto, 'status' | 'draft'>;

const placeOf = (news: ArticleShowing) =>
  JSON.stringify([
    news.slug,
    news.createdAt,
    news.status,
    news.draft,
    news.category?._id,
    news.subcategory?._id,
    news.publisher?._id,
    news.anchor?._id,
    news.authors.map((author) => author.slug),
  ]);

/**
 * What a saved article's write makes stale: where it showed and where it shows when that changed
 * (its address, time, sections, publisher, anchor, authors, or whether readers see it), else only
 * what shows it (decision 133): an article saved with a new title or picture leaves every list it
 * is not in current.
 */
export function savedArticleTags(
  before: ArticleShowing,
  after: ArticleShowing,
  now: Date,
): string[] {
  if (placeOf(before) === placeOf(after)) return articleShownTags(after, now);
  return [...articleTags(before, now), ...articleTags(after, now)];
}

/** The `shows` tags of what lists these articles. */
export const showsTags = (articles: ReadonlyArray<{ slug: string }>): string[] =>
  articles.map((article) => publicTags.shows(article.slug));

/** The tags an article's page carries besides its own: the names it shows. */
export function articleNameTags(
  news: Pick<NewsDto, 'category' | 'subcategory' | 'publisher' | 'anchor' | 'authors'>,
): string[] {
  const tags = news.authors.map((author) => publicTags.byline(author.slug));
  if (news.category) tags.push(publicTags.names('category', news.category.name));
  if (news.subcategory) tags.push(publicTags.names('subcategory', news.subcategory.name));
  if (news.publisher) tags.push(publicTags.names('publisher', news.publisher.name));
  if (news.anchor) tags.push(publicTags.names('anchor', news.anchor.name));
  return tags;
}

/** What a category, sub-category, publisher or anchor write makes stale. */
export const taxonomyTags = {
  /** A new category or sub-category shows in navigation and the sitemap. */
  listed: [publicTags.taxonomy, publicTags.sitemap],
  /** A removed (so unused) one leaves them, and its own (empty) list page goes at once. */
  removed: (kind: 'category' | 'subcategory', name: string): StaleTags => [
    publicTags.taxonomy,
    publicTags.sectionNames,
    publicTags.sitemap,
    publicTags.section(kind, name),
  ],
  /** A new or removed (so unused) publisher or anchor shows nowhere public. */
  unlisted: [],
  /**
   * A rename (or a sub-category's move): the section's own pages go at once (they redirect now),
   * and whatever shows the old name goes stale: navigation, the sitemap and the pages of the
   * articles filed under it, and the site's feed (its items name their sections). A
   * sub-category's move changes what its categories list, and a publisher's or anchor's name shows
   * on news cards: every list goes stale too.
   */
  renamed: (kind: ListFilter, before: string): StaleTags => [
    ...(kind === 'category' || kind === 'subcategory'
      ? [publicTags.section(kind, before), publicTags.sectionNames]
      : []),
    publicTags.names(kind, before),
    ...(kind === 'category'
      ? [publicTags.taxonomy, publicTags.sitemap, publicTags.feeds]
      : kind === 'subcategory'
        ? [publicTags.taxonomy, publicTags.sitemap, publicTags.lists]
        : [publicTags.lists]),
  ],
};

/**
 * What a change of a person makes stale (decisions 103, 104): their page and feed always; a new
 * name also the bylines that show it and every list response (the API's articles carry their
 * authors' names); a removal, the bylines and the authors' sitemap.
 */
export function personTags(slug: string, change: { name?: boolean; removed?: boolean }): string[] {
  const tags = [publicTags.author(slug)];
  if (change.name || change.removed) tags.push(publicTags.byline(slug), publicTags.lists);
  if (change.removed) tags.push(publicTags.authorsSitemap);
  return tags;
}
