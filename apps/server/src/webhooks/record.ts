import type { Kysely } from 'kysely';
import type { WebhookEvent } from '@newsroom/contract';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/** The article an event is about, as its `data` names it (the URL is added when it is sent). */
export interface EventArticle {
  _id: string;
  slug: string;
  title: string;
}

/** One event to record. */
export interface EventFact {
  type: WebhookEvent;
  article: EventArticle;
  /** More of `data`, beside the article's fields (a live entry, a correction). */
  extra?: Record<string, unknown>;
  /** Paths of the feeds the change altered, pinged to the WebSub hub (decision 118). */
  feeds?: readonly string[];
  /** When the change happened, ISO; now by default. */
  at?: string;
  /** Not sent before this time, ISO (a scheduled publication); `at` by default. */
  notBefore?: string;
}

/**
 * Records a webhook event in the outbox (decision 117). Pass the transaction of the change itself,
 * so the event commits with it or not at all; the delivery worker of any instance then sends it,
 * within a second or so, to every endpoint that asks for its type (and pings the WebSub hub for
 * its feeds). Returns the event's id.
 *
 * ```ts
 * await db.transaction().execute(async (trx) => {
 *   // … the change …
 *   await recordEvent(trx, { type: 'live.entry', article, extra: { entry } });
 * });
 * ```
 */
export async function recordEvent(db: Kysely<Database>, fact: EventFact): Promise<string> {
  const id = newId();
  const at = fact.at ?? new Date().toISOString();
  await db
    .insertInto('webhook_events')
    .values({
      id,
      type: fact.type,
      news_id: fact.article._id,
      data: JSON.stringify({
        _id: fact.article._id,
        slug: fact.article.slug,
        title: fact.article.title,
        ...fact.extra,
      }),
      feeds: JSON.stringify([...new Set(fact.feeds ?? [])]),
      created_at: at,
      available_at: fact.notBefore ?? at,
      dispatched_at: null,
    })
    .execute();
  return id;
}

/**
 * Withdraws an article's publication event still waiting for its time (it was scheduled, and a
 * write since moved or cancelled that): a scheduled article is announced once, at the time it
 * finally has.
 */
export async function withdrawScheduled(
  db: Kysely<Database>,
  newsId: string,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('webhook_events')
    .where('news_id', '=', newsId)
    .where('type', '=', 'news.published')
    .where('dispatched_at', 'is', null)
    .where('available_at', '>', now)
    .execute();
}
