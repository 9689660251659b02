import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEED_FILE, type Section } from '@newsroom/contract';
import { movedLocation, pathnameOf } from '../addresses/missing-pages.ts';
import { correctionsFeed } from './corrections-feed.ts';
import { newsSitemap } from './news-sitemap.ts';
import { rssDocument } from './rss.ts';
import { sitemaps } from './sitemap.ts';
import { sendXml } from './xml.ts';

export const RSS_ITEM_COUNT = 20;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';

interface SectionParams {
  category: string;
  subcategory?: string;
}

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

  const sendFeed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    section: Section | null,
  ) => {
    const articles = await feedArticles.latest(section, RSS_ITEM_COUNT);
    const { publicUrl } = app.config;
    const body = rssDocument({ section, articles, publicUrl, now: app.clock.now(), hub });
    return sendXml(request, reply, RSS_TYPE, body);
  };

  // A section is found by the rule its list page uses; an unknown one is a 404 like that page,
  // unless it is a section's former name, which redirects like that page (decision 084).
  const sectionFeed = async (
    request: FastifyRequest<{ Params: SectionParams }>,
    reply: FastifyReply,
  ) => {
    const { category, subcategory } = request.params;
    const section = await feedArticles.section(category, subcategory);
    if (!section) {
      const moved = await addresses.movedTaxonomyPath(pathnameOf(request.url));
      if (moved) {
        void reply.header('cache-control', 'no-cache');
        return reply.redirect(movedLocation(request.url, moved), 301);
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('No such feed\n');
    }
    return sendFeed(request, reply, section);
  };

  // A person's feed (decision 103); an unknown slug is a 404 like their page.
  app.get<{ Params: { slug: string } }>(`/author/:slug/${FEED_FILE}`, async (request, reply) => {
    const found = await feedArticles.byAuthor(request.params.slug, RSS_ITEM_COUNT);
    if (!found) return reply.status(404).type('text/plain; charset=utf-8').send('No such feed\n');
    const { publicUrl } = app.config;
    const body = rssDocument({ section: null, ...found, publicUrl, now: app.clock.now(), hub });
    return sendXml(request, reply, RSS_TYPE, body);
  });

  app.get(`/${FEED_FILE}`, (request, reply) => sendFeed(request, reply, null));
  app.get<{ Params: SectionParams }>(`/:category/${FEED_FILE}`, sectionFeed);
  app.get<{ Params: SectionParams }>(`/:category/:subcategory/${FEED_FILE}`, sectionFeed);
}
