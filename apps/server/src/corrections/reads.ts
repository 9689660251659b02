import type { Kysely } from 'kysely';
import type { CorrectionListItem, NewsDto, PageQuery } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { CorrectionRepository } from './repo.ts';

/**
 * What readers read of the corrections and update notes (decision 112): an article's own, and
 * every note of a public article for `/corrections` and its feed. The page host's render worker
 * reads through this class on its read-only connection.
 */
export class CorrectionReads {
  protected readonly repo: CorrectionRepository;

  constructor(
    db: Kysely<Database>,
    protected readonly clock: Clock,
  ) {
    this.repo = new CorrectionRepository(db);
  }

  /** The public article with its notes, newest first (`/u/news/{slug}`, the article page). */
  async withNotes(article: NewsDto): Promise<NewsDto> {
    return { ...article, corrections: await this.repo.publicOf(article._id) };
  }

  /** One page of the notes of public articles, newest first. */
  async page(query: PageQuery): Promise<{ data: CorrectionListItem[]; count: number }> {
    const { rows, count } = await this.repo.publicPage(
      isoNow(this.clock),
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { data: rows, count };
  }
}
