import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FEED_FILE, type Section } from '@newsroom/contract';
import { movedLocation, pathnameOf } from '../addresses/missing-pages.ts';
import { readInput, type ReadInput, type RouteRead } from '../cache/cached-routes.ts';
import { DomainError } from '../domain/errors.ts';
import { correctionsFeed } from './corrections-feed.ts';
import { newsSitemap } from './news-sitemap.ts';
import { rssDocument, type RssChannel } from './rss.ts';
import { sitemaps } from './sitemap.ts';
import { sendXml } from './xml.ts';

export const RSS_ITEM_COUNT = 20;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';

const sectionParams = z.object({ category: z.string(), subcategory: z.string().optional() });
const slugParams = z.object({ slug: z.string() });

/**
 * The sitemaps, the news sitemap and the RSS feeds of the site, of each category and of each
 * sub-category, read through the services like the reader site, with absolute links under
 * PUBLIC_URL. They work whether or not the web app is built.
 */
export async function feeds(app: FastifyInstance) {
  await sitemaps(app);
  await newsSitemap(app);
  await correctionsFeed(app);
  const { feedArticles, addresses } = app.services;
  // Every feed names the WebSub hub when there is one (decision 118): part of the body, so a kept
  // feed has it too.
  const hub = app.config.websubHubUrl;

  /** A feed of these articles, with the site's address, the time and the hub. */
  const documentOf = (feed: Omit<RssChannel, 'publicUrl' | 'now' | 'hub'>) =>
    rssDocument({ ...feed, publicUrl: app.config.publicUrl, now: app.clock.now(), hub });

  const feedOf = async (section: Section | null, { shows }: ReadInput) => {
    const articles = await feedArticles.latest(section, RSS_ITEM_COUNT);
    shows(articles.map((article) => article.news));
    return documentOf({ section, articles });
  };

  // Each feed's read, so the public cache can build it again after a write (decision 133): null
  // where the address has no feed (its handler answers 404, or 301 for a section's former name).
  const readSectionFeed = async (input: ReadInput) => {
    const { category, subcategory } = sectionParams.parse(input.params);
    const section = await feedArticles.section(category, subcategory);
    return section && feedOf(section, input);
  };
  const readAuthorFeed = async ({ params }: ReadInput) => {
    const { slug } = slugParams.parse(params);
    const found = await feedArticles.byAuthor(slug, RSS_ITEM_COUNT);
    return found && documentOf({ section: null, ...found });
  };
  const readSiteFeed = (input: ReadInput) => feedOf(null, input);

  // A section is found by the rule its list page uses; an unknown one is a 404 like that page,
  // unless it is a section's former name, which redirects like that page (decision 084).
  const sectionFeed = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = await readSectionFeed(readInput(request));
    if (body !== null) return sendXml(request, reply, RSS_TYPE, body);
    const moved = await addresses.movedTaxonomyPath(pathnameOf(request.url));
    if (moved) {
      void reply.header('cache-control', 'no-cache');
      return reply.redirect(movedLocation(request.url, moved), 301);
    }
    return noFeed(reply);
  };

  // A person's feed (decision 103); an unknown slug is a 404 like their page.
  app.get(
    `/author/:slug/${FEED_FILE}`,
    { config: { read: orThrow(readAuthorFeed) } },
    async (request, reply) => {
      const body = await readAuthorFeed(readInput(request));
      return body === null ? noFeed(reply) : sendXml(request, reply, RSS_TYPE, body);
    },
  );

  app.get(`/${FEED_FILE}`, { config: { read: readSiteFeed } }, async (request, reply) =>
    sendXml(request, reply, RSS_TYPE, await readSiteFeed(readInput(request))),
  );
  const sectionRoute = { config: { read: orThrow(readSectionFeed) } };
  app.get(`/:category/${FEED_FILE}`, sectionRoute, sectionFeed);
  app.get(`/:category/:subcategory/${FEED_FILE}`, sectionRoute, sectionFeed);
}

const noFeed = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').send('No such feed\n');

/** A feed's read for the cache, for which an address without a feed is no response to keep. */
const orThrow =
  (read: (input: ReadInput) => Promise<string | null>): RouteRead =>
  async (input) => {
    const body = await read(input);
    if (body === null) throw new DomainError('NOT_FOUND', 'No such feed');
    return body;
  };
