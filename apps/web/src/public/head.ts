import { tagList, type NewsDto } from '@newsroom/contract';
import { shareImageTags, type ShareImage } from './share-image.ts';
import { SITE } from './site.ts';

/** What a page says about itself in <head>. */
export interface PageHead {
  title: string;
  description: string;
  image?: ShareImage;
  /** Present on article pages: adds Open Graph article tags and JSON-LD NewsArticle. */
  article?: NewsDto;
  /** The page's canonical path when it differs from the requested one. */
  canonicalPath?: string;
  noindex?: boolean;
}

/** The full document title of a page. */
export function documentTitle(head: PageHead): string {
  return head.title === SITE.name
    ? `${SITE.name} | ${SITE.tagline}`
    : `${head.title} | ${SITE.name}`;
}

export const NOT_FOUND_HEAD: PageHead = {
  title: 'Page not found',
  description: 'Oops! The page you are looking for does not exist.',
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

function absolute(url: string, publicUrl: string): string {
  return new URL(url, publicUrl + '/').toString();
}

function newsArticleJsonLd(article: NewsDto, canonical: string, publicUrl: string) {
  const image = article.Image ? absolute(article.Image.ImageURL, publicUrl) : undefined;
  const publisherName = article.publisher?.name ?? SITE.name;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.metaDescription,
    ...(image ? { image: [image] } : {}),
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    ...(article.category ? { articleSection: article.category.name } : {}),
    ...(article.tags.length ? { keywords: tagList(article.tags).join(', ') } : {}),
    author: article.anchor
      ? { '@type': 'Person', name: article.anchor.name }
      : { '@type': 'Organization', name: publisherName },
    publisher: {
      '@type': 'Organization',
      name: publisherName,
      logo: { '@type': 'ImageObject', url: absolute('/favicon.svg', publicUrl) },
    },
  };
}

/**
 * The <head> tags of a server-rendered page: title, description, canonical URL, Open Graph
 * and Twitter card tags with absolute URLs, and JSON-LD NewsArticle on articles.
 */
export function renderHeadHtml(head: PageHead, pathname: string, publicUrl: string): string {
  const canonical = absolute(head.canonicalPath ?? pathname, publicUrl);
  const title = documentTitle(head);
  const image = head.image ? absolute(head.image.url, publicUrl) : undefined;
  const tags: string[] = [
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    head.noindex
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${escapeAttr(canonical)}" />`,
    '<link rel="alternate" type="application/rss+xml" title="Newsroom" href="/rss.xml" />',
    `<meta property="og:site_name" content="${escapeAttr(SITE.name)}" />`,
    `<meta property="og:type" content="${head.article ? 'article' : 'website'}" />`,
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
      `<meta property="article:modified_time" content="${escapeAttr(article.updatedAt)}" />`,
    );
    if (article.category) {
      tags.push(
        `<meta property="article:section" content="${escapeAttr(article.category.name)}" />`,
      );
    }
    tags.push(
      `<script type="application/ld+json">${jsonForScript(newsArticleJsonLd(article, canonical, publicUrl))}</script>`,
    );
  }
  return tags.join('\n    ');
}
