import fastifyStatic from '@fastify/static';
import { readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { publicPaths } from '@newsroom/contract';
import { cacheRoutesOfScope } from '../cache/cached-routes.ts';
import { compressFor } from '../cache/compress.ts';
import { feeds } from '../feeds/feeds.ts';
import { isNotPage, pagesRoute } from './pages.ts';
import { RenderPool } from './render-pool.ts';
import { notBuiltPage } from './template.ts';
import { loadWebDist, locateWebDist } from './web-dist.ts';
import type { UnlistedPagesSlot } from './unlisted-pages.ts';

export interface WebHostOptions {
  /** Where the host puts the article pages it renders for preview links (decision 113). */
  unlisted?: UnlistedPagesSlot;
}

/** Crawlers learn of both sitemaps here: the index of everything and the Google News one. */
const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}${publicPaths.sitemapIndex()}`,
    `Sitemap: ${publicUrl}${publicPaths.newsSitemap()}`,
    '',
  ].join('\n');

/** Types of the files at the top of the client build (favicon, logo). */
const TOP_LEVEL_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
};

/** Files at the top of the client build (favicon and the like), never index.html. */
function topLevelFiles(clientDir: string): string[] {
  return readdirSync(clientDir).filter(
    (name) => name !== 'index.html' && statSync(path.join(clientDir, name)).isFile(),
  );
}

/**
 * The page host: robots.txt, feeds, built browser assets, then every other GET as a page
 * (pages/pages.ts). Feeds are served from the public cache like the pages.
 */
export async function webHost(app: FastifyInstance, options: WebHostOptions = {}) {
  const distDir = locateWebDist(app.config.webDist);
  const loaded = await loadWebDist(distDir);

  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(app.config.publicUrl)),
  );
  await app.register(async (cached) => {
    cacheRoutesOfScope(cached, app.publicCache);
    await cached.register(feeds);
  });

  if ('missing' in loaded) {
    app.log.warn(`Web app not built (${loaded.missing}): pages answer 503. Run npm run build.`);
    app.get('/*', async (request, reply) => {
      if (isNotPage(request.url)) return reply.callNotFound();
      const body = notBuiltPage(loaded.missing);
      const { encoding, payload } = await compressFor(request.headers['accept-encoding'], body);
      if (encoding) void reply.header('content-encoding', encoding);
      return reply
        .status(503)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(payload);
    });
    return;
  }

  const { dist } = loaded;
  await app.register(fastifyStatic, {
    root: path.join(dist.clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    preCompressed: true, // the build writes .br and .gz beside each asset
  });
  for (const name of topLevelFiles(dist.clientDir)) {
    const file = path.join(dist.clientDir, name);
    app.get(`/${name}`, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type(TOP_LEVEL_TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream')
        .send(await fs.readFile(file)),
    );
  }
  // Pages render in worker threads from the services' reads (decision 133).
  const renders = new RenderPool(
    { config: app.config, storage: app.storageSettings, clock: app.clock },
    distDir,
  );
  app.addHook('onClose', () => renders.close());
  await pagesRoute(app, dist, renders, options.unlisted);
}
