import type { Kysely, Selectable } from 'kysely';
import type { LiveEntry, LiveEntryVersion, LiveKeyEvent } from '@newsroom/contract';
import { htmlToText, truncateChars } from '@newsroom/contract';
import type { Database, LiveEntryTable } from '../db/schema.ts';

export type LiveEntryRow = Selectable<LiveEntryTable>;

/** Who writes an entry or a state of it: their id and their name as it is now. */
export interface Writer {
  id: string | null;
  name: string;
  slug: string | null;
}

/** What an entry holds, as a write gives it. */
export interface EntryState {
  text: string;
  imageKey: string | null;
  alt: string;
  videoURL: string;
  pinned: boolean;
  keyEvent: boolean;
}

/** A key event's line at the top of a live page: its text as plain text, cut to this length. */
const HEADLINE_CHARS = 140;

/** The columns of an entry's rows, but the deleted-at and sequences. */
const ENTRY_COLUMNS = [
  'e.id',
  'e.news_id',
  'e.text',
  'e.image_key',
  'e.alt',
  'e.video_url',
  'e.pinned',
  'e.key_event',
  'e.created_at',
  'e.created_by',
  'e.created_by_name',
  'e.updated_at',
  'e.deleted_at',
  'e.created_seq',
  'e.seq',
] as const;

/** A row with its writer's author-page slug (null once they left the staff). */
export type EntryWithSlug = LiveEntryRow & { created_by_slug: string | null };

