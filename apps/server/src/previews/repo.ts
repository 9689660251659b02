import type { Kysely, Selectable } from 'kysely';
import type { Database, NewsPreviewTable } from '../db/schema.ts';

export type PreviewRecord = Selectable<NewsPreviewTable>;

/** A preview link as the staff list shows it, with the name of whoever made it. */
export interface PreviewListed extends PreviewRecord {
  by_name: string | null;
}

/** The queries behind preview links (decision 113). */
export class PreviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: PreviewRecord): Promise<void> {
    await this.db.insertInto('news_previews').values(row).execute();
  }

  /** The link whose token hashes to `tokenHash`, revoked or expired too. */
  byTokenHash(tokenHash: string): Promise<PreviewRecord | undefined> {
    return this.db
      .selectFrom('news_previews')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** One link of one article. */
  one(newsId: string, previewId: string): Promise<PreviewListed | undefined> {
    return this.listed()
      .where('p.news_id', '=', newsId)
      .where('p.id', '=', previewId)
      .executeTakeFirst();
  }

  /** The article's links neither revoked nor expired at `now`, soonest to expire first. */
  live(newsId: string, now: string): Promise<PreviewListed[]> {
    return this.listed()
      .where('p.news_id', '=', newsId)
      .where('p.expires_at', '>', now)
      .where('p.revoked_at', 'is', null)
      .orderBy('p.expires_at')
      .orderBy('p.id')
      .execute();
  }

  /** Revokes the link at `now` unless it already was; whether this call revoked it. */
  async revoke(previewId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('news_previews')
      .set({ revoked_at: now })
      .where('id', '=', previewId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private listed() {
    return this.db
      .selectFrom('news_previews as p')
      .leftJoin('admins as a', 'a.id', 'p.created_by')
      .selectAll('p')
      .select('a.name as by_name');
  }
}
