import type { Kysely } from 'kysely';
import {
  READ_ALSO_COUNT,
  RELATED_NEWS_COUNT,
  nameFilterValue,
  type AuthorDto,
  type AuthorPage,
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

/** A person's page: who they are, a page of their public articles and how many there are. */
export interface AuthorNewsPage extends AuthorPage {
  count: number;
}

/**
 * The public reads of news articles: what readers see, for the API (NewsService adds the
 * writes) and for page renders, which read with nothing else (pages/render-worker.ts).
 */
export class NewsReads {
  protected readonly repo: NewsRepository;

  constructor(
    private readonly readDb: Kysely<Database>,
    protected readonly storage: MediaStorage,
    protected readonly clock: Clock,
  ) {
    this.repo = new NewsRepository(readDb, clock);
  }

  /**
   * A member of the staff by their slug, as their page shows them, and a page of the public
   * articles they are an author of, newest first (decision 103). Null when no one on the staff
   * has the slug (a removed person's page is gone with them).
   */
  async author(slug: string, page: PageQuery): Promise<AuthorNewsPage | null> {
    const person = await staffBySlug(this.readDb, slug);
    if (!person) return null;
    const { rows, count } = await this.repo.byAuthor(
      person.id,
      page.limit,
      (page.page - 1) * page.limit,
    );
    const author: AuthorDto = {
      name: person.name,
      slug: person.slug,
      bio: person.bio,
      pictureURL: person.picture_key ? this.storage.url(person.picture_key) : null,
      links: linksOf(person.links),
    };
    return { author, news: rows.map((row) => this.toDto(row)), count };
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

/** A member of the staff by their slug (any spelling of its case), or undefined. */
export function staffBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'name', 'slug', 'bio', 'links', 'picture_key'])
    .where('slug', '=', lookupKey(slug))
    .where('verified', '=', 1)
    .executeTakeFirst();
}

/** A person's public links, as stored (a JSON list of URLs). */
export function linksOf(text: string): string[] {
  try {
    const links: unknown = JSON.parse(text);
    return Array.isArray(links) ? links.filter((link) => typeof link === 'string') : [];
  } catch {
    return [];
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
