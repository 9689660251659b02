import type { Kysely } from 'kysely';
import type { CategoryDto, NameInput } from '@newsroom/contract';
import { NameHistory } from '../addresses/name-history.ts';
import { NamedRepository, toNamedDto, writeUniqueName } from '../db/named-repo.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import type { Actor } from '../domain/actor.ts';
import { nameWrite, recordAudit } from '../audit/record.ts';
import { taxonomyTags, type Invalidate } from '../cache/tags.ts';

/** Categories, each read with its sub-categories. */
export class CategoryService {
  private readonly repo: NamedRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly invalidate: Invalidate,
  ) {
    this.repo = new NamedRepository(db, 'categories');
  }

  /**
   * Every category with its sub-categories, in one statement: one snapshot of the taxonomy (a
   * sub-category moved meanwhile shows under one category, never two or none), and one round
   * trip for every page that shows the navigation.
   */
  async list(): Promise<CategoryDto[]> {
    const rows = await this.db
      .selectFrom('categories as c')
      .leftJoin('subcategories as s', 's.category_id', 'c.id')
      .select([
        'c.id',
        'c.name',
        'c.created_at',
        'c.updated_at',
        's.id as sub_id',
        's.name as sub_name',
      ])
      .orderBy('c.created_at')
      .orderBy('c.id')
      .orderBy('s.created_at')
      .orderBy('s.id')
      .execute();
    const categories = new Map<string, CategoryDto>();
    for (const row of rows) {
      let category = categories.get(row.id);
      if (!category) {
        category = { ...toNamedDto(row), subcategory: [] };
        categories.set(row.id, category);
      }
      if (row.sub_id !== null && row.sub_name !== null) {
        category.subcategory.push({ _id: row.sub_id, name: row.sub_name });
      }
    }
    return [...categories.values()];
  }

  async get(id: string): Promise<CategoryDto> {
    const row = await this.repo.findById(id);
    if (!row) throw categoryNotFound();
    const subs = await this.db
      .selectFrom('subcategories')
      .select(['id', 'name'])
      .where('category_id', '=', id)
      .orderBy('created_at')
      .execute();
    return { ...toNamedDto(row), subcategory: subs.map((s) => ({ _id: s.id, name: s.name })) };
  }

  async create(input: NameInput, actor: Actor): Promise<CategoryDto> {
    const row = await writeUniqueName(this.repo, 'Category', input.name, () =>
      this.db.transaction().execute(async (trx) => {
        await new NameHistory(trx).categoryNamed(input.name);
        const row = await new NamedRepository(trx, 'categories').insert(input.name);
        await recordAudit(trx, actor, nameWrite('create', 'category', row.id, null, row.name));
        return row;
      }),
    );
    await this.invalidate(taxonomyTags.listed);
    return { ...toNamedDto(row), subcategory: [] };
  }

  /** Renames the category; its former URL redirects to the new one (decision 084). */
  async update(id: string, input: NameInput, actor: Actor): Promise<CategoryDto> {
    const before = await this.get(id);
    await writeUniqueName(
      this.repo,
      'Category',
      input.name,
      () =>
        this.db.transaction().execute(async (trx) => {
          const repo = new NamedRepository(trx, 'categories');
          const before = await repo.findById(id);
          if (!before) throw categoryNotFound();
          await new NameHistory(trx).categoryRenamed(id, before.name, input.name);
          await repo.rename(id, input.name);
          await recordAudit(
            trx,
            actor,
            nameWrite('update', 'category', id, before.name, input.name),
          );
        }),
      id,
    );
    await this.invalidate(taxonomyTags.renamed('category', before.name));
    return this.get(id);
  }

  /**
   * Refuses while sub-categories or news still belong to the category (see docs/decisions); its
   * former URLs stop redirecting with it.
   */
  async delete(id: string, actor: Actor): Promise<CategoryDto> {
    const existing = await this.get(id);
    if (existing.subcategory.length > 0) {
      throw new DomainError(
        'IN_USE',
        `Category "${existing.name}" still has ${existing.subcategory.length} sub-categories; delete or move them first`,
      );
    }
    const news = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(news.count) > 0) {
      throw new DomainError(
        'IN_USE',
        `Category "${existing.name}" still has ${news.count} news article(s); move or delete them first`,
      );
    }
    await this.db.transaction().execute(async (trx) => {
      await new NamedRepository(trx, 'categories').delete(id);
      await recordAudit(trx, actor, nameWrite('delete', 'category', id, existing.name, null));
    });
    await this.invalidate(taxonomyTags.removed('category', existing.name));
    return existing;
  }
}

const categoryNotFound = () => new DomainError('NOT_FOUND', 'Category not found');
