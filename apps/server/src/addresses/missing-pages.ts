import type { FastifyInstance } from 'fastify';
import type { Built, CacheValue } from '../cache/entries.ts';
import type { StaleTags } from '../cache/tags.ts';
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

export interface MissingPageOptions<V extends CacheValue> {
  /** Renders the 'removed' screen (status 410) for a URL. */
  renderGone: (url: string) => Promise<Built<V>>;
  /** A permanent redirect to `location`, kept with `tags`. */
  moved: (location: string, tags: StaleTags) => V;
  /** The page while the database is away. */
  unavailable: V;
}

/**
 * What a page the renderer could not find (its 404) becomes (decision 084): a former address
 * redirects permanently to the current one with the query kept, a deleted article's address
 * answers 410 with the 'removed' screen, anything else stays the 404. Each is kept by the page
 * cache with the tags of what would change it, on top of the tags of the reads of the 404.
 */
export function missingPages<V extends CacheValue>(
  app: FastifyInstance,
  options: MissingPageOptions<V>,
) {
  return async (url: string, notFound: V): Promise<Built<V>> => {
    let whereabouts;
    try {
      whereabouts = await app.services.addresses.whereabouts(pathnameOf(url));
    } catch (error) {
      if (isDatabaseUnavailable(error)) return { value: options.unavailable, keep: false };
      throw error;
    }
    const tags = [...new Set([...notFound.tags, ...whereabouts.tags])];
    switch (whereabouts.kind) {
      case 'moved':
        return { value: options.moved(movedLocation(url, whereabouts.path), tags), keep: true };
      case 'gone': {
        const built = await options.renderGone(url);
        return { value: { ...built.value, tags }, keep: built.keep };
      }
      default:
        return { value: { ...notFound, tags }, keep: true };
    }
  };
}
