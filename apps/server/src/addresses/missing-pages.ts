import type { FastifyInstance } from 'fastify';
import type { Built } from '../cache/answer-cache.ts';
import { storeAnswer, type StoredAnswer } from '../cache/stored-answer.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';

/** The path of a URL without its query or trailing slashes. */
export function pathnameOf(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Where a request for `url` that moved to `path` goes: the path, with the query as sent. */
export function movedLocation(url: string, path: string): string {
  const at = url.indexOf('?');
  return at === -1 ? path : path + url.slice(at);
}

export interface MissingPageOptions {
  /** The cache-control of public pages, which redirects and 410s share. */
  cacheControl: string;
  /** Renders the 'removed' screen (status 410) for a URL. */
  renderGone: (url: string) => Promise<Built<StoredAnswer>>;
  /** The answer while the database is away. */
  unavailable: StoredAnswer;
}

/**
 * What a page the renderer could not find (its 404) becomes (decision 084): a former address
 * redirects permanently to the current one with the query kept, a deleted article's address
 * answers 410 with the 'removed' screen, anything else stays the 404. Each is kept by the page
 * cache with the tags of what would change it, on top of the tags of the reads of the 404.
 */
export function missingPages(app: FastifyInstance, options: MissingPageOptions) {
  return async (url: string, notFound: StoredAnswer): Promise<Built<StoredAnswer>> => {
    let whereabouts;
    try {
      whereabouts = await app.services.addresses.whereabouts(pathnameOf(url));
    } catch (error) {
      if (isDatabaseUnavailable(error)) return { value: options.unavailable, keep: false };
      throw error;
    }
    const tags = [...new Set([...notFound.tags, ...whereabouts.tags])];
    switch (whereabouts.kind) {
      case 'moved': {
        // Typed, so the framework and the front door send the same headers for it.
        const headers = {
          location: movedLocation(url, whereabouts.path),
          'content-type': 'text/html; charset=utf-8',
          'cache-control': options.cacheControl,
        };
        const value = await storeAnswer({ status: 301, headers, body: '', tags });
        return { value, keep: true };
      }
      case 'gone': {
        const built = await options.renderGone(url);
        return { value: { ...built.value, tags }, keep: built.keep };
      }
      default:
        return { value: { ...notFound, tags }, keep: true };
    }
  };
}
