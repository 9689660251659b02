import type { FastifyInstance } from 'fastify';
import { Feed } from 'feed';
import {
  CORRECTIONS_FEED_TITLE,
  CORRECTION_KIND_NAMES,
  PUBLICATION,
  RSS_CORRECTIONS_COUNT,
  publicPaths,
  type CorrectionListItem,
} from '@newsroom/contract';
import { cdataSafe } from './rss.ts';
import { sendXml } from './xml.ts';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';

/**
 * RSS 2.0 of the newest corrections and update notes (decision 112): each item names its kind and
 * article, links to the article and carries the note's plain text; its guid is the note's own.
 */
export function correctionsRss(
  notes: CorrectionListItem[],
  publicUrl: string,
  now: Date,
  hub?: string,
): string {
  const page = publicUrl + publicPaths.corrections();
  const feed = new Feed({
    title: CORRECTIONS_FEED_TITLE,
    description: `Corrections and update notes of the articles of ${PUBLICATION.name}`,
    id: page,
    link: page,
    language: PUBLICATION.language,
    image: publicUrl + publicPaths.logo(),
    updated: notes[0] ? new Date(notes[0].createdAt) : now,
    generator: false,
    feedLinks: { rss: publicUrl + publicPaths.correctionsFeed() },
    // The WebSub hub (decision 118), when there is one.
    ...(hub ? { hub } : {}),
  });
  for (const note of notes) {
    feed.addItem({
      title: cdataSafe(`${CORRECTION_KIND_NAMES[note.kind]}: ${note.article.title}`),
      id: `${page}#${note._id}`,
      link: publicUrl + publicPaths.article(note.article.slug),
      date: new Date(note.createdAt),
      description: cdataSafe(note.text),
    });
  }
  return feed.rss2();
}

/** `/corrections/rss.xml`, served from the public cache like the other feeds. */
export async function correctionsFeed(app: FastifyInstance) {
  app.get(publicPaths.correctionsFeed(), async (request, reply) => {
    const { data } = await app.services.corrections.page({
      page: 1,
      limit: RSS_CORRECTIONS_COUNT,
    });
    const body = correctionsRss(
      data,
      app.config.publicUrl,
      app.clock.now(),
      app.config.websubHubUrl,
    );
    return sendXml(request, reply, RSS_TYPE, body);
  });
}
