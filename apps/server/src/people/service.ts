import type { Kysely } from 'kysely';
import type { NameInput, PersonDto } from '@newsroom/contract';
import { NamedRepository, toNamedDto, writeUniqueName } from '../db/named-repo.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import type { Actor } from '../domain/actor.ts';
import { nameWrite, recordAudit } from '../audit/record.ts';
import { taxonomyTags, type Invalidate } from '../cache/tags.ts';

export interface PersonKind {
  table: 'anchors' | 'publishers';
  /** The news column that refers to this kind. */
  newsColumn: 'anchor_id' | 'publisher_id';
  label: 'Anchor' | 'Publisher';
  /** The kind of its audit entries. */
  audit: 'anchor' | 'publisher';
  /** The list filter that names it (`/u/get?anchor=`, `?publisher=`). */
  filter: 'anchor' | 'publisher';
}

export const ANCHOR: PersonKind = {
  table: 'anchors',
  newsColumn: 'anchor_id',
  label: 'Anchor',
  audit: 'anchor',
  filter: 'anchor',
};
export const PUBLISHER: PersonKind = {
  table: 'publishers',
  newsColumn: 'publisher_id',
  label: 'Publisher',
  audit: 'publisher',
  filter: 'publisher',
};

/** Anchors (presenters) and publishers: a unique name each, referred to by news. */
export class PersonService {
  private readonly repo: NamedRepository;

  constructor(
    private readonly db: Kysely<Database>,
    readonly kind: PersonKind,
    private readonly invalidate: Invalidate,
  ) {
    this.repo = new NamedRepository(db, kind.table);
  }

  async list(): Promise<PersonDto[]> {
    return (await this.repo.findAll()).map(toNamedDto);
  }

  async get(id: string): Promise<PersonDto> {
    const row = await this.repo.findById(id);
    if (!row) throw new DomainError('NOT_FOUND', `${this.kind.label} not found`);
    return toNamedDto(row);
  }

  async create(input: NameInput, actor: Actor): Promise<PersonDto> {
    const row = await writeUniqueName(this.repo, this.kind.label, input.name, () =>
      this.db.transaction().execute(async (trx) => {
        const row = await new NamedRepository(trx, this.kind.table).insert(input.name);
        await recordAudit(trx, actor, nameWrite('create', this.kind.audit, row.id, null, row.name));
        return row;
      }),
    );
    // Nothing public names a publisher or anchor before an article does.
    await this.invalidate(taxonomyTags.unlisted);
    return toNamedDto(row);
  }

  async update(id: string, input: NameInput, actor: Actor): Promise<PersonDto> {
    const before = await this.get(id);
    await writeUniqueName(
      this.repo,
      this.kind.label,
      input.name,
      () =>
        this.db.transaction().execute(async (trx) => {
          const repo = new NamedRepository(trx, this.kind.table);
          const current = await repo.findById(id);
          if (!current) throw new DomainError('NOT_FOUND', `${this.kind.label} not found`);
          await repo.rename(id, input.name);
          const fact = nameWrite('update', this.kind.audit, id, current.name, input.name);
          await recordAudit(trx, actor, fact);
        }),
      id,
    );
    // Articles show their publisher's and anchor's names: a rename shows on all of them.
    await this.invalidate(taxonomyTags.renamed(this.kind.filter, before.name));
    return this.get(id);
  }

  async delete(id: string, actor: Actor): Promise<PersonDto> {
    const existing = await this.get(id);
    const used = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(this.kind.newsColumn, '=', id)
      .executeTakeFirstOrThrow();
    if (Number(used.count) > 0) {
      throw new DomainError(
        'IN_USE',
        `${this.kind.label} "${existing.name}" is used by ${used.count} news article(s); reassign or delete them first`,
      );
    }
    await this.db.transaction().execute(async (trx) => {
      await new NamedRepository(trx, this.kind.table).delete(id);
      await recordAudit(trx, actor, nameWrite('delete', this.kind.audit, id, existing.name, null));
    });
    await this.invalidate(taxonomyTags.unlisted);
    return existing;
  }

  count(): Promise<number> {
    return this.repo.count();
  }
}
