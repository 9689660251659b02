import { sql, type Kysely, type Transaction } from 'kysely';
import {
  type AdminNewsDto,
  type AdminNewsPage,
  type AdminNewsQuery,
  type NewsDto,
  type NewsFields,
} from '@newsroom/contract';
import { SlugHistory } from '../addresses/slug-history.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.ts';
import { newId } from '../db/ids.ts';
import { isoNow, systemClock, type Clock } from '../domain/clock.ts';
import { DomainError } from '../domain/errors.ts';
import { articleTags, savedArticleTags, type Invalidate } from '../cache/tags.ts';
import type { Database } from '../db/schema.ts';
import type { MediaStorage } from '../storage/storage.ts';
import {
  NewsWriteChecks,
  endsCoverage,
  liveColumns,
  newsValues,
  slugTaken,
  type NewsUpdate,
} from './checks.ts';
import { checkImage, type CheckedImage, type NewsImage } from '../media/image.ts';
import { isPendingImageKey } from '../media/image-keys.ts';
import { NewsMedia } from '../media/media.ts';
import { publicationOf } from './publication.ts';
import {
  assertMayChooseAuthors,
  assertMayDelete,
  assertStaffAuthors,
  authorsOf,
  setAuthors,
} from './access.ts';
import { DeskService, stageOf } from '../desk/service.ts';
import { keepRevisionsOfDeleted, recordRevision } from '../revisions/record.ts';
import type { Actor } from '../domain/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { namesKnown, newsChanges } from './audited.ts';
import { recordArticleWrite, stateOf, type ArticlePlace } from '../webhooks/article-events.ts';
import { NewsRepository, toAdminNewsRow, type NewsRowWithNames, type toNewsDto } from './repo.ts';
import { NewsReads } from './reads.ts';
import type { VariantMaker } from '../media/variant-maker.ts';
import type { ViewBuffer } from '../views/view-buffer.ts';

export type { NewsUpdate } from './checks.ts';

export type { NewsPage, PublicNewsFilters } from './reads.ts';

/**
 * News articles: every rule of writing them (validation beyond the schema, media, references,
 * unique slugs, no partial writes) and every read, for the API, seeding and the renderer.
 */
export class NewsService extends NewsReads {
  private readonly media: NewsMedia;
  /** Stages, assignment and versions (decisions 106, 107), checked inside each write. */
  private readonly desk: DeskService;
  private lastStamp = 0;
  private readonly savedListeners: ((article: AdminNewsDto) => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    storage: MediaStorage,
    private readonly views: ViewBuffer,
    private readonly invalidate: Invalidate,
    clock: Clock = systemClock,
    /** Makes the variants of uploads after their write answered; without it they wait for one. */
    private readonly variants?: VariantMaker,
  ) {
    super(db, storage, clock);
    this.media = new NewsMedia(storage);
    this.desk = new DeskService(db, clock);
  }

  /**
   * Creates an article; `actor` (a staff call) must be allowed to leave it where the fields put
   * it (decision 099). Its authors are `authorIds`, by default the actor; only editors and admins
   * name others (decision 103). Without an actor (seeding) and without `authorIds`, it has none.
   */
  async create(fields: NewsFields, image: NewsImage | null, actor?: Actor): Promise<AdminNewsDto> {
    const values = newsValues(fields);
    const now = isoNow(this.clock);
    // The write's own time (never before `now`): where the article stands once written.
    const stamp = this.stamp();
    const publication = publicationOf(this.desk.publicationFields(fields, now), null, stamp, now);
    const authorIds = fields.authorIds ?? (actor ? [actor.id] : []);
    if (actor) assertMayChooseAuthors(actor, authorIds, [actor.id]);
    const checked = image ? await checkImage(image) : null;
    const id = newId();
    let created: NewsRowWithNames | undefined;
    const key = await this.write(checked, values.slug, async (trx, imageKey) => {
      // Desk (decision 106): the stage a new article may start in, its assignee.
      const desk = await this.desk.check(trx, {
        id,
        fields,
        existing: null,
        draft: publication.draft,
        createdAt: publication.created_at,
        at: stamp,
        actor,
        own: true,
      });
      await new NewsWriteChecks(trx).assert(fields, checked, null);
      await assertStaffAuthors(trx, authorIds);
      await new SlugHistory(trx).taken(values.slug);
      const written = { ...values, ...publication, ...desk.columns, image_key: imageKey };
      const live = liveColumns(fields, null, now);
      await trx
        .insertInto('news')
        .values({ ...written, ...live, live_seq: endsCoverage(null, live) ? 1 : 0, id, views: 0 })
        .execute();
      await setAuthors(trx, id, authorIds);
      // The article as written, read back once for all that follows and for the answer.
      const row = await new NewsRepository(trx, this.clock).findById(id);
      if (!row) throw newsNotFound();
      created = row;
      // Webhooks and WebSub (decision 117): what readers were told, in this transaction.
      await recordArticleWrite(trx, null, stateOf(placeOf(row), now), now);
      if (actor) {
        const state = { columns: row, authorIds, at: stamp, names: namesKnown(row) };
        await recordAudit(trx, actor, {
          action: 'create',
          kind: 'news',
          thingId: id,
          title: values.title,
          changes: [...(await newsChanges(trx, null, state)), ...this.desk.noteChanges(fields)],
        });
        const fact = { newsId: id, kind: 'save', stage: desk.to, at: stamp } as const;
        await recordRevision(trx, actor, fact, { row, authorIds });
      }
    });
    this.makeVariants(id, key);
    const news = await this.answer(created);
    await this.invalidate(articleTags(news, this.clock.now()));
    return news;
  }

