import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';
import { answerKey, answerTags, articleSlugOf } from './answer-tags.ts';
import type { PublicCache } from './public-cache.ts';
import { isNotModified, variantFor, type PageArticle, type StoredAnswer } from './stored-answer.ts';

/** Headers of an answer that belong to that answer or connection, never to the whole site. */
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

/** The site-wide headers of an answer (security headers and the like), as the framework set them. */
export function siteHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (PER_ANSWER.has(name) || name.startsWith('access-control-')) continue;
    if (typeof value === 'string' || typeof value === 'number') kept[name] = String(value);
  }
  return kept;
}

export interface FrontDoorOptions {
  cache: PublicCache;
  /** Counts one view of an article page (off when a beacon counts them: VIEWS_FROM=beacon). */
  countPageView: ((article: PageArticle) => void) | null;
}

/**
 * Cache hits answered before the framework runs (docs/decisions/070): a GET or HEAD of a public
 * page, public API answer or feed that the public cache holds is written straight to the socket
 * with the headers the framework gave it. Anything else — a miss, a request with a session or a
 * token, a cross-origin call, every write — goes on to Fastify unchanged, and a miss served there
 * fills the cache for the next reader.
 */
export class FrontDoor {
  /** Requests answered here so far (an operational figure; tests read it too). */
  served = 0;
  /** The headers every answer of the site carries (helmet's); null until the app is ready. */
  private siteHeaders: Record<string, string> | null = null;

  constructor(private readonly options: FrontDoorOptions) {}

  /** Starts answering hits, with the site-wide headers taken from one of the framework's answers. */
  open(siteHeaders: Record<string, string>): void {
    this.siteHeaders = siteHeaders;
  }

  /** True when the request was answered here. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, url, headers } = request;
    const site = this.siteHeaders;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !site) return false;
    if (!this.options.cache.enabled) return false;
    if (headers.authorization || headers.origin || hasSession(headers.cookie)) return false;
    const answer = this.kept(url);
    if (!answer) return false;
    this.served += 1;
    const { body, encoding, etag } = variantFor(answer, headers['accept-encoding']);
    const notModified = answer.status === 200 && isNotModified(headers['if-none-match'], answer);
    if (answer.viewOf && method === 'GET') this.options.countPageView?.(answer.viewOf);
    response.statusCode = notModified ? 304 : answer.status;
    for (const [name, value] of Object.entries(site)) response.setHeader(name, value);
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    response.setHeader('etag', etag);
    if (notModified) {
      response.end();
      return true;
    }
    if (encoding) response.setHeader('content-encoding', encoding);
    response.setHeader('content-length', body.length);
    response.end(method === 'HEAD' ? undefined : body);
    return true;
  }

  /** The kept answer for a URL, looked up under the key the framework's routes store it by. */
  private kept(url: string): StoredAnswer | undefined {
    let key: string;
    try {
      if (url.startsWith('/api/') || url.startsWith('/rss.xml') || url.startsWith('/sitemap')) {
        if (articleSlugOf(url) !== null || answerTags(url) === null) return undefined;
        key = answerKey(url);
      } else if (url.startsWith('/uploads/')) {
        return undefined;
      } else {
        key = `page ${answerKey(url)}`;
      }
    } catch {
      return undefined; // not a URL the cache could hold
    }
    return this.options.cache.peekAnswer(key);
  }
}

function hasSession(cookie: string | undefined): boolean {
  return (
    cookie !== undefined &&
    (cookie.includes(`${ACCESS_COOKIE}=`) || cookie.includes(`${REFRESH_COOKIE}=`))
  );
}
