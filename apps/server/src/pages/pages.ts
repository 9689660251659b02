import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAuthPath } from '@newsroom/contract';
import type { Built } from '../cache/entries.ts';
import { cacheKey } from '../cache/url-tags.ts';
import {
  arrivedPiece,
  joinPage,
  pageBytes,
  pieceOf,
  type Piece,
  type SlotRef,
  type StoredFragment,
  type StoredPage,
} from '../cache/joined-page.ts';
import { countPageView } from '../views/article-views.ts';
import { sendResponse, storeResponse } from '../cache/cached-response.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { isPersonal } from '../cache/personal.ts';
import { missingPages, pathnameOf } from '../addresses/missing-pages.ts';
import { storedFragment } from './fragments.ts';
import { cutAtSlots, pageFrame, type PageInPieces, type RenderedPage } from './page-render.ts';
import type { RenderPool } from './render-pool.ts';
import { fillTemplate } from './template.ts';
import { unavailablePage } from './unavailable.ts';
import type { WebDist } from './web-dist.ts';
import { markPage, type UnlistedPagesSlot } from './unlisted-pages.ts';

/** Prefixes that belong to the API and media, which send their own 404s. */
const NOT_PAGES = ['/api/', '/uploads/'];

/** Whether a URL belongs to the API or media rather than to the pages. */
export const isNotPage = (url: string) => NOT_PAGES.some((prefix) => url.startsWith(prefix));

/** Pages rendered since start (written on SIGUSR2, main.ts). */
export const pageRenders = { count: 0 };

const htmlHeaders = (cacheControl: string) => ({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': cacheControl,
  vary: 'Cookie, Accept-Encoding',
});

/** A page of one piece and no shared part (the outage and failure pages). */
async function wholePage(
  status: number,
  headers: Record<string, string>,
  html: string,
): Promise<StoredPage> {
  const parts = [await pieceOf(html)];
  return { status, headers, parts, tags: [], viewOf: null, bytes: pageBytes(parts) };
}

/**
 * Every other GET is a page. Signed-in admins and the sign-in screens get the app shell; everyone
 * else a public page, rendered in a render worker from the services' reads (pages/reads.ts,
 * decision 133), cached by the public cache in pieces and served with the shared parts joined in
 * (decision 133). An
 * article page counts one view per GET, cached or rendered. A page the renderer cannot find may
 * have moved or been removed (addresses/missing-pages.ts, decision 084).
 */
