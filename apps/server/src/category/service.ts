import type { Kysely } from 'kysely';
import type { CategoryDto, NameInput, Ref } from '@newsroom/contract';
import { NameHistory } from '../addresses/name-history.ts';
import { NamedRepository, toNamedDto, writeUniqueName } from '../db/named-repo.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { taxonomyTags, type Invalidate } from '../domain/public-tags.ts';

/** Categories, each read with its sub-categories. */
export class CategoryService {
  private readonly repo: NamedRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly invalidate: Invalidate,
  ) {
    this.repo = new NamedRepository(db, 'categories');
  }

  async list(): Promise<CategoryDto[]> {
    const [categories, subs] = await Promise.all([
      this.repo.findAll(),
      this.db
        .selectFrom('subcategories')
        .select(['id', 'name', 'category_id'])
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    const byCategory = new Map<string, Ref[]>();
    for (const sub of subs) {
      const list = byCategory.get(sub.category_id) ?? [];
      list.push({ _id: sub.id, name: sub.name });
      byCategory.set(sub.category_id, list);
    }
    return categories.map((row) => ({
      ...toNamedDto(row),
      subcategory: byCategory.get(row.id) ?? [],
    }));
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

  async create(input: NameInput): Promise<CategoryDto> {
    const row = await writeUniqueName(this.repo, 'Category', input.name, () =>
      this.db.transaction().execute(async (trx) => {
        await new NameHistory(trx).categoryNamed(input.name);
        return new NamedRepository(trx, 'categories').insert(input.name);
      }),
    );
    await this.invalidate(taxonomyTags.listed);
    return { ...toNamedDto(row), subcategory: [] };
  }

  /** Renames the category; its former URL redirects to the new one (decision 084). */
  async update(id: string, input: NameInput): Promise<CategoryDto> {
    await this.get(id);
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
        }),
      id,
    );
    await this.invalidate(taxonomyTags.renamed);
    return this.get(id);
  }

  /**
   * Refuses while sub-categories or news still belong to the category (see docs/decisions); its
   * former URLs stop redirecting with it.
   */
  async delete(id: string): Promise<CategoryDto> {
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
    await this.repo.delete(id);
    await this.invalidate(taxonomyTags.listed);
    return existing;
  }
}

const categoryNotFound = () => new DomainError('NOT_FOUND', 'Category not found');