  /**
   * Updates an article; `actor` (a staff call) must be allowed to, as it stands (decision 099).
   * Its revision is of `kind`: a save, or the restoring of an earlier one (decision 108).
   */
  async update(
    id: string,
    fields: NewsUpdate,
    image: NewsImage | null,
    actor?: Actor,
    kind: 'save' | 'restore' = 'save',
  ): Promise<AdminNewsDto> {
    const values = newsValues(fields);
    const checked = image ? await checkImage(image) : null;
    let replaced: string | null = null;
    // The article as the write found it and as it left it, read inside its transaction.
    let found: NewsRowWithNames | undefined;
    let saved: NewsRowWithNames | undefined;
    const key = await this.write(checked, values.slug, async (trx, imageKey) => {
      const rows = new NewsRepository(trx, this.clock);
      const existing = await rows.findById(id);
      if (!existing) throw newsNotFound();
      found = existing;
      const now = isoNow(this.clock);
      const stamp = this.stamp();
      const seenBefore = stateOf(placeOf(existing), now);
      const publication = publicationOf(
        this.desk.publicationFields(fields, now),
        existing,
        stamp,
        now,
      );
      const authorIds = existing.authors.map((author) => author._id);
      // Desk (decisions 106, 107): the version named, the stage move, the assignee.
      const desk = await this.desk.check(trx, {
        id,
        fields,
        existing,
        draft: publication.draft,
        createdAt: publication.created_at,
        at: stamp,
        actor,
        own: actor !== undefined && authorIds.includes(actor.id),
      });
      if (actor && fields.authorIds) assertMayChooseAuthors(actor, fields.authorIds, authorIds);
      await new NewsWriteChecks(trx).assert(fields, checked, existing);
      // Authors named as they are are not written again.
      const chosen = fields.authorIds;
      const changed =
        chosen !== undefined &&
        (chosen.length !== authorIds.length ||
          chosen.some((staffId, i) => staffId !== authorIds[i]));
      if (changed) {
        await assertStaffAuthors(trx, chosen);
        await setAuthors(trx, id, chosen);
      }
      await new SlugHistory(trx).moved(id, existing.slug, values.slug);
      // Live coverage (decision 115): its end is one of the live page's numbered changes.
      const live = liveColumns(fields, existing, now);
      const ends = endsCoverage(existing, live);
      const keep = checked === null && !fields.removeImage;
      // The row is written only if its picture is still the one read: the variant maker may
      // have switched it to its finished files since (decision 083); then it is read again, so
      // the files replaced are the ones it named.
      // Only the columns whose value changes are named: SQLite rewrites the entries of every index
      // on a column named and fires the triggers of every column named, whatever its value.
      const changes = changedColumns(existing, {
        ...values,
        ...publication,
        ...desk.columns,
        ...live,
      });
      const writeOver = async (current: string | null) => {
        const written = await trx
          .updateTable('news')
          .set({
            ...changes,
            ...(ends && { live_seq: sql<number>`live_seq + 1` }),
            version: sql<number>`version + 1`,
            // A kept picture is the one the condition below reads: it is not written again.
            ...(keep ? {} : { image_key: imageKey }),
          })
          .where('id', '=', id)
          .$if(fields.version !== undefined, (q) => q.where('version', '=', fields.version ?? 0))
          .where((eb) =>
            current === null ? eb('image_key', 'is', null) : eb('image_key', '=', current),
          )
          .executeTakeFirst();
        return Number(written.numUpdatedRows) === 1;
      };
      let current = existing.image_key;
      if (!(await writeOver(current))) {
        // Saved by someone else since it was read (decision 107): a 409, nothing written.
        if (fields.version !== undefined) await this.desk.assertVersion(trx, id, fields.version);
        current = (await this.imageKeyOf(trx, id)) ?? null;
        if (!(await writeOver(current))) throw newsNotFound();
      }
      replaced = keep ? null : current;
      // The article as written, read back once for all that follows and for the answer; its
      // authors are read again only if the write changed them.
      const row = await rows.findNamed(id);
      if (!row) throw newsNotFound();
      const authors = changed ? ((await authorsOf(trx, [id])).get(id) ?? []) : existing.authors;
      const written = { ...row, authors };
      saved = written;
      await recordArticleWrite(trx, seenBefore, stateOf(placeOf(written), now), now);
      if (actor) {
        const writtenIds = authors.map((author) => author._id);
        await recordAudit(trx, actor, {
          action: 'update',
          kind: 'news',
          thingId: id,
          title: values.title,
          changes: [
            ...(await newsChanges(
              trx,
              { columns: existing, authorIds, at: now, names: namesKnown(existing) },
              { columns: written, authorIds: writtenIds, at: stamp, names: namesKnown(written) },
            )),
            ...this.desk.noteChanges(fields),
          ],
        });
        const fact = { newsId: id, kind, stage: desk.to, at: stamp };
        await recordRevision(trx, actor, fact, { row: written, authorIds: writtenIds });
      }
    });
    if (replaced) await this.removeFile(replaced);
    this.makeVariants(id, key);
    const before = found && this.toDto(found);
    const after = await this.answer(saved);
    // Where it was listed and where it is listed now: a move drops both, and the pages of its
    // authors before and after; a write that left it where it was, only what shows it. The pages
    // of its former slugs are tagged as its page (addresses/service.ts), so they go with `before`.
    const now = this.clock.now();
    await this.invalidate(before ? savedArticleTags(before, after, now) : articleTags(after, now));
    this.announceSaved(after);
    return after;
  }

