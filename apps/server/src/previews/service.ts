import type { Kysely } from 'kysely';
import {
  previewPath,
  reachOf,
  type NewsDto,
  type PreviewInput,
  type PreviewLink,
  type PreviewRow,
} from '@newsroom/contract';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens.ts';
import { recordAudit } from '../audit/record.ts';
import { isForeignKeyViolation } from '../db/errors.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { isoNow, type Clock } from '../domain/clock.ts';
import { DomainError } from '../domain/errors.ts';
import { previewContent, type SavedArticles, type SavedRevisions } from './content.ts';
import { PreviewRepository, type PreviewListed } from './repo.ts';

const HOUR_MS = 3_600_000;

/** A link opened: the article's fields to show, and until when the link works. */
export interface OpenedPreview {
  article: NewsDto;
  expiresAt: string;
}

/**
 * Preview links (decision 113): made, listed and revoked by staff who may preview the article
 * (role table `news.preview`: editors and admins any, authors their own), opened by anyone who
 * holds one until it expires or is revoked. The token is shown once, in the link; only its hash
 * is kept.
 */
export class PreviewService {
  private readonly repo: PreviewRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly articles: SavedArticles,
    private readonly revisions: SavedRevisions,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {
    this.repo = new PreviewRepository(db);
  }

  /** A new link to the article as saved (or to one revision), valid `expiresInHours`. */
  async create(newsId: string, input: PreviewInput, actor: Actor): Promise<PreviewLink> {
    const article = await this.mayPreview(newsId, actor);
    const revisionId = input.revisionId ?? null;
    await previewContent(this.articles, this.revisions, newsId, revisionId);
    const now = this.clock.now();
    if (revisionId === null && isPublicAt(article, now.toISOString())) {
      throw new DomainError(
        'CONFLICT',
        'This article is published: its own page shows it as readers see it',
      );
    }
    const expiresAt = new Date(now.getTime() + input.expiresInHours * HOUR_MS).toISOString();
    const { token, hash } = newOpaqueToken();
    const id = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        await new PreviewRepository(trx).insert({
          id,
          news_id: newsId,
          revision_id: revisionId,
          token_hash: hash,
          created_by: actor.id,
          created_at: now.toISOString(),
          expires_at: expiresAt,
          revoked_at: null,
        });
        await recordAudit(trx, actor, {
          action: 'preview_link',
          kind: 'news',
          thingId: newsId,
          title: article.title,
          changes: [
            { field: 'preview link', before: null, after: linkText(expiresAt, revisionId) },
          ],
        });
      });
    } catch (error) {
      // The article was deleted meanwhile.
      if (isForeignKeyViolation(error)) throw newsNotFound();
      throw error;
    }
    return {
      _id: id,
      url: `${this.publicUrl.replace(/\/+$/, '')}${previewPath(token)}`,
      expiresAt,
    };
  }

  /** The article's live links (neither revoked nor expired), soonest to expire first. */
  async live(newsId: string, actor: Actor): Promise<PreviewRow[]> {
    await this.mayPreview(newsId, actor);
    return (await this.repo.live(newsId, isoNow(this.clock))).map(toRow);
  }

  /** Revokes a link of the article: it answers 410 from then on. Revoking it again changes nothing. */
  async revoke(newsId: string, previewId: string, actor: Actor): Promise<PreviewRow> {
    const article = await this.mayPreview(newsId, actor);
    return this.db.transaction().execute(async (trx) => {
      const repo = new PreviewRepository(trx);
      const row = await repo.one(newsId, previewId);
      if (!row) throw new DomainError('NOT_FOUND', 'Preview link not found');
      if (await repo.revoke(previewId, isoNow(this.clock))) {
        await recordAudit(trx, actor, {
          action: 'preview_revoke',
          kind: 'news',
          thingId: newsId,
          title: article.title,
          changes: [
            {
              field: 'preview link',
              before: linkText(row.expires_at, row.revision_id),
              after: null,
            },
          ],
        });
      }
      return toRow(row);
    });
  }

  /** What the link of `token` shows: 404 for no such link, 410 once revoked or expired. */
  async open(token: string): Promise<OpenedPreview> {
    const row = await this.repo.byTokenHash(hashOpaqueToken(token));
    if (!row) throw new DomainError('NOT_FOUND', 'There is no such preview link');
    if (row.revoked_at !== null) {
      throw new DomainError('GONE', 'This preview link was revoked');
    }
    if (row.expires_at <= isoNow(this.clock)) {
      throw new DomainError('GONE', 'This preview link has expired');
    }
    const article = await previewContent(
      this.articles,
      this.revisions,
      row.news_id,
      row.revision_id,
    );
    return { article, expiresAt: row.expires_at };
  }

  /**
   * The article, if `actor` may preview it: 404 when there is none, 403 when their role may not
   * (an author: not among its authors).
   */
  private async mayPreview(newsId: string, actor: Actor): Promise<NewsDto> {
    const article = await this.articles.get(newsId);
    const reach = reachOf(actor.role, 'news.preview');
    const own = article.authors.some((author) => author._id === actor.id);
    if (reach === 'none') {
      throw new DomainError('FORBIDDEN', 'Your role may not make or revoke preview links');
    }
    if (reach === 'own' && !own) {
      throw new DomainError(
        'FORBIDDEN',
        'Your role may only preview articles you are an author of',
      );
    }
    return article;
  }
}

/** Whether readers see the article at `now` (decision 085's rule, on its read shape). */
function isPublicAt(article: NewsDto, now: string): boolean {
  return article.status && !article.draft && article.createdAt <= now;
}

const linkText = (expiresAt: string, revisionId: string | null) =>
  `until ${expiresAt}${revisionId === null ? '' : ` (revision ${revisionId})`}`;

function toRow(row: PreviewListed): PreviewRow {
  return {
    _id: row.id,
    revisionId: row.revision_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    by:
      row.created_by !== null && row.by_name !== null
        ? { _id: row.created_by, name: row.by_name }
        : null,
  };
}

const newsNotFound = () => new DomainError('NOT_FOUND', 'News not found');
