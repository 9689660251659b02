import { sql, type Kysely, type Migration } from 'kysely';
import { toPathSegment } from '@newsroom/contract';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0009_staff (decision 099): accounts become staff with a role, a status and a public slug, and
 * articles get their authors. Every existing account keeps the role it had (admin). Every existing
 * article gets the oldest verified account as its author, so that "own" means something from the
 * first day; editors and admins change authors from then on.
 */
export const staffMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('admins')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .execute();
    await db.schema.alterTable('admins').addColumn('slug', 'text').execute();
    await db.schema
      .alterTable('admins')
      .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('admins')
      .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('admins').addColumn('last_sign_in_at', 'text').execute();

    const people: { id: string; name: string; email: string }[] = await db
      .selectFrom('admins')
      .select(['id', 'name', 'email'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const taken = new Set<string>();
    for (const person of people) {
      const base = toPathSegment(person.name) || toPathSegment(person.email.split('@')[0] ?? '');
      let slug = base || 'staff';
      for (let n = 2; taken.has(slug); n += 1) slug = `${base || 'staff'}-${n}`;
      taken.add(slug);
      await db.updateTable('admins').set({ slug }).where('id', '=', person.id).execute();
    }
    await db.schema.createIndex('admins_slug_uq').on('admins').column('slug').unique().execute();

    await db.schema
      .createTable('news_authors')
      .addColumn('news_id', 'text', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn('staff_id', 'text', (c) => c.notNull().references('admins.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('news_authors_pk', ['news_id', 'staff_id'])
      .execute();
    await db.schema
      .createIndex('news_authors_staff_idx')
      .on('news_authors')
      .columns(['staff_id', 'news_id'])
      .execute();

    const first = await db
      .selectFrom('admins')
      .select('id')
      .where('verified', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (first) {
      await sql`insert into news_authors (news_id, staff_id, position)
        select id, cast(${first.id} as text), 0 from news`.execute(db);
    }
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('news_authors').execute();
    await db.schema.dropIndex('admins_slug_uq').execute();
    for (const column of ['last_sign_in_at', 'links', 'bio', 'slug', 'status']) {
      await db.schema.alterTable('admins').dropColumn(column).execute();
    }
  },
};
