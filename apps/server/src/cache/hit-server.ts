import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isPersonal } from './personal.ts';
import { cacheKey, urlTags, articleSlugOf } from './url-tags.ts';
import type { PublicCache } from './public-cache.ts';
import {
  isNotModified,
  variantFor,
  type PageArticle,
  type CachedResponse,
} from './cached-response.ts';

/** Headers of a response that belong to that response or connection, never to the whole site. */
const PER_ANSWER = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'etag',
  'vary',
  'set-cookie',
]);

/** The site-wide headers of a response (security headers and the like), as the framework set them. */
export function siteHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (PER_ANSWER.has(name) || name.startsWith('access-control-')) continue;
    if (typeof value === 'string' || typeof value === 'number') kept[name] = String(value);
  }
  return kept;
}

export interface HitServerOptions {
  cache: PublicCache;
  /** Counts one view of an article page (off when a beacon counts them: VIEWS_FROM=beacon). */
  countPageView: ((article: PageArticle, headers: IncomingHttpHeaders) => void) | null;
}

/**
 * Cache hits served before the framework runs (docs/decisions/133): a GET or HEAD of a public
 * page, public API response or feed that the public cache holds is written straight to the socket
 * with the headers the framework gave it. Anything else — a miss, a request with a session or a
 * token, a cross-origin call, every write — goes on to Fastify unchanged, and a miss served there
 * fills the cache for the next reader.
 */
export class HitServer {
  /** Requests served here so far (an operational figure; tests read it too). */
  served = 0;
  /** The headers every response of the site carries (helmet's); null until the app is ready. */
  private siteHeaders: Record<string, string> | null = null;
  /**
   * The cache key of each URL asked for lately (null: nothing the cache holds), so a hit costs
   * one lookup rather than parsing its URL again. Bounded: emptied when full.
   */
  private readonly keys = new Map<string, string | null>();
  /**
   * The full header set of a cached response in each encoding, made on its first hit: written in
   * one `writeHead` it costs a fraction of setting the headers one by one. Lists of names and
   * values, as `writeHead` takes them.
   */
  private headerSets = new WeakMap<CachedResponse, Map<string, string[]>>();
  /**
   * The site's headers, a response's own and its encoding, by the response's own headers: a page
   * joined again with its shared parts keeps its own headers, so its new set is this one with
   * its ETag and length added.
   */
  private baseSets = new WeakMap<Record<string, string>, Map<string, string[]>>();

  constructor(private readonly options: HitServerOptions) {}

  /** Starts answering hits, with the site-wide headers taken from one of the framework's responses. */
  open(siteHeaders: Record<string, string>): void {
    this.siteHeaders = siteHeaders;
    this.headerSets = new WeakMap();
    this.baseSets = new WeakMap();
  }

  /** True when the request was served here. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, url, headers } = request;
    const site = this.siteHeaders;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !site) return false;
    if (!this.options.cache.enabled) return false;
    if (headers.origin || isPersonal(headers)) return false;
    const cached = this.cachedFor(url);
    if (!cached) return false;
    this.served += 1;
    const { body, encoding, etag } = variantFor(cached, headers['accept-encoding']);
    const notModified = cached.status === 200 && isNotModified(headers['if-none-match'], cached);
    if (cached.viewOf && method === 'GET') this.options.countPageView?.(cached.viewOf, headers);
    if (notModified) {
      response.statusCode = 304;
      for (const [name, value] of Object.entries(site)) response.setHeader(name, value);
      for (const [name, value] of Object.entries(cached.headers)) response.setHeader(name, value);
      response.setHeader('etag', etag);
      response.end();
      return true;
    }
    response.writeHead(cached.status, this.headersOf(cached, site, encoding, etag, body.length));
    response.end(method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Every header of a cached response sent in one encoding, made once per response and encoding. */
  private headersOf(
    cached: CachedResponse,
    site: Record<string, string>,
    encoding: 'br' | 'gzip' | null,
    etag: string,
    length: number,
  ): string[] {
    return listFor(this.headerSets, cached, encoding, () =>
      this.baseOf(cached.headers, site, encoding).concat(
        'etag',
        etag,
        'content-length',
        String(length),
      ),
    );
  }

  /** The site's headers, then the response's own (which win), then its encoding. */
  private baseOf(
    own: Record<string, string>,
    site: Record<string, string>,
    encoding: 'br' | 'gzip' | null,
  ): string[] {
    return listFor(this.baseSets, own, encoding, () => {
      const merged: Record<string, string> = { ...site, ...own };
      // The ETag and length are the response's, added after: never twice.
      delete merged.etag;
      delete merged['content-length'];
      if (encoding) merged['content-encoding'] = encoding;
      return Object.entries(merged).flat();
    });
  }

  /** The cached response for a URL, looked up under the key the framework's routes store it by. */
  private cachedFor(url: string): CachedResponse | undefined {
    let key = this.keys.get(url);
    if (key === undefined) {
      key = cacheKeyOf(url);
      if (this.keys.size >= MAX_REMEMBERED_URLS) this.keys.clear();
      this.keys.set(url, key);
    }
    if (key === null) return undefined;
    return key.startsWith(PAGE)
      ? this.options.cache.peekPage(key.slice(PAGE.length))
      : this.options.cache.peekResponse(key);
  }
}

/** The header list cached for `key` in one encoding, made by `make` the first time. */
function listFor<K extends object>(
  lists: WeakMap<K, Map<string, string[]>>,
  key: K,
  encoding: 'br' | 'gzip' | null,
  make: () => string[],
): string[] {
  let byEncoding = lists.get(key);
  if (!byEncoding) {
    byEncoding = new Map();
    lists.set(key, byEncoding);
  }
  const name = encoding ?? 'identity';
  let list = byEncoding.get(name);
  if (!list) {
    list = make();
    byEncoding.set(name, list);
  }
  return list;
}

/** Marks the keys of pages, which are cached in pieces (cache/joined-page.ts). */
const PAGE = 'page ';

/**
 * How many URLs' keys the hit server remembers: every article's page and API address of a large
 * site's readers (about 100 bytes each); past it the map is emptied and filled again.
 */
const MAX_REMEMBERED_URLS = 65_536;

/** The key the framework's routes keep a URL's response under; null when none could be cached. */
function cacheKeyOf(url: string): string | null {
  try {
    // Public API responses, feeds and sitemaps are cached by their routes under their own key
    // (cached-routes.ts); an article call counts a view and is never served here.
    if (urlTags(url) !== null) return articleSlugOf(url) === null ? cacheKey(url) : null;
    if (url.startsWith('/api/') || url.startsWith('/uploads/')) return null;
    return `${PAGE}${cacheKey(url)}`;
  } catch {
    return null; // not a URL the cache could hold
  }
}
