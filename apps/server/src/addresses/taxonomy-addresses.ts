import type { Kysely } from 'kysely';
import { isPathSegmentOf, publicPaths, toPathSegment } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';

/** A category or sub-category a path segment leads to, and whether by a former name. */
interface Found {
  category: string;
  subcategory?: string;
  moved: boolean;
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Former category and sub-category names (decision 084): `/{old-category}/…` leads to the
 * category's current path, and `/{category}/{old-sub-category}/…` (under the category's current
 * or former name) to the sub-category's, wherever it is filed now, in one step.
 */
export class TaxonomyAddresses {
  constructor(private readonly db: Kysely<Database>) {}

  async movedPath(pathname: string): Promise<string | null> {
    const raw = pathname.split('/').slice(1);
    const first = decoded(raw[0] ?? '');
    if (!first) return null;
    const category = await this.category(first);
    if (!category) return null;
    let found: Found = { category: category.name, moved: category.moved };
    let rest = raw.slice(1);
    const second = raw[1] === undefined ? null : decoded(raw[1]);
    if (second) {
      const sub = await this.subcategory(category.id, second);
      if (sub) {
        found = { ...sub, moved: found.moved || sub.moved };
        rest = raw.slice(2);
      }
    }
    if (!found.moved) return null;
    return [publicPaths.category(found.category, found.subcategory), ...rest].join('/');
  }

  /** The category a segment names: by a former name (one key probe), else by its current name. */
  private async category(segment: string) {
    const former = await this.db
      .selectFrom('category_name_history as h')
      .innerJoin('categories as c', 'c.id', 'h.category_id')
      .select(['c.id', 'c.name'])
      .where('h.segment', '=', toPathSegment(segment))
      .executeTakeFirst();
    if (former) return { ...former, moved: true };
    // Categories are few; the current names are matched as the reader site matches them.
    const live = await this.db.selectFrom('categories').select(['id', 'name']).execute();
    const current = live.find((row) => isPathSegmentOf(segment, row.name));
    return current ? { ...current, moved: false } : null;
  }

  /** The sub-category a segment names under a category: by a former place, else by name. */
  private async subcategory(categoryId: string, segment: string): Promise<Found | null> {
    const former = await this.db
      .selectFrom('subcategory_name_history as h')
      .innerJoin('subcategories as s', 's.id', 'h.subcategory_id')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.name as subcategory', 'c.name as category'])
      .where('h.category_id', '=', categoryId)
      .where('h.segment', '=', toPathSegment(segment))
      .executeTakeFirst();
    if (former) return { ...former, moved: true };
    const live = await this.db
      .selectFrom('subcategories as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.name as subcategory', 'c.name as category'])
      .where('s.category_id', '=', categoryId)
      .execute();
    const current = live.find((row) => isPathSegmentOf(segment, row.subcategory));
    return current ? { ...current, moved: false } : null;
  }
}
