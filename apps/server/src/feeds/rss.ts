import { Feed } from 'feed';
import {
  PUBLICATION,
  authorFeedTitle,
  feedTitle,
  htmlToText,
  publicPaths,
  truncateWords,
  type Section,
} from '@newsroom/contract';
import type { FeedArticle } from './feed-articles.ts';

const DESCRIPTION_WORDS = 50;

/**
 * Text the feed library writes as CDATA. It splits only the first `]]>` of a text, so a second
 * one would end the section early and break the document: every one is opened up instead.
 */
export const cdataSafe = (text: string) => text.replaceAll(']]>', ']] >');

export interface RssChannel {
  /** The site's feed when null; a category's or sub-category's otherwise. */
  section: Section | null;
  /** A person's feed: their articles (decision 103); `section` is null then. */
  author?: { name: string; slug: string };
  articles: FeedArticle[];
  publicUrl: string;
  /** When there is nothing to list, the channel says it was built now. */
  now: Date;
  /** WEBSUB_HUB_URL: the hub the feed names beside its own address (decision 118). */
  hub?: string | undefined;
}

/**
 * An RSS 2.0 document of the articles, newest first, written by the `feed` library: absolute
 * permalinks (also the guid), publication date, a plain-text summary, the category and the
 * picture as an enclosure with its real byte size (decision 082).
 */
export function rssDocument({
  section,
  author,
  articles,
  publicUrl,
  now,
  hub,
}: RssChannel): string {
  const page = author
    ? publicPaths.author(author.slug)
    : section
      ? publicPaths.category(section.category, section.subcategory)
      : '/';
  const self = author
    ? publicPaths.authorFeed(author.slug)
    : section
      ? publicPaths.feed(section.category, section.subcategory)
      : undefined;
  const newest = articles[0]?.news.createdAt;
  const feed = new Feed({
    title: author ? authorFeedTitle(author.name) : feedTitle(section ?? undefined),
    description: author
      ? `${PUBLICATION.description} by ${author.name}`
      : section
        ? `${PUBLICATION.description} in ${section.subcategory ?? section.category}`
        : PUBLICATION.description,
    id: publicUrl + page,
    link: publicUrl + page,
    language: PUBLICATION.language,
    image: publicUrl + publicPaths.logo(),
    updated: newest ? new Date(newest) : now,
    generator: false,
    feedLinks: { rss: publicUrl + (self ?? publicPaths.feed()) },
    ...(hub ? { hub } : {}),
  });
  for (const { news, image } of articles) {
    const summary = truncateWords(htmlToText(news.description), DESCRIPTION_WORDS);
    feed.addItem({
      title: cdataSafe(news.title),
      link: publicUrl + publicPaths.article(news.slug),
      date: new Date(news.createdAt),
      description: cdataSafe(summary),
      // A person's feed names no sections: it goes stale by their articles and profile alone.
      ...(news.category && !author ? { category: [{ name: news.category.name }] } : {}),
      ...(image
        ? {
            enclosure: {
              url: new URL(image.url, publicUrl + '/').toString(),
              length: image.bytes,
              type: image.type,
            },
          }
        : {}),
    });
  }
  return feed.rss2();
}