  /**
   * The answer of a write: the article as it read it back, with where it stands on the desk
   * judged from that same row.
   */
  private async answer(row: NewsRowWithNames | undefined): Promise<AdminNewsDto> {
    if (!row) throw newsNotFound();
    return { ...this.toDto(row), ...(await this.desk.fieldsOfRow(row)) };
  }

  /** Calls `listener` with every article saved, once its write committed (open editors). */
  onSaved(listener: (article: AdminNewsDto) => void): void {
    this.savedListeners.push(listener);
  }

  private announceSaved(article: AdminNewsDto): void {
    for (const listener of this.savedListeners) listener(article);
  }

  private async imageKeyOf(trx: Kysely<Database>, id: string): Promise<string | null | undefined> {
    const row = await trx
      .selectFrom('news')
      .select('image_key')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.image_key;
  }

  /** Resolves when every upload's variants made so far are stored and switched to. */
  variantsIdle(): Promise<void> {
    return this.variants?.idle() ?? Promise.resolve();
  }

  /** An article as the back office reads it, with where it stands on the desk. */
  async get(id: string): Promise<AdminNewsDto> {
    const row = await this.repo.findById(id);
    if (!row) throw newsNotFound();
    const [news] = await this.withDesk([this.toDto(row)]);
    if (!news) throw newsNotFound();
    return news;
  }

