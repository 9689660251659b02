import type { Kysely } from 'kysely';
import type { LiveEntry, LivePage, LivePageQuery } from '@newsroom/contract';
import { LIVE_MESSAGES } from '@newsroom/contract';
import { isPublicNews } from '../db/news-visibility.ts';
import type { Database } from '../db/schema.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import { LiveRepository } from './repo.ts';

/** A live page as its reads need it. */
export interface LiveArticle {
  id: string;
  slug: string;
  createdAt: string;
  endedAt: string | null;
  seq: number;
}

/**
 * The reads of live pages (decision 115): a page of entries newest first with the pinned ones,
 * the key events and the state of coverage; for readers by the article's slug (public live pages
 * only), for the staff by its id. The render worker reads pages through these too.
 */
export class LiveReads {
  protected readonly repo: LiveRepository;

  constructor(
    protected readonly db: Kysely<Database>,
    imageUrl: (key: string) => string,
    protected readonly clock: Clock,
  ) {
    this.repo = new LiveRepository(db, imageUrl);
  }

  /** The public live page of a slug, or null when there is none (or it is not public, or live). */
  async publicArticle(slug: string): Promise<LiveArticle | null> {
    const row = await this.db
      .selectFrom('news as n')
      .select(['n.id', 'n.slug', 'n.created_at', 'n.live_ended_at', 'n.live_seq'])
      .where('n.slug', '=', lookupKey(slug))
      .where('n.live', '=', 1)
      .where(isPublicNews('n', isoNow(this.clock)))
      .executeTakeFirst();
    return row ? toLiveArticle(row) : null;
  }

  /** `/u/news/{slug}/live`: 404 for an article readers cannot see or that is not live. */
  async publicPage(slug: string, query: LivePageQuery): Promise<LivePage> {
    const article = await this.publicArticle(slug);
    if (!article) throw new DomainError('NOT_FOUND', 'No live page at this address');
    return this.pageOf(article, query);
  }

  /** A page of the entries of a live article, with what every page shows beside. */
  async pageOf(article: LiveArticle, query: LivePageQuery): Promise<LivePage> {
    const [data, count, pinned, keyEvents, firstAt] = await Promise.all([
      this.repo.page(article.id, query, query.limit + 1),
      this.repo.countOf(article.id),
      this.repo.pinned(article.id),
      this.repo.keyEvents(article.id),
      this.repo.firstAt(article.id),
    ]);
    if (!data) throw validationFailed([{ path: 'before', message: LIVE_MESSAGES.before }]);
    const toEntry = (row: Parameters<LiveRepository['toEntry']>[0]): LiveEntry =>
      this.repo.toEntry(row);
    return {
      data: data.slice(0, query.limit).map(toEntry),
      count,
      hasOlder: data.length > query.limit,
      coverage: {
        startedAt: firstAt && firstAt < article.createdAt ? firstAt : article.createdAt,
        endedAt: article.endedAt,
        lastEventId: String(article.seq),
      },
      pinned: pinned.map(toEntry),
      keyEvents,
    };
  }
}

export function toLiveArticle(row: {
  id: string;
  slug: string;
  created_at: string;
  live_ended_at: string | null;
  live_seq: number | string;
}): LiveArticle {
  return {
    id: row.id,
    slug: row.slug,
    createdAt: row.created_at,
    endedAt: row.live_ended_at,
    seq: Number(row.live_seq),
  };
}
