import { toPathSegment } from '@newsroom/contract';
import type { Kysely } from 'kysely';
import { now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/** Where a sub-category shows: under which category, by which name. */
export interface SubCategoryPlace {
  categoryId: string;
  name: string;
}

/**
 * What a category or sub-category write does to the history of their path segments (decision
 * 084), run inside that write's transaction. A former segment points at the record by id, so it
 * always leads to the current name (no chains); a segment a live record takes stops redirecting.
 * Deleting a record removes its history by the tables' cascades.
 */
export class NameHistory {
  constructor(private readonly db: Kysely<Database>) {}

  /** A category is now called `name`: the live category wins over a former name's redirect. */
  async categoryNamed(name: string): Promise<void> {
    await this.db
      .deleteFrom('category_name_history')
      .where('segment', '=', toPathSegment(name))
      .execute();
  }

  /** The category was renamed: its former segment leads to it. */
  async categoryRenamed(categoryId: string, from: string, to: string): Promise<void> {
    const segment = toPathSegment(from);
    if (segment === toPathSegment(to)) return;
    await this.categoryNamed(to);
    if (!segment) return; // a name without letters or digits never had a path of its own
    const created_at = now();
    await this.db
      .insertInto('category_name_history')
      .values({ segment, category_id: categoryId, created_at })
      .onConflict((conflict) =>
        conflict.column('segment').doUpdateSet({ category_id: categoryId, created_at }),
      )
      .execute();
  }

  /** A sub-category now shows at `place`: the live one wins over a former one's redirect there. */
  async subCategoryNamed(place: SubCategoryPlace): Promise<void> {
    await this.db
      .deleteFrom('subcategory_name_history')
      .where('category_id', '=', place.categoryId)
      .where('segment', '=', toPathSegment(place.name))
      .execute();
  }

  /** The sub-category was renamed or moved to another category: its former path leads to it. */
  async subCategoryMoved(
    subCategoryId: string,
    from: SubCategoryPlace,
    to: SubCategoryPlace,
  ): Promise<void> {
    const segment = toPathSegment(from.name);
    if (from.categoryId === to.categoryId && segment === toPathSegment(to.name)) return;
    await this.subCategoryNamed(to);
    if (!segment) return;
    const created_at = now();
    await this.db
      .insertInto('subcategory_name_history')
      .values({ category_id: from.categoryId, segment, subcategory_id: subCategoryId, created_at })
      .onConflict((conflict) =>
        conflict
          .columns(['category_id', 'segment'])
          .doUpdateSet({ subcategory_id: subCategoryId, created_at }),
      )
      .execute();
  }
}
