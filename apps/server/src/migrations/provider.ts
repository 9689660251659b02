import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { addressHistoryMigration } from './address-history.ts';
import { correctionsMigration } from './corrections.ts';
import { auditMigration } from './audit.ts';
import { newsFigures } from './news-figures.ts';
import { pendingImageMigration } from './pending-image.ts';
import { publicationMigration } from './publication.ts';
import { searchMigration } from './search.ts';
import { invitationsMigration } from './invitations.ts';
import { staffMigration } from './staff.ts';
import { deskMigration } from './desk.ts';
import { profilesMigration } from './profiles.ts';
import { previewsMigration } from './previews.ts';
import { analyticsMigration } from './analytics.ts';
import { twoFactorMigration } from './two-factor.ts';
import { revisionsMigration } from './revisions.ts';
import { liveMigration } from './live.ts';
import { webhooksMigration } from './webhooks.ts';
import { figureTriggerPlansMigration } from './figure-trigger-plans.ts';
import { bylineTimesMigration } from './byline-times.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

async function createNamedTable(db: AnyDb, table: string) {
  await db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex(`${table}_name_lower_uq`)
    .on(table)
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}

const initial: Migration = {
  async up(db: AnyDb) {
    await createNamedTable(db, 'categories');
    await createNamedTable(db, 'anchors');
    await createNamedTable(db, 'publishers');

    await db.schema
      .createTable('subcategories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index subcategories_category_name_uq on subcategories (category_id, lower(name))`.execute(
      db,
    );
    // The public list filters sub-categories by name alone (names repeat across categories).
    await sql`create index subcategories_name_lower_idx on subcategories (lower(name))`.execute(db);
    await db.schema
      .createIndex('subcategories_created_idx')
      .on('subcategories')
      .columns(['created_at desc', 'id desc'])
      .execute();

    await db.schema
      .createTable('news')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('meta_description', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
      .addColumn('sub_category_id', 'text', (c) => c.references('subcategories.id'))
      .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id'))
      .addColumn('anchor_id', 'text', (c) => c.references('anchors.id'))
      .addColumn('image_key', 'text')
      .addColumn('alt', 'text', (c) => c.notNull())
      .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    const newsIndexes: [string, string[]][] = [
      // Public list, newest first, and each of its filters.
      ['news_status_created_idx', ['status', 'created_at desc', 'id desc']],
      ['news_category_created_idx', ['category_id', 'status', 'created_at desc']],
      ['news_subcategory_created_idx', ['sub_category_id', 'status', 'created_at desc']],
      ['news_publisher_created_idx', ['publisher_id', 'status', 'created_at desc']],
      ['news_anchor_created_idx', ['anchor_id', 'status', 'created_at desc']],
      // Admin table, newest first.
      ['news_created_idx', ['created_at desc', 'id desc']],
      // Popular news.
      ['news_views_idx', ['views desc', 'updated_at desc']],
    ];
    for (const [name, columns] of newsIndexes) {
      await db.schema.createIndex(name).on('news').columns(columns).execute();
    }

    await db.schema
      .createTable('contacts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('contacts_created_idx')
      .on('contacts')
      .columns(['created_at desc', 'id desc'])
      .execute();

    await db.schema
      .createTable('admins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('otps')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('refresh_tokens_family_idx')
      .on('refresh_tokens')
      .column('family_id')
      .execute();
  },
};

/**
 * One row per sign-in (its id is the refresh-token family and the `sid` of its access tokens), so
 * an ended session refuses its access tokens at once. Families that exist already become sessions,
 * so signed-in admins can still refresh after the upgrade.
 */
const sessions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema.createIndex('sessions_admin_idx').on('sessions').column('admin_id').execute();
    await sql`insert into sessions (id, admin_id, created_at, revoked_at)
      select family_id, min(admin_id), min(created_at), max(revoked_at)
      from refresh_tokens group by family_id`.execute(db);
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return {
      '0001_initial': initial,
      '0002_sessions': sessions,
      '0003_news_figures': newsFigures,
      '0004_search': searchMigration,
      '0006_address_history': addressHistoryMigration,
      '0007_publication': publicationMigration,
      '0008_pending_images': pendingImageMigration,
      '0009_staff': staffMigration,
      '0010_invitations': invitationsMigration,
      '0011_two_factor': twoFactorMigration,
      '0012_audit': auditMigration,
      '0013_profiles': profilesMigration,
      '0014_desk': deskMigration,
      '0015_revisions': revisionsMigration,
      '0017_corrections': correctionsMigration,
      '0018_previews': previewsMigration,
      '0019_live': liveMigration,
      '0021_analytics': analyticsMigration,
      '0020_webhooks': webhooksMigration,
      '0022_figure_trigger_plans': figureTriggerPlansMigration,
      '0023_byline_times': bylineTimesMigration,
    };
  },
};
