import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import {
  LIVE_ENTRIES_PER_ARTICLE,
  LIVE_MESSAGES,
  htmlToText,
  type LiveEntry,
  type LiveEntryHistory,
  type LiveEntryInput,
  type LiveEntryUpdate,
  type LiveCoverage,
  type LivePage,
  type LivePageQuery,
} from '@newsroom/contract';
import { changesBetween, recordAudit, type AuditedFields } from '../audit/record.ts';
import { publicTags, type Invalidate } from '../cache/tags.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { sanitizeDescription } from '../domain/rich-text.ts';
import { checkImage, type CheckedImage, type NewsImage } from '../media/image.ts';
import { isPendingImageKey } from '../media/image-keys.ts';
import type { VariantMaker } from '../media/variant-maker.ts';
import { NewsMedia } from '../media/media.ts';
import { authorIdsOf } from '../news/access.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { recordLiveEntry } from '../webhooks/article-events.ts';
import { assertMayWriteLive } from './access.ts';
import type { LiveChange } from './changes.ts';
import type { LiveFanout, LiveSource } from './fanout.ts';
import { LiveReads, toLiveArticle } from './reads.ts';
import { stateOf, type EntryState, type EntryWithSlug, type Writer } from './repo.ts';

/** The article an entry write is about, as its transaction found it. */
interface WrittenArticle {
  id: string;
  title: string;
  slug: string;
  seq: number;
}

/**
 * Live pages (decision 115): the entries of live articles, added, edited and deleted by the staff
 * the role table lets (each write audited in its own transaction, every earlier state kept), each
 * write a numbered change of its article announced to every instance's readers once committed;
 * coverage ended by the staff; the reads of readers and staff.
 */
export class LiveService extends LiveReads implements LiveSource {
  private lastStamp = 0;
  private readonly media: NewsMedia;
  private fanout: LiveFanout | null = null;

  constructor(
    db: Kysely<Database>,
    private readonly storage: MediaStorage,
    private readonly invalidate: Invalidate,
    clock: Clock,
    /** Makes the variants of entries' pictures after their writes answered (decision 123). */
    private readonly variants: VariantMaker | null = null,
  ) {
    super(db, (key) => storage.url(key), clock);
    this.media = new NewsMedia(storage);
  }

  /** Where committed changes are announced (set once the fan-out exists). */
  announceThrough(fanout: LiveFanout): void {
    this.fanout = fanout;
  }

  /** A new entry on a live page whose coverage goes on. */
  async add(
    newsId: string,
    input: LiveEntryInput,
    image: NewsImage | null,
    actor: Actor,
  ): Promise<LiveEntry> {
    const text = cleanText(input.text);
    const checked = image ? await checkImage(image) : null;
    const id = newId();
    const state: EntryState = {
      text,
      imageKey: null,
      alt: input.alt,
      videoURL: input.videoURL,
      pinned: input.pinned,
      keyEvent: input.keyEvent,
    };
    const article = await this.written(checked, async (trx, imageKey) => {
      const article = await this.articleFor(trx, newsId, actor);
      if ((await this.repo.with(trx).countOf(newsId)) >= LIVE_ENTRIES_PER_ARTICLE) {
        throw new DomainError('CONFLICT', LIVE_MESSAGES.tooMany);
      }
      state.imageKey = imageKey;
      const at = this.stamp();
      await this.repo.with(trx).insert({
        id,
        newsId,
        state,
        at,
        by: await writerOf(trx, actor),
        seq: article.seq,
        versionId: newId(),
      });
      await recordAudit(trx, actor, {
        action: 'create',
        kind: 'live',
        thingId: id,
        title: article.title,
        changes: changesBetween(null, audited(state)),
      });
      await recordLiveEntry(trx, newsId, {
        _id: id,
        text,
        createdAt: at,
        pinned: state.pinned,
        keyEvent: state.keyEvent,
      });
      return article;
    });
    return this.committed(article, id);
  }

