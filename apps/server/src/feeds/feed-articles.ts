import type { Kysely } from 'kysely';
import { resolveSection, type NewsDto, type Section } from '@newsroom/contract';
import type { CategoryService } from '../category/service.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { MediaSizes } from '../storage/media-sizes.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { imageContentType } from '../media/image.ts';
import { NewsRepository, toNewsDto, type NewsRowWithNames } from '../news/repo.ts';
import { staffBySlug } from '../news/reads.ts';

/** An article's picture as a feed encloses it: where it is, its real byte size and type. */
export interface FeedImage {
  url: string;
  bytes: number;
  type: string;
}

export interface FeedArticle {
  news: NewsDto;
  image: FeedImage | null;
}

/**
 * What the RSS feeds read: the section a feed's address names, and the newest public articles of
 * the site or of a section, each picture with the byte size read from the media store.
 */
export class FeedArticles {
  private readonly repo: NewsRepository;
  private readonly sizes: MediaSizes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: MediaStorage,
    private readonly categories: CategoryService,
    clock: Clock,
  ) {
    this.repo = new NewsRepository(db, clock);
    this.sizes = new MediaSizes(storage);
  }

  /** The section named by a feed's path segments, or null when there is none (a 404). */
  async section(categorySegment: string, subcategorySegment?: string): Promise<Section | null> {
    return resolveSection(await this.categories.list(), categorySegment, subcategorySegment);
  }

  /** The newest public articles of the site (no section) or of a section, newest first. */
  async latest(section: Section | null, limit: number): Promise<FeedArticle[]> {
    const rows = await this.repo.list(
      { activeOnly: true, category: section?.category, subcategory: section?.subcategory },
      limit,
    );
    return this.withImages(rows);
  }

  /**
   * A person's newest public articles (decision 103), and their name and slug; null when no one
   * on the staff has the slug.
   */
  async byAuthor(
    slug: string,
    limit: number,
  ): Promise<{ author: { name: string; slug: string }; articles: FeedArticle[] } | null> {
    const person = await staffBySlug(this.db, slug);
    if (!person) return null;
    const { rows } = await this.repo.byAuthor(person.id, limit, 0);
    return {
      author: { name: person.name, slug: person.slug },
      articles: await this.withImages(rows),
    };
  }

  private withImages(rows: NewsRowWithNames[]): Promise<FeedArticle[]> {
    return Promise.all(
      rows.map(async (row) => ({
        news: toNewsDto(row, (key) => this.storage.url(key)),
        image: row.image_key ? await this.image(row.image_key) : null,
      })),
    );
  }

  /** A picture missing from the store (removed by hand) is left out rather than misdescribed. */
  private async image(key: string): Promise<FeedImage | null> {
    const [bytes, type] = [await this.sizes.of(key), imageContentType(key)];
    return bytes === null || type === null ? null : { url: this.storage.url(key), bytes, type };
  }
}