  /**
   * Every article, active or not, drafts and scheduled ones too, newest first, as admin rows; or
   * those of one stage and/or assigned to the person asking (decision 106).
   */
  async adminList(query: AdminNewsQuery, actor?: Actor): Promise<AdminNewsPage> {
    const filter = actor ? this.desk.filterOf(query, actor) : null;
    let page: { data: NewsDto[]; count: number };
    if (filter) {
      const { limit } = query;
      const { ids, count } = await this.desk.page(filter, limit, (query.page - 1) * limit);
      const rows = new Map((await this.repo.findByIds(ids)).map((row) => [row.id, row]));
      const data = ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [this.toDto(row)] : [];
      });
      page = { data, count };
    } else {
      page = await this.page({}, query);
    }
    return { data: (await this.withDesk(page.data)).map(toAdminNewsRow), count: page.count };
  }

  /** Articles with the desk's fields beside (one statement for them all). */
  private async withDesk(news: NewsDto[]): Promise<AdminNewsDto[]> {
    const desk = await this.desk.fieldsOf(news.map((item) => item._id));
    return news.flatMap((item) => {
      const fields = desk.get(item._id);
      return fields ? [{ ...item, ...fields }] : [];
    });
  }

  /**
   * Deletes the article (its slugs answer 410 from then on), then its image and the image's
   * variants.
   */
  async delete(id: string, actor?: Actor): Promise<NewsDto> {
    // The article as the deletion found it, read once inside its transaction.
    let gone: NewsRowWithNames | undefined;
    // The picture removed is the one the row named as it went (the variant maker may have
    // switched it to its finished files a moment before).
    const imageKey = await this.db.transaction().execute(async (trx) => {
      const current = await new NewsRepository(trx, this.clock).findById(id);
      if (!current) throw newsNotFound();
      gone = current;
      const now = isoNow(this.clock);
      const seenBefore = stateOf(placeOf(current), now);
      if (actor) {
        const authorIds = current.authors.map((author) => author._id);
        assertMayDelete(actor, authorIds.includes(actor.id), stageOf(current, now));
        const state = { columns: current, authorIds, at: now, names: namesKnown(current) };
        await recordAudit(trx, actor, {
          action: 'delete',
          kind: 'news',
          thingId: id,
          title: current.title,
          changes: await newsChanges(trx, state, null),
        });
      }
      await new SlugHistory(trx).deleted(id, current.slug);
      await keepRevisionsOfDeleted(trx, id, now);
      await recordArticleWrite(trx, seenBefore, null, now);
      const deleted = await trx
        .deleteFrom('news')
        .where('id', '=', id)
        .returning('image_key')
        .executeTakeFirst();
      return deleted?.image_key ?? null;
    });
    if (!gone) throw newsNotFound();
    const deleted = this.toDto(gone);
    // The pages of its former slugs are tagged as its page: they go with it (now 410s).
    await this.invalidate(articleTags(deleted, this.clock.now()));
    if (imageKey) await this.removeFile(imageKey);
    return deleted;
  }

  /** Counts one view of an article, written with others within a second (views/view-buffer.ts). */
  countView(id: string): void {
    this.views.add(id);
  }

  /**
   * One news write: the upload is stored first as sent (never while the database is held), then
   * the checks and the row run in one transaction; if that fails, the stored file is taken away
   * again. Returns the upload's key. Its variants are made after the write answers.
   */
  private async write(
    image: CheckedImage | null,
    slug: string,
    work: (trx: Transaction<Database>, imageKey: string | null) => Promise<void>,
  ): Promise<string | null> {
    const key = image ? await this.media.storeUpload(image) : null;
    try {
      await this.db.transaction().execute((trx) => work(trx, key));
      return key;
    } catch (error) {
      if (key) await this.removeFile(key);
      if (isUniqueViolation(error)) throw slugTaken(slug);
      if (isForeignKeyViolation(error)) {
        throw new DomainError(
          'CONFLICT',
          'A category, sub-category, publisher or anchor was just removed; reload and try again',
        );
      }
      throw error;
    }
  }

  /** Hands an upload stored under its pending key to the variant maker. */
  private makeVariants(newsId: string, key: string | null) {
    if (key && isPendingImageKey(key)) this.variants?.add({ newsId, key });
  }

  /** Files left behind cost disk space only; they never fail the request that replaced them. */
  private async removeFile(key: string) {
    await this.media.remove(key);
  }

  /** Timestamps strictly increase within the process, so "newest first" is the order of writing. */
  private stamp(): string {
    this.lastStamp = Math.max(this.clock.now().getTime(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }

  /** Views counted on this instance and not yet written are part of the figure at once. */
  protected override toDto(row: Parameters<typeof toNewsDto>[0]): NewsDto {
    const news = super.toDto(row);
    news.views += this.views.unwritten(news._id);
    return news;
  }
}

const newsNotFound = () => new DomainError('NOT_FOUND', 'News not found');

/** What an article's state for readers is judged from, in a row read with names and authors. */
function placeOf(row: NewsRowWithNames): ArticlePlace {
  return {
    ...row,
    category: row.category_name,
    subcategory: row.subcategory_name,
    authorSlugs: row.authors.map((author) => author.slug),
  };
}

/** The columns of `next` whose value differs from the row's. */
function changedColumns<T extends object>(row: object, next: T): Partial<T> {
  const before = row as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(next).filter(([column, value]) => before[column] !== value),
  ) as Partial<T>;
}
