import type { Kysely, Selectable } from 'kysely';
import type {
  CorrectionKind,
  CorrectionListItem,
  CorrectionNote,
  PublicCorrection,
} from '@newsroom/contract';
import type { Database, NewsCorrectionTable } from '../db/schema.ts';
import { isPublicNews } from '../db/news-visibility.ts';

export type CorrectionRow = Selectable<NewsCorrectionTable>;

/** Who writes a note or a text of it: their id and their name as it is now. */
export interface Writer {
  id: string | null;
  name: string;
}

/** The notes and their texts, as stored (migrations/corrections.ts). */
export class CorrectionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One note of one article, or undefined. */
  find(newsId: string, noteId: string): Promise<CorrectionRow | undefined> {
    return this.db
      .selectFrom('news_corrections')
      .selectAll()
      .where('id', '=', noteId)
      .where('news_id', '=', newsId)
      .executeTakeFirst();
  }

  async countOf(newsId: string): Promise<number> {
    const row = await this.db
      .selectFrom('news_corrections')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('news_id', '=', newsId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A new note and its first text. */
  async insert(note: {
    id: string;
    newsId: string;
    kind: CorrectionKind;
    text: string;
    at: string;
    by: Writer;
    versionId: string;
  }): Promise<void> {
    await this.db
      .insertInto('news_corrections')
      .values({
        id: note.id,
        news_id: note.newsId,
        kind: note.kind,
        text: note.text,
        created_at: note.at,
        created_by: note.by.id,
        created_by_name: note.by.name,
        updated_at: note.at,
      })
      .execute();
    await this.addVersion(note.versionId, note.id, note.text, note.at, note.by);
  }

  /** A new text of a note: the note shows it, the earlier ones stay among its versions. */
  async amend(
    noteId: string,
    text: string,
    at: string,
    by: Writer,
    versionId: string,
  ): Promise<void> {
    await this.db
      .updateTable('news_corrections')
      .set({ text, updated_at: at })
      .where('id', '=', noteId)
      .execute();
    await this.addVersion(versionId, noteId, text, at, by);
  }

  private async addVersion(id: string, noteId: string, text: string, at: string, by: Writer) {
    await this.db
      .insertInto('news_correction_versions')
      .values({ id, correction_id: noteId, text, at, by_id: by.id, by_name: by.name })
      .execute();
  }

  /** Every note of an article with every text it has had, newest note first. */
  async staffList(newsId: string): Promise<CorrectionNote[]> {
    const notes = await this.db
      .selectFrom('news_corrections')
      .selectAll()
      .where('news_id', '=', newsId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    if (notes.length === 0) return [];
    const versions = await this.db
      .selectFrom('news_correction_versions')
      .selectAll()
      .where(
        'correction_id',
        'in',
        notes.map((note) => note.id),
      )
      .orderBy('correction_id')
      .orderBy('at')
      .orderBy('id')
      .execute();
    const byNote = new Map<string, CorrectionNote['versions']>(notes.map((n) => [n.id, []]));
    for (const version of versions) {
      byNote.get(version.correction_id)?.push({
        text: version.text,
        at: version.at,
        by: { _id: version.by_id, name: version.by_name },
      });
    }
    return notes.map((note) => toNote(note, byNote.get(note.id) ?? []));
  }

  /** One note with its texts. */
  async staffNote(newsId: string, noteId: string): Promise<CorrectionNote | undefined> {
    return (await this.staffList(newsId)).find((note) => note._id === noteId);
  }

  /** The notes of an article as readers see them, newest first. */
  async publicOf(newsId: string): Promise<PublicCorrection[]> {
    const rows = await this.db
      .selectFrom('news_corrections')
      .select(['kind', 'text', 'created_at'])
      .where('news_id', '=', newsId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ kind: row.kind, text: row.text, createdAt: row.created_at }));
  }

  /** The notes of the articles public at `now`, newest first, and how many there are. */
  async publicPage(
    now: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: CorrectionListItem[]; count: number }> {
    const base = this.db
      .selectFrom('news_corrections as c')
      .innerJoin('news as n', 'n.id', 'c.news_id')
      .where(isPublicNews('n', now));
    const [rows, counted] = await Promise.all([
      base
        .select(['c.id', 'c.kind', 'c.text', 'c.created_at', 'n.title', 'n.slug'])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        _id: row.id,
        kind: row.kind,
        text: row.text,
        createdAt: row.created_at,
        article: { title: row.title, slug: row.slug },
      })),
      count: Number(counted.count),
    };
  }
}

function toNote(row: CorrectionRow, versions: CorrectionNote['versions']): CorrectionNote {
  return {
    _id: row.id,
    kind: row.kind,
    text: row.text,
    createdAt: row.created_at,
    by: { _id: row.created_by, name: row.created_by_name },
    updatedAt: row.updated_at,
    versions,
  };
}
