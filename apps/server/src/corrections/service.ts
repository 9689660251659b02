import type { Kysely, Transaction } from 'kysely';
import {
  CORRECTION_MESSAGES,
  CORRECTIONS_PER_ARTICLE,
  type CorrectionAmend,
  type CorrectionInput,
  type CorrectionKind,
  type CorrectionNote,
  publicPaths,
} from '@newsroom/contract';
import { recordAudit } from '../audit/record.ts';
import { publicTags, type Invalidate } from '../cache/tags.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError, validationFailed } from '../domain/errors.ts';
import { stageOf } from '../desk/stages.ts';
import { authorIdsOf } from '../news/access.ts';
import { assertMayCorrect } from './access.ts';
import { CorrectionReads } from './reads.ts';
import { CorrectionRepository, type Writer } from './repo.ts';
import { recordEvent } from '../webhooks/record.ts';

/** How the audit trail names the field a note's write changed. */
const AUDITED_FIELD: Record<CorrectionKind, string> = {
  correction: 'correction',
  update: 'update note',
};

/**
 * Corrections and update notes of published articles (decision 112): added and amended by the
 * staff the role table lets (each write audited in its own transaction, every earlier text kept),
 * never removed; read by the staff with their history and by readers on the article's page,
 * `/corrections` and its feed.
 */
export class CorrectionsService extends CorrectionReads {
  private lastStamp = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly invalidate: Invalidate,
    clock: Clock,
  ) {
    super(db, clock);
  }

  /** A new note on a published article; 409 on any other. */
  async add(newsId: string, input: CorrectionInput, actor: Actor): Promise<CorrectionNote> {
    const id = newId();
    const slug = await this.db.transaction().execute(async (trx) => {
      const article = await this.articleFor(trx, newsId, actor);
      if (!isPublished(article, isoNow(this.clock))) {
        throw new DomainError('CONFLICT', CORRECTION_MESSAGES.notPublished);
      }
      const repo = new CorrectionRepository(trx);
      if ((await repo.countOf(newsId)) >= CORRECTIONS_PER_ARTICLE) {
        throw new DomainError('CONFLICT', CORRECTION_MESSAGES.tooMany);
      }
      const at = this.stamp();
      const by = await writerOf(trx, actor);
      await repo.insert({ id, newsId, ...input, at, by, versionId: newId() });
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'news',
        thingId: newsId,
        title: article.title,
        changes: [{ field: AUDITED_FIELD[input.kind], before: null, after: input.text }],
      });
      await recordCorrected(trx, article, { kind: input.kind, text: input.text }, at);
      return article.slug;
    });
    await this.invalidate(noteTags(slug));
    return this.noteOf(newsId, id);
  }

  /**
   * A new text of a note: the note shows it from now on, its earlier texts stay among its
   * versions and in the audit trail. A note of an article no longer public may still be amended.
   */
  async amend(
    newsId: string,
    noteId: string,
    input: CorrectionAmend,
    actor: Actor,
  ): Promise<CorrectionNote> {
    const slug = await this.db.transaction().execute(async (trx) => {
      const article = await this.articleFor(trx, newsId, actor);
      const repo = new CorrectionRepository(trx);
      const note = await repo.find(newsId, noteId);
      if (!note) throw noteNotFound();
      if (note.text === input.text) {
        throw validationFailed([{ path: 'text', message: CORRECTION_MESSAGES.unchanged }]);
      }
      const at = this.stamp();
      await repo.amend(noteId, input.text, at, await writerOf(trx, actor), newId());
      if (isPublished(article, isoNow(this.clock))) {
        await recordCorrected(trx, article, { kind: note.kind, text: input.text }, at);
      }
      await recordAudit(trx, actor, {
        action: 'update',
        kind: 'news',
        thingId: newsId,
        title: article.title,
        changes: [{ field: AUDITED_FIELD[note.kind], before: note.text, after: input.text }],
      });
      return article.slug;
    });
    await this.invalidate(noteTags(slug));
    return this.noteOf(newsId, noteId);
  }

  /**
   * Every note of an article with all its texts, for the staff. A deleted article's notes stay
   * (decision 112): an admin still reads them; for anyone else the article is not found.
   */
  async staffList(newsId: string, actor: Actor): Promise<CorrectionNote[]> {
    const exists = await this.db
      .selectFrom('news')
      .select('id')
      .where('id', '=', newsId)
      .executeTakeFirst();
    if (exists) return this.repo.staffList(newsId);
    const kept = actor.role === 'admin' ? await this.repo.staffList(newsId) : [];
    if (kept.length === 0) throw articleNotFound();
    return kept;
  }

  /** The article a write of its notes is about, once the actor may make it. */
  private async articleFor(trx: Transaction<Database>, newsId: string, actor: Actor) {
    const article = await trx
      .selectFrom('news')
      .select(['id', 'title', 'slug', 'status', 'draft', 'created_at'])
      .where('id', '=', newsId)
      .executeTakeFirst();
    if (!article) throw articleNotFound();
    const own = (await authorIdsOf(trx, newsId)).includes(actor.id);
    assertMayCorrect(actor, own);
    return article;
  }

  private async noteOf(newsId: string, noteId: string): Promise<CorrectionNote> {
    const note = await this.repo.staffNote(newsId, noteId);
    if (!note) throw noteNotFound();
    return note;
  }

  /** Times strictly increase within the process, so "newest first" is the order of writing. */
  private stamp(): string {
    this.lastStamp = Math.max(this.clock.now().getTime(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }
}

/** `news.corrected` (decision 117), in the transaction of the note's write. */
function recordCorrected(
  trx: Kysely<Database>,
  article: { id: string; slug: string; title: string },
  note: { kind: CorrectionKind; text: string },
  at: string,
) {
  return recordEvent(trx, {
    type: 'news.corrected',
    article: { _id: article.id, slug: article.slug, title: article.title },
    extra: { correction: note },
    feeds: [publicPaths.correctionsFeed()],
    at,
  });
}

/** Public at `now`: active, not a draft, its publication time reached. */
function isPublished(
  article: { status: number; draft: number; created_at: string },
  now: string,
): boolean {
  return article.status === 1 && stageOf({ ...article, stage: null }, now) === 'published';
}

/**
 * What a note's write makes stale: the article's page and API read (its own tag: dropped, so
 * the next reader gets the note) and `/corrections` with its feed and API answer.
 */
const noteTags = (slug: string) => [publicTags.article(slug), publicTags.corrections];

async function writerOf(db: Kysely<Database>, actor: Actor): Promise<Writer> {
  const row = await db
    .selectFrom('admins')
    .select('name')
    .where('id', '=', actor.id)
    .executeTakeFirst();
  return { id: actor.id, name: row?.name ?? '' };
}

const articleNotFound = () => new DomainError('NOT_FOUND', 'News not found');
const noteNotFound = () => new DomainError('NOT_FOUND', 'No such correction or update note');
