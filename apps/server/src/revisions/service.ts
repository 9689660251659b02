import type { Kysely } from 'kysely';
import {
  choosesAuthors,
  type NewsDto,
  type NewsFields,
  type PageQuery,
  type Revision,
  type RevisionComparison,
  type RevisionKind,
  type RevisionSummary,
} from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { DomainError } from '../domain/errors.ts';
import { compareRevisions } from './compare.ts';
import { RevisionRepository, type RevisionRow } from './repo.ts';
import type { SavedFields, Snapshot } from './snapshot.ts';

/** What the history asks of the articles' room, wired in services.ts. */
export interface ArticleDesk {
  /** Whether `actor` may edit the article as it stands; null when there is no such article. */
  mayEdit(newsId: string, actor: Actor): Promise<boolean | null>;
  /** An update of the article through its one write path, recorded as a revision of `kind`. */
  update(newsId: string, fields: NewsFields, actor: Actor, kind: 'restore'): Promise<NewsDto>;
  /** The address of a stored picture. */
  imageUrl(key: string): string;
}

/**
 * An article's history (decisions 108, 109): its revisions listed, read, compared and restored.
 * Reading and restoring follow the edit rights of the role table; the revisions of a deleted
 * article stay readable by admins alone.
 */
export class RevisionService {
  private readonly repo: RevisionRepository;

  constructor(
    db: Kysely<Database>,
    private readonly desk: ArticleDesk,
  ) {
    this.repo = new RevisionRepository(db);
  }

  async list(newsId: string, page: PageQuery, actor: Actor) {
    await this.assertMayRead(newsId, actor);
    const [rows, count] = await Promise.all([
      this.repo.page(newsId, (page.page - 1) * page.limit, page.limit),
      this.repo.count(newsId),
    ]);
    return { data: rows.map(summaryOf), count };
  }

  async get(newsId: string, revisionId: string, actor: Actor): Promise<Revision> {
    await this.assertMayRead(newsId, actor);
    return this.read(newsId, revisionId);
  }

  /**
   * One revision whole, for whoever already holds the right to see it (a preview link, whose
   * maker's rights were checked when it was made): no check of the person here.
   */
  content(newsId: string, revisionId: string): Promise<Revision> {
    return this.read(newsId, revisionId);
  }

  async compare(
    newsId: string,
    from: string,
    to: string,
    actor: Actor,
  ): Promise<RevisionComparison> {
    await this.assertMayRead(newsId, actor);
    const [before, after] = await Promise.all([this.read(newsId, from), this.read(newsId, to)]);
    return { fields: compareRevisions(before, after) };
  }

  /**
   * Saves the article with the content of an earlier revision, as an update (its checks and its
   * audit entry), recorded as a new revision of kind `restore`. The picture stays the current one
   * (replaced pictures are not kept), and so does when it is published; the authors come back
   * only for those who may choose them.
   */
  async restore(newsId: string, revisionId: string, actor: Actor): Promise<NewsDto> {
    await this.assertMayRead(newsId, actor);
    const row = await this.found(newsId, revisionId);
    const { fields, description } = await this.repo.snapshot(row);
    return this.desk.update(newsId, restoredFields(fields, description, actor), actor, 'restore');
  }

  /** Refuses anyone who may not edit the article; a deleted article's history is for admins. */
  async assertMayRead(newsId: string, actor: Actor): Promise<void> {
    const may = await this.desk.mayEdit(newsId, actor);
    if (may === true) return;
    if (may === false) {
      throw new DomainError(
        'FORBIDDEN',
        'Your role may not edit this article, nor read its history',
      );
    }
    if (!(await this.repo.exists(newsId))) throw new DomainError('NOT_FOUND', 'News not found');
    if (actor.role !== 'admin') {
      throw new DomainError('FORBIDDEN', 'Only an admin may read the history of a deleted article');
    }
  }

  /** Refuses anyone who may not edit the article as it stands (404 when there is none). */
  async assertMayEditLive(newsId: string, actor: Actor): Promise<void> {
    const may = await this.desk.mayEdit(newsId, actor);
    if (may === null) throw new DomainError('NOT_FOUND', 'News not found');
    if (!may) throw new DomainError('FORBIDDEN', 'Your role may not edit this article');
  }

  private async found(newsId: string, revisionId: string): Promise<RevisionRow> {
    const row = await this.repo.find(newsId, revisionId);
    if (!row) throw new DomainError('NOT_FOUND', 'Revision not found');
    return row;
  }

  private async read(newsId: string, revisionId: string): Promise<Revision> {
    const row = await this.found(newsId, revisionId);
    const snapshot = await this.repo.snapshot(row);
    const names = await this.repo.names([snapshot.fields]);
    return this.revisionOf(row, snapshot, names);
  }

  private revisionOf(
    row: RevisionRow,
    { fields, description }: Snapshot,
    names: Map<string, string>,
  ): Revision {
    const named = (source: string, id: string) => ({
      _id: id,
      name: names.get(`${source}:${id}`) ?? '(removed)',
    });
    const maybe = (source: string, id: string | null) => (id === null ? null : named(source, id));
    return {
      ...summaryOf(row),
      title: fields.title,
      slug: fields.slug,
      metaDescription: fields.metaDescription,
      description,
      tags: fields.tags,
      category: named('categories', fields.categoryId),
      subCategory: maybe('subcategories', fields.subCategoryId),
      publisher: named('publishers', fields.publisherId),
      anchor: maybe('anchors', fields.anchorId),
      image: fields.imageKey === null ? null : this.desk.imageUrl(fields.imageKey),
      alt: fields.alt,
      videoURL: fields.videoURL,
      status: fields.status,
      draft: fields.draft,
      publishedAt: fields.publishedAt,
      authors: fields.authorIds.map((id) => named('admins', id)),
    };
  }
}

function summaryOf(row: RevisionRow): RevisionSummary {
  return {
    _id: row.id,
    number: row.number,
    createdAt: row.created_at,
    by: { _id: row.by_id, name: row.by_name ?? '(removed)' },
    stage: row.stage,
    kind: row.kind as RevisionKind,
  };
}

function restoredFields(fields: SavedFields, description: string, actor: Actor): NewsFields {
  return {
    title: fields.title,
    slug: fields.slug,
    metaDescription: fields.metaDescription,
    description,
    alt: fields.alt,
    tags: fields.tags,
    videoURL: fields.videoURL,
    status: fields.status,
    categoryId: fields.categoryId,
    subCategoryId: fields.subCategoryId,
    publisherId: fields.publisherId,
    anchorId: fields.anchorId,
    ...(choosesAuthors(actor.role) && fields.authorIds.length > 0
      ? { authorIds: fields.authorIds }
      : {}),
  };
}
