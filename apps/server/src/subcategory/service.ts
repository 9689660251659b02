import type { Kysely } from 'kysely';
import type { SubCategoryDto, SubCategoryInput, SubCategoryListQuery } from '@newsroom/contract';
import { NameHistory } from '../addresses/name-history.ts';
import { lowerEquals } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { newId, now } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import type { Actor } from '../domain/actor.ts';
import { changesBetween, recordAudit, type AuditedFields } from '../audit/record.ts';
import { taxonomyTags, type Invalidate } from '../cache/tags.ts';

/** Sub-categories: a name unique within its parent category. */
export class SubCategoryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly invalidate: Invalidate,
  ) {}

  private baseQuery() {
    return this.db
      .selectFrom('subcategories as s')
      .leftJoin('categories as c', 'c.id', 's.category_id')
      .select([
        's.id',
        's.name',
        's.category_id',
        's.created_at',
        's.updated_at',
        'c.name as category_name',
      ]);
  }

  /** A page of sub-categories, newest first, or all of them when no page is asked for. */
  async list(query: SubCategoryListQuery): Promise<{ data: SubCategoryDto[]; count: number }> {
    const newestFirst = this.baseQuery().orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
    const { page, limit } = query;
    const [rows, total] = await Promise.all([
      (page === undefined
        ? newestFirst
        : newestFirst.limit(limit).offset((page - 1) * limit)
      ).execute(),
      this.db
        .selectFrom('subcategories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(toDto), count: Number(total.count) };
  }

  async get(id: string): Promise<SubCategoryDto> {
    const row = await this.baseQuery().where('s.id', '=', id).executeTakeFirst();
    if (!row) throw subCategoryNotFound();
    return toDto(row);
  }

  async create(input: SubCategoryInput, actor: Actor): Promise<SubCategoryDto> {
    await this.assertCategoryExists(input.categoryId);
    await this.assertNameFree(input);
    const stamp = now();
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await new NameHistory(trx).subCategoryNamed(input);
        await trx
          .insertInto('subcategories')
          .values({
            id,
            name: input.name,
            category_id: input.categoryId,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        await recordAudit(trx, actor, {
          action: 'create',
          kind: 'subcategory',
          thingId: id,
          title: input.name,
          changes: changesBetween(null, await audited(trx, input)),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(input.name);
      throw error;
    }
    await this.invalidate(taxonomyTags.listed);
    return this.get(id);
  }

  async update(id: string, input: SubCategoryInput, actor: Actor): Promise<SubCategoryDto> {
    const before = await this.get(id);
    await this.assertCategoryExists(input.categoryId);
    await this.assertNameFree(input, id);
    try {
      await this.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('subcategories')
          .select(['name', 'category_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw subCategoryNotFound();
        // Its former path (name, or parent) redirects to the new one (decision 084).
        await new NameHistory(trx).subCategoryMoved(
          id,
          { categoryId: before.category_id, name: before.name },
          input,
        );
        await trx
          .updateTable('subcategories')
          .set({ name: input.name, category_id: input.categoryId, updated_at: now() })
          .where('id', '=', id)
          .execute();
        // News filed under this sub-category follow it to its new parent.
        await trx
          .updateTable('news')
          .set({ category_id: input.categoryId })
          .where('sub_category_id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'update',
          kind: 'subcategory',
          thingId: id,
          title: input.name,
          changes: changesBetween(
            await audited(trx, { name: before.name, categoryId: before.category_id }),
            await audited(trx, input),
          ),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(input.name);
      throw error;
    }
    // A rename shows on every article filed under it; a move changes their category too.
    await this.invalidate(taxonomyTags.renamed('subcategory', before.name));
    return this.get(id);
  }

  /** Refuses while news are filed under the sub-category (see docs/decisions). */
  async delete(id: string, actor: Actor): Promise<SubCategoryDto> {
    const existing = await this.get(id);
    const news = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sub_category_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(news.count) > 0) {
      throw new DomainError(
        'IN_USE',
        `Sub-category "${existing.name}" still has ${news.count} news article(s); move or delete them first`,
      );
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('subcategories').where('id', '=', id).execute();
      await recordAudit(trx, actor, {
        action: 'delete',
        kind: 'subcategory',
        thingId: id,
        title: existing.name,
        changes: changesBetween(
          { name: existing.name, category: existing.category?.name ?? null },
          null,
        ),
      });
    });
    await this.invalidate(taxonomyTags.removed('subcategory', existing.name));
    return existing;
  }

  private async assertCategoryExists(categoryId: string) {
    const category = await this.db
      .selectFrom('categories')
      .select('id')
      .where('id', '=', categoryId)
      .executeTakeFirst();
    if (!category) {
      throw validationFailed([{ path: 'categoryId', message: 'Selected category does not exist' }]);
    }
  }

  private async assertNameFree(input: SubCategoryInput, exceptId?: string) {
    const same = await this.db
      .selectFrom('subcategories')
      .select('id')
      .where('category_id', '=', input.categoryId)
      .where(lowerEquals('name', input.name))
      .executeTakeFirst();
    if (same && same.id !== exceptId) throw duplicate(input.name);
  }
}

/** A sub-category as its audit entries show it: its name and its category's. */
async function audited(db: Kysely<Database>, input: SubCategoryInput): Promise<AuditedFields> {
  const category = await db
    .selectFrom('categories')
    .select('name')
    .where('id', '=', input.categoryId)
    .executeTakeFirst();
  return { name: input.name, category: category?.name ?? null };
}

const subCategoryNotFound = () => new DomainError('NOT_FOUND', 'Sub-category not found');
const duplicate = (name: string) =>
  new DomainError('NAME_TAKEN', `Sub-category "${name}" already exists in this category`);

interface Row {
  id: string;
  name: string;
  category_id: string;
  created_at: string;
  updated_at: string;
  category_name: string | null;
}

function toDto(row: Row): SubCategoryDto {
  return {
    _id: row.id,
    name: row.name,
    categoryId: row.category_id,
    category: row.category_name === null ? null : { _id: row.category_id, name: row.category_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
