import type { Kysely } from 'kysely';
import type { Autosave, AutosaveFields } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import type { Clock } from '../domain/clock.ts';
import { sanitizeDescription } from '../domain/rich-text.ts';
import type { RevisionService } from './service.ts';

/**
 * The editor's private copy of an article (decision 108): one per person per article, written
 * every few seconds while they edit, never public and never touching the article itself. It is
 * not in the history list; its owner alone reads it back, and their next save of the article
 * discards it (revisions/record.ts). It goes with the article or the person.
 */
export class Autosaves {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly history: RevisionService,
    private readonly clock: Clock,
  ) {}

  async save(newsId: string, fields: AutosaveFields, actor: Actor): Promise<Autosave> {
    await this.assertMayEdit(newsId, actor);
    const kept: AutosaveFields = {
      ...fields,
      ...(fields.description !== undefined && {
        description: sanitizeDescription(fields.description),
      }),
    };
    const savedAt = this.clock.now().toISOString();
    const json = JSON.stringify(kept);
    await this.db
      .insertInto('news_autosaves')
      .values({ news_id: newsId, staff_id: actor.id, saved_at: savedAt, fields: json })
      .onConflict((oc) =>
        oc.columns(['news_id', 'staff_id']).doUpdateSet({ saved_at: savedAt, fields: json }),
      )
      .execute();
    return { savedAt, fields: kept };
  }

  /** One's own autosave of the article, or null. */
  async read(newsId: string, actor: Actor): Promise<Autosave | null> {
    await this.assertMayEdit(newsId, actor);
    const row = await this.db
      .selectFrom('news_autosaves')
      .select(['saved_at', 'fields'])
      .where('news_id', '=', newsId)
      .where('staff_id', '=', actor.id)
      .executeTakeFirst();
    return row ? { savedAt: row.saved_at, fields: JSON.parse(row.fields) as AutosaveFields } : null;
  }

  async discard(newsId: string, actor: Actor): Promise<void> {
    await this.assertMayEdit(newsId, actor);
    await this.db
      .deleteFrom('news_autosaves')
      .where('news_id', '=', newsId)
      .where('staff_id', '=', actor.id)
      .execute();
  }

  /** Only someone who may edit the article as it stands autosaves it; a deleted one has none. */
  private async assertMayEdit(newsId: string, actor: Actor) {
    await this.history.assertMayEditLive(newsId, actor);
  }
}