/** The entries of live pages and their states, as stored (migrations/live.ts). */
export class LiveRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly imageUrl: (key: string) => string,
  ) {}

  /** The same reads and writes inside a transaction. */
  with(db: Kysely<Database>): LiveRepository {
    return new LiveRepository(db, this.imageUrl);
  }

  private entries() {
    return this.db
      .selectFrom('live_entries as e')
      .leftJoin('admins as a', 'a.id', 'e.created_by')
      .select([...ENTRY_COLUMNS, 'a.slug as created_by_slug']);
  }

  /** One entry (deleted ones too) of one article. */
  find(newsId: string, entryId: string): Promise<EntryWithSlug | undefined> {
    return this.entries()
      .where('e.id', '=', entryId)
      .where('e.news_id', '=', newsId)
      .executeTakeFirst();
  }

  async countOf(newsId: string): Promise<number> {
    const row = await this.db
      .selectFrom('live_entries')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('news_id', '=', newsId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Entries newest first, older than the entry `before` or from the entry `from` on when given
   * (undefined when it is not an entry of this article), `limit` of them.
   */
  async page(
    newsId: string,
    cursor: { before?: string; from?: string },
    limit: number,
  ): Promise<EntryWithSlug[] | undefined> {
    const before = cursor.before ?? cursor.from;
    const inclusive = cursor.before === undefined;
    let query = this.entries()
      .where('e.news_id', '=', newsId)
      .where('e.deleted_at', 'is', null)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit);
    if (before !== undefined) {
      const from = await this.db
        .selectFrom('live_entries')
        .select(['created_at', 'id'])
        .where('id', '=', before)
        .where('news_id', '=', newsId)
        .executeTakeFirst();
      if (!from) return undefined;
      query = query.where((eb) =>
        eb.or([
          eb('e.created_at', '<', from.created_at),
          eb.and([
            eb('e.created_at', '=', from.created_at),
            eb('e.id', inclusive ? '<=' : '<', from.id),
          ]),
        ]),
      );
    }
    return query.execute();
  }

  /** The pinned entries, newest first. */
  pinned(newsId: string): Promise<EntryWithSlug[]> {
    return this.entries()
      .where('e.news_id', '=', newsId)
      .where('e.pinned', '=', 1)
      .where('e.deleted_at', 'is', null)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
  }

  /** The key events, newest first, as lines linking to their entries. */
  async keyEvents(newsId: string): Promise<LiveKeyEvent[]> {
    const rows = await this.db
      .selectFrom('live_entries')
      .select(['id', 'created_at', 'text'])
      .where('news_id', '=', newsId)
      .where('key_event', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      createdAt: row.created_at,
      headline: truncateChars(htmlToText(row.text), HEADLINE_CHARS),
    }));
  }

  /** The time of the first entry, or null. */
  async firstAt(newsId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('live_entries')
      .select('created_at')
      .where('news_id', '=', newsId)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /** The entries changed after change `seq` (deleted ones too), in the order of their changes. */
  changedSince(newsId: string, seq: number): Promise<EntryWithSlug[]> {
    return this.entries()
      .where('e.news_id', '=', newsId)
      .where('e.seq', '>', seq)
      .orderBy('e.seq')
      .execute();
  }

  async insert(entry: {
    id: string;
    newsId: string;
    state: EntryState;
    at: string;
    by: Writer;
    seq: number;
    versionId: string;
  }): Promise<void> {
    const { state } = entry;
    await this.db
      .insertInto('live_entries')
      .values({
        id: entry.id,
        news_id: entry.newsId,
        text: state.text,
        image_key: state.imageKey,
        alt: state.alt,
        video_url: state.videoURL,
        pinned: state.pinned ? 1 : 0,
        key_event: state.keyEvent ? 1 : 0,
        created_at: entry.at,
        created_by: entry.by.id,
        created_by_name: entry.by.name,
        updated_at: entry.at,
        deleted_at: null,
        created_seq: entry.seq,
        seq: entry.seq,
      })
      .execute();
    await this.addVersion(entry.versionId, entry.id, state, entry.at, entry.by);
  }

  /** A new state of an entry: shown from now on, the earlier ones kept among its versions. */
  async update(
    entryId: string,
    state: EntryState,
    at: string,
    by: Writer,
    seq: number,
    versionId: string,
  ): Promise<void> {
    await this.db
      .updateTable('live_entries')
      .set({
        text: state.text,
        image_key: state.imageKey,
        alt: state.alt,
        video_url: state.videoURL,
        pinned: state.pinned ? 1 : 0,
        key_event: state.keyEvent ? 1 : 0,
        updated_at: at,
        seq,
      })
      .where('id', '=', entryId)
      .execute();
    await this.addVersion(versionId, entryId, state, at, by);
  }

  /** Deletes an entry: it stays as a tombstone, for readers who reconnect and for the record. */
  async remove(entryId: string, at: string, seq: number): Promise<void> {
    await this.db
      .updateTable('live_entries')
      .set({ deleted_at: at, updated_at: at, seq })
      .where('id', '=', entryId)
      .execute();
  }

  private async addVersion(id: string, entryId: string, state: EntryState, at: string, by: Writer) {
    await this.db
      .insertInto('live_entry_versions')
      .values({
        id,
        entry_id: entryId,
        text: state.text,
        image_key: state.imageKey,
        alt: state.alt,
        video_url: state.videoURL,
        pinned: state.pinned ? 1 : 0,
        key_event: state.keyEvent ? 1 : 0,
        at,
        by_id: by.id,
        by_name: by.name,
      })
      .execute();
  }

  /** Every state an entry has had, oldest first. */
  async versions(entryId: string): Promise<LiveEntryVersion[]> {
    const rows = await this.db
      .selectFrom('live_entry_versions as v')
      .leftJoin('admins as a', 'a.id', 'v.by_id')
      .selectAll('v')
      .select('a.slug as by_slug')
      .where('v.entry_id', '=', entryId)
      .orderBy('v.at')
      .orderBy('v.id')
      .execute();
    return rows.map((row) => ({
      text: row.text,
      pinned: Number(row.pinned) === 1,
      keyEvent: Number(row.key_event) === 1,
      imageURL: row.image_key ? this.imageUrl(row.image_key) : null,
      alt: row.alt,
      videoURL: row.video_url,
      at: row.at,
      by: { _id: row.by_id, name: row.by_name, slug: row.by_slug ?? null },
    }));
  }

  /** The read shape of an entry. */
  toEntry(row: EntryWithSlug): LiveEntry {
    return {
      _id: row.id,
      text: row.text,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      by: { _id: row.created_by, name: row.created_by_name, slug: row.created_by_slug ?? null },
      pinned: Number(row.pinned) === 1,
      keyEvent: Number(row.key_event) === 1,
      imageURL: row.image_key ? this.imageUrl(row.image_key) : null,
      alt: row.alt,
      videoURL: row.video_url,
    };
  }
}

/** An entry's state as stored. */
export function stateOf(row: LiveEntryRow): EntryState {
  return {
    text: row.text,
    imageKey: row.image_key,
    alt: row.alt,
    videoURL: row.video_url,
    pinned: Number(row.pinned) === 1,
    keyEvent: Number(row.key_event) === 1,
  };
}
