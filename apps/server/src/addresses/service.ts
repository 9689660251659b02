import type { Kysely } from 'kysely';
import { publicPaths } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import { publicTags, type StaleTags } from '../cache/tags.ts';
import { isPublicNews } from '../db/news-visibility.ts';
import { TaxonomyAddresses } from './taxonomy-addresses.ts';

/**
 * What became of a public path that shows nothing now, and the tags a kept answer for it carries
 * (what a write names when it would change the answer).
 */
export type Whereabouts =
  | { kind: 'moved'; path: string; tags: StaleTags }
  | { kind: 'gone'; tags: StaleTags }
  | { kind: 'unknown'; tags: StaleTags };

/** The slug of an article path (`/news/{slug}`), as the API looks it up, or null. */
function articleSlugOfPath(pathname: string): string | null {
  const match = /^\/news\/([^/]+)$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return lookupKey(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

/**
 * Public addresses that never break (decision 084): a former slug leads to its article's current
 * page, a deleted article's slug is gone, and a former category or sub-category name leads to
 * the current one, with anything under it. Each lookup is a probe of a primary key.
 */
export class AddressService {
  private readonly taxonomy: TaxonomyAddresses;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.taxonomy = new TaxonomyAddresses(db);
  }

  /** What became of `pathname` (a path without its query), which the reader site cannot show. */
  async whereabouts(pathname: string): Promise<Whereabouts> {
    const slug = articleSlugOfPath(pathname);
    if (slug !== null) return this.articleWhereabouts(slug);
    const moved = await this.movedTaxonomyPath(pathname);
    const tags = [publicTags.taxonomy];
    return moved === null ? { kind: 'unknown', tags } : { kind: 'moved', path: moved, tags };
  }

  /**
   * The current path of a path under a former category name (and former sub-category name), with
   * any further segments (a feed, say) kept as they are; null when no segment names a former name.
   * Its answers change with any category or sub-category write (the `taxonomy` tag).
   */
  movedTaxonomyPath(pathname: string): Promise<string | null> {
    return this.taxonomy.movedPath(pathname);
  }

  private async articleWhereabouts(slug: string): Promise<Whereabouts> {
    const tags = [publicTags.article(slug)];
    const holder = await this.db
      .selectFrom('news_slug_history as h')
      .innerJoin('news as n', 'n.id', 'h.news_id')
      .select(['n.slug', isPublicNews('n', isoNow(this.clock)).as('public')])
      .where('h.slug', '=', slug)
      .executeTakeFirst();
    if (holder) {
      // Tagged as the article's current page too: whatever changes or removes the article, or
      // publishes it at its time, drops this answer with that page.
      const both = [...tags, publicTags.article(holder.slug)];
      return Number(holder.public) === 1
        ? { kind: 'moved', path: publicPaths.article(holder.slug), tags: both }
        : { kind: 'unknown', tags: both };
    }
    const deleted = await this.db
      .selectFrom('deleted_slugs')
      .select('slug')
      .where('slug', '=', slug)
      .executeTakeFirst();
    return deleted ? { kind: 'gone', tags } : { kind: 'unknown', tags };
  }
}
