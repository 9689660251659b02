import type { Kysely, Selectable } from 'kysely';
import { tagsForRead, type AdminNewsRow, type NewsDto, type Ref } from '@newsroom/contract';
import { lowerEquals } from '../db/database.ts';
import type { Database, NewsTable } from '../db/schema.ts';

/** Which news a query reads; names are matched case-insensitively. */
export interface NewsFilter {
  activeOnly?: boolean;
  category?: string;
  subcategory?: string;
  publisher?: string;
  anchor?: string;
  excludeSlug?: string;
}

export type NewsRow = Selectable<NewsTable>;

export interface NewsRowWithNames extends NewsRow {
  category_name: string | null;
  subcategory_name: string | null;
  publisher_name: string | null;
  anchor_name: string | null;
}

/** The queries behind news reads: one joined query per page, never one query per row. */
export class NewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** News rows with the names of everything they refer to. */
  private withNames() {
    return this.db
      .selectFrom('news as n')
      .leftJoin('categories as c', 'c.id', 'n.category_id')
      .leftJoin('subcategories as s', 's.id', 'n.sub_category_id')
      .leftJoin('publishers as p', 'p.id', 'n.publisher_id')
      .leftJoin('anchors as a', 'a.id', 'n.anchor_id')
      .selectAll('n')
      .select([
        'c.name as category_name',
        's.name as subcategory_name',
        'p.name as publisher_name',
        'a.name as anchor_name',
      ]);
  }

  /** Matching news (aliased `m`, apart from the outer `n`); a name filter is an indexed lookup. */
  private matching(filter: NewsFilter) {
    let query = this.db.selectFrom('news as m');
    if (filter.activeOnly) query = query.where('m.status', '=', 1);
    if (filter.category) {
      const ids = this.db.selectFrom('categories').select('id');
      query = query.where('m.category_id', 'in', ids.where(lowerEquals('name', filter.category)));
    }
    if (filter.subcategory) {
      const ids = this.db.selectFrom('subcategories').select('id');
      query = query.where(
        'm.sub_category_id',
        'in',
        ids.where(lowerEquals('name', filter.subcategory)),
      );
    }
    if (filter.publisher) {
      const ids = this.db.selectFrom('publishers').select('id');
      query = query.where('m.publisher_id', 'in', ids.where(lowerEquals('name', filter.publisher)));
    }
    if (filter.anchor) {
      const ids = this.db.selectFrom('anchors').select('id');
      query = query.where('m.anchor_id', 'in', ids.where(lowerEquals('name', filter.anchor)));
    }
    if (filter.excludeSlug) query = query.where('m.slug', '!=', filter.excludeSlug);
    return query;
  }

  /** Matching news, newest first, from `offset`. */
  async list(filter: NewsFilter, limit: number, offset = 0): Promise<NewsRowWithNames[]> {
    const page = this.matching(filter)
      .select('m.id')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset(offset);
    return this.withNames()
      .where('n.id', 'in', page)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .execute();
  }

  async count(filter: NewsFilter): Promise<number> {
    const row = await this.matching(filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  findById(id: string): Promise<NewsRowWithNames | undefined> {
    return this.withNames().where('n.id', '=', id).executeTakeFirst();
  }

  /** The rows of these ids, in no particular order; ids that vanished are left out. */
  async findByIds(ids: string[]): Promise<NewsRowWithNames[]> {
    if (ids.length === 0) return [];
    return this.withNames().where('n.id', 'in', ids).execute();
  }

  findBySlug(slug: string, activeOnly: boolean): Promise<NewsRowWithNames | undefined> {
    let query = this.withNames().where('n.slug', '=', slug);
    if (activeOnly) query = query.where('n.status', '=', 1);
    return query.executeTakeFirst();
  }

  /** Adds one view to an active article; false when there is none with that slug. */
  async addView(slug: string): Promise<boolean> {
    const result = await this.db
      .updateTable('news')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('slug', '=', slug)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

const ref = (id: string | null, name: string | null): Ref | null =>
  id !== null && name !== null ? { _id: id, name } : null;

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The read shape of a news article; `imageUrl` turns a stored key into its public URL. */
export function toNewsDto(row: NewsRowWithNames, imageUrl: (key: string) => string): NewsDto {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    metaDescription: row.meta_description,
    description: row.description,
    tags: tagsForRead(parseTags(row.tags)),
    categoryId: row.category_id,
    subCategoryId: row.sub_category_id,
    publisherId: row.publisher_id,
    anchorId: row.anchor_id,
    category: ref(row.category_id, row.category_name),
    subcategory: ref(row.sub_category_id, row.subcategory_name),
    publisher: ref(row.publisher_id, row.publisher_name),
    anchor: ref(row.anchor_id, row.anchor_name),
    Image: row.image_key ? { ImageURL: imageUrl(row.image_key) } : null,
    alt: row.alt,
    videoURL: row.video_url,
    status: Number(row.status) === 1,
    views: Number(row.views),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The admin table's row of an article: the names as text, the ids beside them. */
export function toAdminNewsRow(news: NewsDto): AdminNewsRow {
  return {
    ...news,
    category: news.category?.name ?? '',
    subcategory: news.subcategory?.name ?? '',
    publisher: news.publisher?.name ?? '',
    anchor: news.anchor?.name ?? '',
  };
}