export async function pagesRoute(
  app: FastifyInstance,
  dist: WebDist,
  renders: RenderPool,
  unlisted?: UnlistedPagesSlot,
) {
  const beaconViews = app.config.viewsFrom === 'beacon';
  // Behind a CDN (beacon views) a page may be cached there too, but always revalidated.
  const pageCacheControl = beaconViews ? 'public, no-cache' : 'no-cache, private';
  const frame = pageFrame(app.config, dist.template);
  const shellHtml = fillTemplate(dist.template, {
    head: `${frame.siteHead}<title>Newsroom</title>\n    <meta name="robots" content="noindex" />`,
  });
  const shellHeaders = { ...htmlHeaders('no-store') };
  const shell = await storeResponse({
    status: 200,
    headers: shellHeaders,
    body: shellHtml,
    tags: [],
  });
  const failed = await wholePage(500, shellHeaders, shellHtml);
  const unavailable = await wholePage(
    503,
    { ...htmlHeaders('no-store'), 'retry-after': '5' },
    unavailablePage(),
  );
  const missing = missingPages(app, {
    renderGone: (url) => build(url, true),
    moved: (location, tags) => ({
      status: 301,
      headers: { location, ...htmlHeaders(pageCacheControl) },
      parts: [],
      tags,
      viewOf: null,
      bytes: 0,
    }),
    unavailable,
  });

  /** A page in pieces, as cached. */
  const cachedPage = (
    {
      status,
      tags,
      article,
    }: Pick<Extract<PageInPieces, { kind: 'page' }>, 'status' | 'tags' | 'article'>,
    parts: Array<Piece | SlotRef>,
  ): StoredPage => {
    const viewOf = status === 200 ? article : null;
    const headers = htmlHeaders(pageCacheControl);
    return { status, headers, parts, tags, viewOf, bytes: pageBytes(parts) };
  };

  /** A page rendered whole (a preview, marked here), cut at its slot marks and compressed. */
  const stored = async (rendered: Extract<RenderedPage, { kind: 'page' }>): Promise<StoredPage> => {
    const parts = await Promise.all(
      cutAtSlots(rendered.html, rendered.slots).map((part) =>
        typeof part === 'string' ? pieceOf(part) : part,
      ),
    );
    return cachedPage(rendered, parts);
  };

  /** Renders the page at `url` (a deleted article's when `gone`): cached unless a failure. */
  const build = async (url: string, gone = false): Promise<Built<StoredPage>> => {
    pageRenders.count += 1;
    try {
      const result = await renders.page(url, gone);
      if (result.kind === 'unavailable') return { value: unavailable, keep: false };
      if (result.kind === 'redirect') {
        const headers = { location: result.location, 'cache-control': 'no-cache' };
        const value = { status: result.status, headers, parts: [], tags: [], viewOf: null };
        return { value: { ...value, bytes: 0 }, keep: false };
      }
      // Compressed in the render worker: its pieces' bytes are Buffers again here.
      const parts = result.parts.map((part) => ('fragment' in part ? part : arrivedPiece(part)));
      const value = cachedPage(result, parts);
      if (result.status === 404 && !gone) return await missing(url, value);
      // A 404 or 410 is cached too: its tags name what would make it a page (a new article's slug).
      return { value, keep: [200, 404, 410].includes(result.status) };
    } catch (error) {
      app.log.error({ err: error }, 'server render failed; sending the app shell');
      return { value: failed, keep: false };
    }
  };

  /** Sends a page with its shared parts joined in (each built once, when missing). */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, page: StoredPage) => {
    const slots = new Map<string, SlotRef>();
    for (const part of page.parts) if ('fragment' in part) slots.set(part.fragment, part);
    let fragments: Map<string, StoredFragment>;
    try {
      // The shared parts missing from the cache are built at the same time, not one by one.
      const found = [...slots.values()].map(async ({ fragment, slot }) => {
        const build = async () => storedFragment(await renders.shared(slot));
        return [fragment, await app.publicCache.fragment(fragment, build)] as const;
      });
      fragments = new Map(await Promise.all(found));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return sendPage(request, reply, unavailable);
    }
    const cached = joinPage(page, (key) => fragments.get(key));
    if (!cached) throw new Error('a shared part of the page is missing');
    if (cached.viewOf && request.method === 'GET' && !beaconViews) {
      countPageView(app, cached.viewOf, request.headers);
    }
    return sendResponse(request, reply, cached);
  };

  // An article's page from fields given, for one request: not cached, no view (decision 113).
  if (unlisted) {
    unlisted.pages = {
      sendArticle: async (request, reply, article, marks, headers) => {
        pageRenders.count += 1;
        const result = await renders.article(article);
        if (result.kind === 'unavailable') return sendPage(request, reply, unavailable);
        if (result.kind !== 'page') throw new Error('an article page rendered as a redirect');
        const page = await stored({ ...result, html: markPage(result.html, marks) });
        return sendPage(request, reply, { ...page, headers: { ...page.headers, ...headers } });
      },
    };
  }

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
    if (isAuthPath(pathnameOf(request.url))) return sendResponse(request, reply, shell);
    const { url } = request;
    if (isPersonal(request.headers)) {
      // Possibly an admin: served for this request alone, never from or into the cache.
      const admin = await isAdmin(request);
      if (admin === null) return sendPage(request, reply, unavailable);
      if (admin) return sendResponse(request, reply, shell);
      return sendPage(request, reply, (await build(url)).value);
    }
    return sendPage(request, reply, await app.publicCache.page(cacheKey(url), () => build(url)));
  };
  app.get('/*', page);
}
