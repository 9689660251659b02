import type { Kysely } from 'kysely';
import { publicPaths } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import { recordEvent, withdrawScheduled, type EventArticle } from './record.ts';

/** Where an article stands for readers at one moment, and the feeds that list it. */
export interface ArticleState {
  article: EventArticle;
  /** Public now; scheduled for later; or not shown to readers at all. */
  seen: 'public' | 'scheduled' | 'hidden';
  /** Its publication time (`created_at`). */
  publishAt: string;
  /** The feeds that list it while it is public: the site's, its sections', its authors'. */
  feeds: string[];
}

/** What an article's state is judged from: its row's columns, its names and its authors' slugs. */
export interface ArticlePlace {
  id: string;
  slug: string;
  title: string;
  status: number;
  draft: number;
  created_at: string;
  category: string | null;
  subcategory: string | null;
  authorSlugs: readonly string[];
}

/** An article as readers would see it at `now`, read inside a write's transaction; or null. */
export async function articleState(
  db: Kysely<Database>,
  newsId: string,
  now: string,
): Promise<ArticleState | null> {
  const row = await db
    .selectFrom('news as n')
    .leftJoin('categories as c', 'c.id', 'n.category_id')
    .leftJoin('subcategories as s', 's.id', 'n.sub_category_id')
    .select([
      'n.id',
      'n.slug',
      'n.title',
      'n.status',
      'n.draft',
      'n.created_at',
      'c.name as category',
      's.name as subcategory',
    ])
    .where('n.id', '=', newsId)
    .executeTakeFirst();
  if (!row) return null;
  const authors = await db
    .selectFrom('news_authors as a')
    .innerJoin('admins as p', 'p.id', 'a.staff_id')
    .select('p.slug')
    .where('a.news_id', '=', newsId)
    .execute();
  return stateOf({ ...row, authorSlugs: authors.map((author) => author.slug) }, now);
}

/** An article as readers would see it at `now`, from what a write has read of it already. */
export function stateOf(place: ArticlePlace, now: string): ArticleState {
  const active = Number(place.status) === 1 && Number(place.draft) === 0;
  const feeds = [publicPaths.feed()];
  if (place.category) {
    feeds.push(publicPaths.feed(place.category));
    if (place.subcategory) feeds.push(publicPaths.feed(place.category, place.subcategory));
  }
  for (const slug of place.authorSlugs) feeds.push(publicPaths.authorFeed(slug));
  return {
    article: { _id: place.id, slug: place.slug, title: place.title },
    seen: !active ? 'hidden' : place.created_at <= now ? 'public' : 'scheduled',
    publishAt: place.created_at,
    feeds,
  };
}

/**
 * Records what a write of an article (created, saved, moved on the desk, deleted: `after` null)
 * told readers, in its transaction (decision 117): `news.published` when it became public,
 * `news.updated` when a public article changed, `news.unpublished` or `news.deleted` when a public
 * one left. A scheduled article's `news.published` waits in the outbox for its time; any later
 * write withdraws it first, so it goes out once, at the time the article finally has.
 */
export async function recordArticleWrite(
  db: Kysely<Database>,
  before: ArticleState | null,
  after: ArticleState | null,
  now: string,
): Promise<void> {
  const subject = after ?? before;
  if (!subject) return;
  if (before?.seen === 'scheduled' || after?.seen === 'scheduled') {
    await withdrawScheduled(db, subject.article._id, now);
  }
  const wasPublic = before?.seen === 'public';
  if (after === null) {
    if (wasPublic) await recordEvent(db, { type: 'news.deleted', ...fact(before, now) });
    return;
  }
  if (after.seen === 'public') {
    const feeds = [...(wasPublic ? before.feeds : []), ...after.feeds];
    const type = wasPublic ? 'news.updated' : 'news.published';
    await recordEvent(db, { type, ...fact(after, now), feeds });
    return;
  }
  if (wasPublic) await recordEvent(db, { type: 'news.unpublished', ...fact(before, now) });
  if (after.seen === 'scheduled') {
    await recordEvent(db, {
      type: 'news.published',
      ...fact(after, now),
      notBefore: after.publishAt,
    });
  }
}

function fact(state: ArticleState, at: string) {
  return { article: state.article, feeds: state.feeds, at };
}

/** A new entry of a live page, as `data.entry` tells it. */
export interface LiveEntryFact {
  _id: string;
  text: string;
  createdAt: string;
  pinned: boolean;
  keyEvent: boolean;
}

/**
 * Records `live.entry` for an entry added to a live page, in the entry's transaction: only while
 * readers can see the page, so a live page being prepared or held to a time tells nothing.
 */
export async function recordLiveEntry(
  db: Kysely<Database>,
  newsId: string,
  entry: LiveEntryFact,
): Promise<void> {
  const state = await articleState(db, newsId, entry.createdAt);
  if (state?.seen !== 'public') return;
  await recordEvent(db, {
    type: 'live.entry',
    article: state.article,
    extra: { entry },
    at: entry.createdAt,
  });
}
