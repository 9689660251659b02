import fastifyStatic from '@fastify/static';
import { readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAuthPath } from '@newsroom/contract';
import { compressFor } from './compress.ts';
import { feeds } from './feeds.ts';
import { fillTemplate, notBuiltPage } from './template.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { injectTransport } from './transport.ts';
import { unavailablePage, watchForUnavailable } from './unavailable.ts';
import { loadWebDist, locateWebDist, type WebDist } from './web-dist.ts';

/** Prefixes that belong to the API and media, which answer their own 404s. */
const NOT_PAGES = ['/api/', '/uploads/'];

const robotsTxt = (publicUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;

function pathnameOf(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Files at the top of the client build (favicon and the like), never index.html. */
function topLevelFiles(clientDir: string): string[] {
  return readdirSync(clientDir).filter(
    (name) => name !== 'index.html' && statSync(path.join(clientDir, name)).isFile(),
  );
}

async function html(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  cacheControl: string,
  body: string,
) {
  const { encoding, payload } = await compressFor(request.headers['accept-encoding'], body);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('vary', 'Cookie, Accept-Encoding')
    .send(payload);
}

/**
 * The page host: built browser assets, then every other GET as a page. A signed-in admin and
 * the sign-in screens get the app shell; everyone else a server-rendered public page.
 */
export async function webHost(app: FastifyInstance) {
  const distDir = locateWebDist(app.config.webDist);
  const loaded = await loadWebDist(distDir);

  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(app.config.publicUrl)),
  );
  await app.register(feeds);

  if ('missing' in loaded) {
    app.log.warn(`Web app not built (${loaded.missing}): pages answer 503. Run npm run build.`);
    app.get('/*', (request, reply) => {
      if (NOT_PAGES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound();
      return html(request, reply, 503, 'no-store', notBuiltPage(loaded.missing));
    });
    return;
  }

  const dist: WebDist = loaded.dist;
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
        .type(name.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream')
        .send(await fs.readFile(file)),
    );
  }

  const shell = fillTemplate(dist.template, {
    head: '<title>Newsroom</title>\n    <meta name="robots" content="noindex" />',
  });
  const fetch = injectTransport(app);

  const isAdmin = async (request: FastifyRequest) => {
    if (Object.keys(request.cookies).length === 0) return false;
    return (await app.services.auth.sessionFromCookies(request.cookies)) !== null;
  };

  const unavailable = (request: FastifyRequest, reply: FastifyReply) =>
    html(request, reply.header('retry-after', '5'), 503, 'no-store', unavailablePage());

  app.get('/*', async (request, reply) => {
    if (NOT_PAGES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound();
    // null: the session could not be looked up because the database is away.
    const appShell =
      isAuthPath(pathnameOf(request.url)) ||
      (await isAdmin(request).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) return null;
        throw error;
      }));
    if (appShell === null) return unavailable(request, reply);
    if (appShell) return html(request, reply, 200, 'no-store', shell);
    const api = watchForUnavailable(fetch);
    try {
      const result = await dist.renderer.render({
        url: request.url,
        publicUrl: app.config.publicUrl,
        fetch: api.fetch,
      });
      if (api.seen()) return unavailable(request, reply);
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      // Pages are rendered per request (an article render counts a view): never kept by caches.
      const page = fillTemplate(dist.template, result);
      return html(request, reply, result.status, 'no-cache, private', page);
    } catch (error) {
      if (api.seen()) return unavailable(request, reply);
      request.log.error({ err: error }, 'server render failed; sending the app shell');
      return html(request, reply, 500, 'no-store', shell);
    }
  });
}
