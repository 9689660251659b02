import {
  LIVE_JSON_LD_UPDATES,
  PUBLICATION,
  htmlToText,
  livePaths,
  modifiedAt,
  publicPaths,
  tagList,
  type AuthorDto,
  type LivePage,
  type NewsDto,
  type Section,
} from '@newsroom/contract';
import { articleImageUrls } from './article-images.ts';

/** Turns a path or URL of the site into an absolute URL under PUBLIC_URL. */
export type Absolute = (pathOrUrl: string) => string;

/** Pixel size of the logo at publicPaths.logo() (apps/web/public/logo.png). */
const LOGO_SIZE = 512;

const CONTEXT = 'https://schema.org';

/** The publication itself, with its logo: the `publisher` of every article. */
function publication(absolute: Absolute) {
  return {
    '@type': 'Organization',
    name: PUBLICATION.name,
    url: absolute(publicPaths.home()),
    logo: {
      '@type': 'ImageObject',
      url: absolute(publicPaths.logo()),
      width: LOGO_SIZE,
      height: LOGO_SIZE,
    },
  };
}

/**
 * Each correction of the article as a schema.org CorrectionComment (`correction`), newest first;
 * update notes are not corrections and only move `dateModified` (decision 112).
 */
function correctionsOf(article: NewsDto) {
  return (article.corrections ?? [])
    .filter((note) => note.kind === 'correction')
    .map((note) => ({
      '@type': 'CorrectionComment',
      text: note.text,
      datePublished: note.createdAt,
    }));
}

/**
 * NewsArticle: its authors, each a Person with their page's URL (decision 103); an article without
 * authors names its anchor, or else its publisher, as before.
 */
export function newsArticleJsonLd(article: NewsDto, canonical: string, absolute: Absolute) {
  const images = articleImageUrls(article).map(absolute);
  const corrections = correctionsOf(article);
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.metaDescription,
    ...(images.length ? { image: images } : {}),
    datePublished: article.createdAt,
    dateModified: modifiedAt(article),
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    ...(article.category ? { articleSection: article.category.name } : {}),
    ...(article.tags.length ? { keywords: tagList(article.tags).join(', ') } : {}),
    author:
      article.authors.length > 0
        ? article.authors.map((author) => ({
            '@type': 'Person',
            name: author.name,
            url: absolute(publicPaths.author(author.slug)),
          }))
        : article.anchor
          ? { '@type': 'Person', name: article.anchor.name }
          : { '@type': 'Organization', name: article.publisher?.name ?? PUBLICATION.name },
    publisher: publication(absolute),
    ...(corrections.length ? { correction: corrections } : {}),
  };
}

/**
 * A live page (decision 115): the article as a LiveBlogPosting, when its coverage started and
 * ended (while it goes on, no end), and its latest entries as `liveBlogUpdate`s, newest first.
 */
export function liveBlogPostingJsonLd(
  article: NewsDto,
  live: LivePage,
  canonical: string,
  absolute: Absolute,
) {
  const page = absolute(publicPaths.article(article.slug));
  const updates = live.data.slice(0, LIVE_JSON_LD_UPDATES).map((entry) => {
    const text = htmlToText(entry.text);
    return {
      '@type': 'BlogPosting',
      headline: text.length > 110 ? `${text.slice(0, 107)}...` : text,
      articleBody: text,
      datePublished: entry.createdAt,
      dateModified: entry.updatedAt,
      url: `${page}#${livePaths.entryAnchor(entry._id)}`,
      author: { '@type': 'Person', name: entry.by.name },
      ...(entry.imageURL ? { image: absolute(entry.imageURL) } : {}),
    };
  });
  const newest = live.data[0]?.updatedAt;
  const article_ = newsArticleJsonLd(article, canonical, absolute);
  return {
    ...article_,
    '@type': 'LiveBlogPosting',
    ...(newest && newest > article_.dateModified ? { dateModified: newest } : {}),
    coverageStartTime: live.coverage.startedAt,
    ...(live.coverage.endedAt ? { coverageEndTime: live.coverage.endedAt } : {}),
    liveBlogUpdate: updates,
  };
}

interface Crumb {
  name: string;
  path: string;
}

/** Home › Category › Sub-category (› Article): where a page sits in the site. */
export function breadcrumbsJsonLd(
  section: Section,
  absolute: Absolute,
  article?: { title: string; path: string },
) {
  const crumbs: Crumb[] = [
    { name: 'Home', path: publicPaths.home() },
    { name: section.category, path: publicPaths.category(section.category) },
  ];
  if (section.subcategory) {
    const path = publicPaths.category(section.category, section.subcategory);
    crumbs.push({ name: section.subcategory, path });
  }
  if (article) crumbs.push({ name: article.title, path: article.path });
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  };
}

const SEARCH_TERM = 'search_term_string';

/** WebSite with a SearchAction: search engines may offer the site's own search. */
export function webSiteJsonLd(absolute: Absolute) {
  // decodeURI turns the encoded braces of the placeholder back into the template's braces.
  const urlTemplate = decodeURI(absolute(publicPaths.search(`{${SEARCH_TERM}}`)));
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: PUBLICATION.name,
    url: absolute(publicPaths.home()),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate },
      'query-input': `required name=${SEARCH_TERM}`,
    },
  };
}

/** ProfilePage of a person's page: the Person, their picture and public links (decision 103). */
export function profilePageJsonLd(author: AuthorDto, canonical: string, absolute: Absolute) {
  return {
    '@context': CONTEXT,
    '@type': 'ProfilePage',
    url: canonical,
    mainEntity: {
      '@type': 'Person',
      name: author.name,
      url: absolute(publicPaths.author(author.slug)),
      ...(author.bio ? { description: author.bio } : {}),
      ...(author.pictureURL ? { image: absolute(author.pictureURL) } : {}),
      ...(author.links.length ? { sameAs: author.links } : {}),
    },
  };
}
