import {
  CORRECTIONS_FEED_TITLE,
  authorFeedTitle,
  modifiedAt,
  publicPaths,
  type AuthorDto,
  type LivePage,
  type NewsDto,
  type Section,
} from '@newsroom/contract';
import { NOT_FOUND_MESSAGE } from '../shared/NotFound.tsx';
import { feedLinks } from './feed-links.ts';
import { GONE_MESSAGE } from './Gone.tsx';
import { shareImageTags, type ShareImage } from './share-image.ts';
import { SITE } from './site.ts';
import {
  breadcrumbsJsonLd,
  newsArticleJsonLd,
  liveBlogPostingJsonLd,
  profilePageJsonLd,
  webSiteJsonLd,
  type Absolute,
} from './structured-data.ts';

/** What a page says about itself in <head>. */
export interface PageHead {
  title: string;
  description: string;
  image?: ShareImage;
  /** Present on article pages: adds Open Graph article tags and JSON-LD NewsArticle. */
  article?: NewsDto;
  /** A live page's entries shown (decision 115): its JSON-LD is a LiveBlogPosting. */
  live?: LivePage;
  /** The page's canonical path when it differs from the requested one. */
  canonicalPath?: string;
  noindex?: boolean;
  /** A category or sub-category list page: its feeds and breadcrumbs. */
  section?: Section;
  /** The home page: the site and its search as structured data. */
  home?: boolean;
  /** A person's page: their feed and ProfilePage (decision 103). */
  author?: AuthorDto;
  /** `/corrections`: its feed (decision 112). */
  corrections?: boolean;
}

/** The full document title of a page. */
export function documentTitle(head: PageHead): string {
  return head.title === SITE.name
    ? `${SITE.name} | ${SITE.tagline}`
    : `${head.title} | ${SITE.name}`;
}

export const NOT_FOUND_HEAD: PageHead = {
  title: 'Page not found',
  description: NOT_FOUND_MESSAGE,
  noindex: true,
};

/** A deleted article's page (410 Gone, decision 084). */
export const GONE_HEAD: PageHead = {
  title: 'Article removed',
  description: GONE_MESSAGE,
  noindex: true,
};

export const ERROR_HEAD: PageHead = {
  title: 'Something went wrong',
  description: 'This page could not be loaded. Please try again in a moment.',
  noindex: true,
};

function escapeAttr(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** JSON for an inline <script>: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function absoluteUnder(publicUrl: string): Absolute {
  return (url) => new URL(url, publicUrl + '/').toString();
}

/** The section an article belongs to, for its breadcrumbs. */
function sectionOf(article: NewsDto): Section | undefined {
  if (!article.category) return undefined;
  const category = article.category.name;
  return article.subcategory ? { category, subcategory: article.subcategory.name } : { category };
}

/** The structured data of a page: the article, where the page sits, or the site's search. */
function structuredData(head: PageHead, canonical: string, absolute: Absolute): object[] {
  const { article, section } = head;
  if (article) {
    const articleSection = sectionOf(article);
    const crumb = { title: article.title, path: canonical };
    return [
      head.live
        ? liveBlogPostingJsonLd(article, head.live, canonical, absolute)
        : newsArticleJsonLd(article, canonical, absolute),
      ...(articleSection ? [breadcrumbsJsonLd(articleSection, absolute, crumb)] : []),
    ];
  }
  if (section) return [breadcrumbsJsonLd(section, absolute)];
  if (head.author) return [profilePageJsonLd(head.author, canonical, absolute)];
  return head.home ? [webSiteJsonLd(absolute)] : [];
}

/** An article links its category's feed; a list page its own section's. */
function feedsOf(head: PageHead): Section | undefined {
  const category = head.article?.category?.name;
  return category ? { category } : head.section;
}

/**
 * The <head> tags of a server-rendered page: title, description, canonical URL, Open Graph
 * and Twitter card tags with absolute URLs, the feeds of the page, and its structured data
 * (JSON-LD NewsArticle and BreadcrumbList, WebSite on the home page).
 */
export function renderHeadHtml(head: PageHead, pathname: string, publicUrl: string): string {
  const absolute = absoluteUnder(publicUrl);
  const canonical = absolute(head.canonicalPath ?? pathname);
  const title = documentTitle(head);
  const image = head.image ? absolute(head.image.url) : undefined;
  const tags: string[] = [
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    head.noindex
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${escapeAttr(canonical)}" />`,
    ...[
      ...feedLinks(feedsOf(head)),
      ...(head.author
        ? [
            {
              title: authorFeedTitle(head.author.name),
              path: publicPaths.authorFeed(head.author.slug),
            },
          ]
        : []),
      ...(head.corrections
        ? [{ title: CORRECTIONS_FEED_TITLE, path: publicPaths.correctionsFeed() }]
        : []),
    ].map(
      (feed) =>
        `<link rel="alternate" type="application/rss+xml" title="${escapeAttr(feed.title)}" href="${escapeAttr(absolute(feed.path))}" />`,
    ),
    `<meta property="og:site_name" content="${escapeAttr(SITE.name)}" />`,
    `<meta property="og:type" content="${head.article ? 'article' : head.author ? 'profile' : 'website'}" />`,
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(canonical)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeAttr(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(head.description)}" />`,
  ];
  if (head.image && image) {
    const alt = escapeAttr(head.image.alt ?? head.title);
    tags.push(...shareImageTags(head.image, escapeAttr(image), alt));
  }
  if (head.article) {
    const article = head.article;
    tags.push(
      `<meta property="article:published_time" content="${escapeAttr(article.createdAt)}" />`,
      `<meta property="article:modified_time" content="${escapeAttr(modifiedAt(article))}" />`,
    );
    if (article.category) {
      tags.push(
        `<meta property="article:section" content="${escapeAttr(article.category.name)}" />`,
      );
    }
  }
  for (const data of structuredData(head, canonical, absolute)) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('\n    ');
}
