import type { Kysely } from 'kysely';
import {
  READ_ALSO_COUNT,
  RELATED_NEWS_COUNT,
  nameFilterValue,
  type NewsDto,
  type PageQuery,
} from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { DomainError } from '../domain/errors.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { NewsRepository, toNewsDto, type NewsFilter } from './repo.ts';

export interface PublicNewsFilters {
  category?: string;
  subcategory?: string;
  publisher?: string;
  anchor?: string;
}

export interface NewsPage {
  data: NewsDto[];
  count: number;
}

/**
 * The public reads of news articles: what readers see, for the API (NewsService adds the
 * writes) and for page renders, which read with nothing else (pages/render-worker.ts).
 */
export class NewsReads {
  protected readonly repo: NewsRepository;

  constructor(
    db: Kysely<Database>,
    protected readonly storage: MediaStorage,
    protected readonly clock: Clock,
  ) {
    this.repo = new NewsRepository(db, clock);
  }

  /** Public articles, newest first, filtered by names ('' or 'null' mean no filter). */
  async publicList(filters: PublicNewsFilters, page: PageQuery): Promise<NewsPage> {
    return this.page(
      {
        activeOnly: true,
        category: filterName(filters.category),
        subcategory: filterName(filters.subcategory),
        publisher: filterName(filters.publisher),
        anchor: filterName(filters.anchor),
      },
      page,
    );
  }

  /** A public article, by any of its slugs' spellings. */
  async bySlug(slug: string): Promise<NewsDto> {
    const row = await this.repo.findBySlug(lookupKey(slug), true);
    if (!row) throw slugNotFound(slug);
    return this.toDto(row);
  }

  /** Active articles of a category (by name), newest first, without the current one. */
  async related(
    categoryName: string | undefined,
    excludeSlug?: string,
    limit = RELATED_NEWS_COUNT,
  ): Promise<NewsDto[]> {
    const rows = await this.repo.list(
      {
        activeOnly: true,
        category: filterName(categoryName),
        excludeSlug: slugFilter(excludeSlug),
      },
      limit,
    );
    return rows.map((row) => this.toDto(row));
  }

  /** The newest active articles, for 'Read this also'. */
  async latest(limit = READ_ALSO_COUNT, excludeSlug?: string): Promise<NewsDto[]> {
    const rows = await this.repo.list(
      { activeOnly: true, excludeSlug: slugFilter(excludeSlug) },
      limit,
    );
    return rows.map((row) => this.toDto(row));
  }

  protected async page(filter: NewsFilter, page: PageQuery): Promise<NewsPage> {
    const { rows, count } = await this.repo.page(filter, page.limit, (page.page - 1) * page.limit);
    return { data: rows.map((row) => this.toDto(row)), count };
  }

  protected toDto(row: Parameters<typeof toNewsDto>[0]): NewsDto {
    return toNewsDto(row, (key) => this.storage.url(key));
  }
}

export function filterName(value: string | undefined): string | undefined {
  const name = nameFilterValue(value);
  return typeof name === 'string' ? name : undefined;
}

/** A slug to leave out of a list, as articles are looked up by it. */
function slugFilter(value: string | undefined): string | undefined {
  const slug = filterName(value);
  return slug === undefined ? undefined : lookupKey(slug);
}

const slugNotFound = (slug: string) =>
  new DomainError('NOT_FOUND', `No published news article has the address "${slug}"`);
