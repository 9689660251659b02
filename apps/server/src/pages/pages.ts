import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAuthPath } from '@newsroom/contract';
import type { Built } from '../cache/answer-cache.ts';
import { answerKey } from '../cache/answer-tags.ts';
import { countPageView } from '../views/article-views.ts';
import { sendAnswer, storeAnswer, type StoredAnswer } from '../cache/stored-answer.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { isPersonal } from '../cache/personal.ts';
import { missingPages, pathnameOf } from '../addresses/missing-pages.ts';
import { pageFrame, renderPage, type PageRenderer } from './page-render.ts';
import { fillTemplate } from './template.ts';
import { injectTransport } from './transport.ts';
import { unavailablePage } from './unavailable.ts';
import type { WebDist } from './web-dist.ts';

/** Prefixes that belong to the API and media, which answer their own 404s. */
const NOT_PAGES = ['/api/', '/uploads/'];

/** Whether a URL belongs to the API or media rather than to the pages. */
export const isNotPage = (url: string) => NOT_PAGES.some((prefix) => url.startsWith(prefix));

const htmlAnswer = (status: number, cacheControl: string, body: string, extra = {}) =>
  storeAnswer({
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': cacheControl,
      vary: 'Cookie, Accept-Encoding',
      ...extra,
    },
    body,
    tags: [],
  });

/**
 * Every other GET is a page. Signed-in admins and the sign-in screens get the app shell; everyone
 * else a public page, served from the public cache and rendered once per key when missing
 * (docs/decisions/040, 070). An article page counts one view per GET, kept or rendered. A page
 * the renderer cannot find may have moved or been removed (addresses/missing-pages.ts, decision 084).
 */
export async function pagesRoute(app: FastifyInstance, dist: WebDist) {
  const beaconViews = app.config.viewsFrom === 'beacon';
  // Behind a CDN (beacon views) a page may be kept there too, but always revalidated.
  const pageCacheControl = beaconViews ? 'public, no-cache' : 'no-cache, private';
  const frame = pageFrame(app.config, dist.template);
  const shellHtml = fillTemplate(dist.template, {
    head: `${frame.siteHead}<title>Newsroom</title>\n    <meta name="robots" content="noindex" />`,
  });
  const shell = await htmlAnswer(200, 'no-store', shellHtml);
  const failed = await htmlAnswer(500, 'no-store', shellHtml);
  const unavailable = await htmlAnswer(503, 'no-store', unavailablePage(), { 'retry-after': '5' });
  const transport = injectTransport(app);
  const here: PageRenderer = {
    render: (job) =>
      renderPage(dist.renderer, transport, { frame, publicUrl: app.config.publicUrl }, job),
  };
  // Pages render in processes of their own unless RENDER_PROCESSES=0 (decision 079).
  const pages = app.renderProcesses.serve(dist.dir, here);
  const missing = missingPages(app, {
    cacheControl: pageCacheControl,
    renderGone: (url) => render(url, { gone: true }),
    unavailable,
  });

  /** A page for `url`; `keepable` false when it will be sent once and never kept. */
  const render = async (
    url: string,
    { gone = false, keepable = true }: { gone?: boolean; keepable?: boolean } = {},
  ): Promise<Built<StoredAnswer>> => {
    try {
      const result = await pages.render({ url, gone, keepable });
      if (result.kind === 'unavailable') return { value: unavailable, keep: false };
      if (result.kind === 'redirect') {
        const headers = { location: result.location, 'cache-control': 'no-cache' };
        const value = await storeAnswer({ status: result.status, headers, body: '', tags: [] });
        return { value, keep: false };
      }
      const { article } = result;
      const value = await storeAnswer(
        {
          status: result.status,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': pageCacheControl,
            vary: 'Cookie, Accept-Encoding',
          },
          body: result.html,
          ...(result.compressed && { compressed: result.compressed }),
          tags: result.tags,
          viewOf: result.status === 200 ? article : null,
        },
        { precompress: keepable },
      );
      if (result.status === 404 && !gone) return await missing(url, value);
      // A 404 or 410 is kept too: its tags name what would make it a page (a new article's slug).
      return { value, keep: [200, 404, 410].includes(result.status) };
    } catch (error) {
      app.log.error({ err: error }, 'server render failed; sending the app shell');
      return { value: failed, keep: false };
    }
  };

  const isAdmin = async (request: FastifyRequest): Promise<boolean | null> => {
    try {
      return (await app.services.auth.sessionFromCookies(request.cookies)) !== null;
    } catch (error) {
      // null: the session could not be looked up because the database is away.
      if (isDatabaseUnavailable(error)) return null;
      throw error;
    }
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isNotPage(request.url)) return reply.callNotFound();
    if (isAuthPath(pathnameOf(request.url))) return sendAnswer(request, reply, shell);
    let answer: StoredAnswer;
    if (isPersonal(request)) {
      // Possibly an admin: answered for this request alone, never from or into the cache.
      const admin = await isAdmin(request);
      if (admin === null) return sendAnswer(request, reply, unavailable);
      if (admin) return sendAnswer(request, reply, shell);
      answer = (await render(request.url, { keepable: false })).value;
    } else {
      // The same render serves a refresh after a write (docs/decisions/086); it holds the URL,
      // not the request, for as long as the page is kept.
      const { url } = request;
      const build = () => render(url, { keepable: app.publicCache.enabled });
      answer = await app.publicCache.answer(`page ${answerKey(url)}`, build, {
        rebuild: build,
      });
    }
    if (answer.viewOf && request.method === 'GET' && !beaconViews) {
      countPageView(app, answer.viewOf);
    }
    return sendAnswer(request, reply, answer);
  };
  app.get('/*', page);
}