  /** A new state of an entry: the fields sent, the others as they were. */
  async edit(
    newsId: string,
    entryId: string,
    input: LiveEntryUpdate,
    image: NewsImage | null,
    actor: Actor,
  ): Promise<LiveEntry> {
    const text = input.text === undefined ? undefined : cleanText(input.text);
    const checked = image ? await checkImage(image) : null;
    if (!checked && Object.values(input).every((value) => value === undefined)) {
      throw validationFailed([{ path: 'text', message: LIVE_MESSAGES.nothing }]);
    }
    const article = await this.written(checked, async (trx, imageKey) => {
      const article = await this.articleFor(trx, newsId, actor);
      const repo = this.repo.with(trx);
      const row = await repo.find(newsId, entryId);
      if (!row || row.deleted_at) throw entryNotFound();
      const before = stateOf(row);
      const after: EntryState = {
        text: text ?? before.text,
        imageKey: imageKey ?? (input.removeImage ? null : before.imageKey),
        alt: input.alt ?? before.alt,
        videoURL: input.videoURL ?? before.videoURL,
        pinned: input.pinned ?? before.pinned,
        keyEvent: input.keyEvent ?? before.keyEvent,
      };
      const changes = changesBetween(audited(before), audited(after));
      if (changes.length === 0) {
        throw validationFailed([{ path: 'text', message: 'The entry already says this' }]);
      }
      await repo.update(
        entryId,
        after,
        this.stamp(),
        await writerOf(trx, actor),
        article.seq,
        newId(),
      );
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'live',
        thingId: entryId,
        title: article.title,
        changes,
      });
      return article;
    });
    // A picture replaced stays stored: the entry's history shows it.
    return this.committed(article, entryId);
  }

  /** Deletes an entry: readers' pages drop it; it stays in its history and the audit trail. */
  async remove(newsId: string, entryId: string, actor: Actor): Promise<LiveEntry> {
    const article = await this.written(null, async (trx) => {
      const article = await this.articleFor(trx, newsId, actor);
      const repo = this.repo.with(trx);
      const row = await repo.find(newsId, entryId);
      if (!row || row.deleted_at) throw entryNotFound();
      await repo.remove(entryId, this.stamp(), article.seq);
      await recordAudit(trx, actor, {
        action: 'delete',
        kind: 'live',
        thingId: entryId,
        title: article.title,
        changes: changesBetween(audited(stateOf(row)), null),
      });
      return article;
    });
    return this.committed(article, entryId);
  }

  /**
   * A page of an article's entries for the staff (any stage: a live page may be prepared before
   * it is published).
   */
  async staffPage(newsId: string, query: LivePageQuery): Promise<LivePage> {
    const row = await this.db
      .selectFrom('news')
      .select(['id', 'slug', 'created_at', 'live_ended_at', 'live_seq', 'live'])
      .where('id', '=', newsId)
      .executeTakeFirst();
    if (!row) throw articleNotFound();
    return this.pageOf(toLiveArticle(row), query);
  }

  /** An entry with every state it has had (deleted ones too), for the staff. */
  async history(newsId: string, entryId: string): Promise<LiveEntryHistory> {
    const row = await this.repo.find(newsId, entryId);
    if (!row) throw entryNotFound();
    return {
      ...this.repo.toEntry(row),
      versions: await this.repo.versions(entryId),
      deletedAt: row.deleted_at,
    };
  }

  /**
   * Ends coverage now (`ended: true`) or resumes it (`false`): the article's `liveEndedAt`, as an
   * update of the article would set it, audited in the same transaction. Ending is one of the
   * page's numbered changes: readers get `ended` and their streams close.
   */
  async setCoverage(newsId: string, ended: boolean, actor: Actor): Promise<LiveCoverage> {
    const now = isoNow(this.clock);
    const result = await this.db.transaction().execute(async (trx) => {
      const own = (await authorIdsOf(trx, newsId)).includes(actor.id);
      // Read through an update that changes nothing: the row stays locked until the end.
      const row = await trx
        .updateTable('news')
        .set({ live_seq: sql<number>`live_seq` })
        .where('id', '=', newsId)
        .returning(['id', 'title', 'slug', 'live', 'live_ended_at', 'created_at', 'live_seq'])
        .executeTakeFirst();
      if (!row) throw articleNotFound();
      assertMayWriteLive(actor, own);
      if (Number(row.live) !== 1) throw new DomainError('CONFLICT', LIVE_MESSAGES.notLive);
      const endedAt = ended ? (row.live_ended_at ?? now) : null;
      if (endedAt === row.live_ended_at) return { row, changed: false };
      const written = await trx
        .updateTable('news')
        .set({
          live_ended_at: endedAt,
          ...(ended && { live_seq: sql<number>`live_seq + 1` }),
        })
        .where('id', '=', newsId)
        .returning(['live_seq'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'news',
        thingId: newsId,
        title: row.title,
        changes: [{ field: 'liveEndedAt', before: row.live_ended_at, after: endedAt }],
      });
      return {
        row: { ...row, live_ended_at: endedAt, live_seq: written.live_seq },
        changed: true,
      };
    });
    const { row } = result;
    if (result.changed) {
      await this.invalidate(liveTags(row.slug));
      if (row.live_ended_at) {
        await this.fanout?.announce({
          article: row.id,
          changes: [{ seq: Number(row.live_seq), createdSeq: 0, endedAt: row.live_ended_at }],
        });
      }
    }
    return (await this.pageOf(toLiveArticle(row), { limit: 1 })).coverage;
  }

  /** Announces the end of coverage of an article saved with its `liveEndedAt` just set. */
  async ended(article: { _id: string; live: boolean; liveEndedAt: string | null }) {
    if (!article.live || !article.liveEndedAt) return;
    const seq = (await this.sequences([article._id])).get(article._id);
    if (seq === undefined) return;
    await this.fanout?.announce({
      article: article._id,
      changes: [{ seq, createdSeq: 0, endedAt: article.liveEndedAt }],
    });
  }

  async changesSince(
    articleId: string,
    seen: number,
  ): Promise<{ changes: LiveChange[]; seq: number }> {
    const article = await this.db
      .selectFrom('news')
      .select(['live_seq', 'live_ended_at'])
      .where('id', '=', articleId)
      .executeTakeFirst();
    if (!article) return { changes: [], seq: seen };
    const rows = await this.repo.changedSince(articleId, seen);
    const changes = rows.map((row) => this.changeOf(row));
    let seq = Math.max(seen, Number(article.live_seq), ...changes.map((change) => change.seq));
    if (article.live_ended_at && Number(article.live_seq) > seen) {
      changes.push({
        seq: Number(article.live_seq),
        createdSeq: 0,
        endedAt: article.live_ended_at,
      });
      seq = Math.max(seq, Number(article.live_seq));
    }
    return { changes, seq };
  }

  async sequences(articleIds: string[]): Promise<Map<string, number>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('news')
      .select(['id', 'live_seq'])
      .where('id', 'in', articleIds)
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.live_seq)]));
  }

  private changeOf(row: EntryWithSlug): LiveChange {
    const change = { seq: Number(row.seq), createdSeq: Number(row.created_seq) };
    return row.deleted_at
      ? { ...change, deletedId: row.id }
      : { ...change, entry: this.repo.toEntry(row) };
  }

  /**
   * The article of an entry write, once the actor may make it and it takes entries, with the
   * sequence number of this change: raised in the article's row, which keeps the writes of one
   * live page in order on every database.
   */
  private async articleFor(
    trx: Transaction<Database>,
    newsId: string,
    actor: Actor,
  ): Promise<WrittenArticle> {
    const own = (await authorIdsOf(trx, newsId)).includes(actor.id);
    const row = await trx
      .updateTable('news')
      .set({ live_seq: sql<number>`live_seq + 1` })
      .where('id', '=', newsId)
      .returning(['id', 'title', 'slug', 'live', 'live_ended_at', 'live_seq'])
      .executeTakeFirst();
    if (!row) throw articleNotFound();
    assertMayWriteLive(actor, own);
    if (Number(row.live) !== 1) throw new DomainError('CONFLICT', LIVE_MESSAGES.notLive);
    if (row.live_ended_at) throw new DomainError('CONFLICT', LIVE_MESSAGES.ended);
    return { id: row.id, title: row.title, slug: row.slug, seq: Number(row.live_seq) };
  }

  /**
   * One entry write: the picture stored first (never while the database is held), then the write
   * in one transaction; if that fails, the stored picture is taken away again.
   */
  private async written<T>(
    image: CheckedImage | null,
    work: (trx: Transaction<Database>, imageKey: string | null) => Promise<T>,
  ): Promise<T> {
    const key = image ? await this.media.storeUpload(image) : null;
    try {
      return await this.db.transaction().execute((trx) => work(trx, key));
    } catch (error) {
      if (key) await this.media.remove(key);
      throw error;
    }
  }

  /**
   * After a write committed: the page's cached copies go, every instance's readers are told, and
   * a picture just uploaded goes to the variant maker (its readers get the upload meanwhile).
   */
  private async committed(article: WrittenArticle, entryId: string): Promise<LiveEntry> {
    const row = await this.repo.find(article.id, entryId);
    if (!row) throw entryNotFound();
    if (row.image_key && isPendingImageKey(row.image_key)) {
      this.variants?.add({ newsId: article.id, key: row.image_key, entryId });
    }
    await this.fanout?.announce({ article: article.id, changes: [this.changeOf(row)] });
    await this.invalidate(liveTags(article.slug));
    return this.repo.toEntry(row);
  }

  /** Times strictly increase within the process, so "newest first" is the order of writing. */
  private stamp(): string {
    this.lastStamp = Math.max(this.clock.now().getTime(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }
}

/**
 * What an entry's write makes stale: the article's page (each of its archive pages) and the
 * answers of `/u/news/{slug}/live`, all carrying the article's own tag, dropped at once so the
 * next reader gets the entry.
 */
export const liveTags = (slug: string) => [publicTags.article(slug)];

/** An entry's text, cleaned as an article's body is; nothing left is refused. */
function cleanText(html: string): string {
  const text = sanitizeDescription(html);
  if (!text || (!htmlToText(text) && !/<(img|iframe)\b/i.test(text))) {
    throw validationFailed([{ path: 'text', message: LIVE_MESSAGES.text }]);
  }
  return text;
}

/** An entry's fields as the audit trail shows them. */
function audited(state: EntryState): AuditedFields {
  return {
    text: htmlToText(state.text),
    image: state.imageKey,
    alt: state.alt || null,
    videoURL: state.videoURL || null,
    pinned: state.pinned ? 'yes' : 'no',
    keyEvent: state.keyEvent ? 'yes' : 'no',
  };
}

async function writerOf(db: Kysely<Database>, actor: Actor): Promise<Writer> {
  const row = await db
    .selectFrom('admins')
    .select(['name', 'slug'])
    .where('id', '=', actor.id)
    .executeTakeFirst();
  return { id: actor.id, name: row?.name ?? '', slug: row?.slug ?? null };
}

const articleNotFound = () => new DomainError('NOT_FOUND', 'News not found');
const entryNotFound = () => new DomainError('NOT_FOUND', 'No such live entry');
