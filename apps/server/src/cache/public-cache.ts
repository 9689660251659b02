import { randomBytes } from 'node:crypto';
import type { NewsDto } from '@newsroom/contract';
import { systemClock, type Clock } from '../domain/clock.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import type { StaleTags } from './tags.ts';
import { isListTag, publicTags } from './tags.ts';
import { RedisChannel, type BusLogger } from '../redis/channel.ts';
import { AnswerCache, type Built, type CacheCounts, type ThroughOptions } from './answer-cache.ts';
import type { StoredAnswer } from './stored-answer.ts';

/**
 * An article as /u/news/{slug} reads it, kept apart from the answer's JSON because every call
 * counts a view: `counted` is the views this instance added since the copy was read.
 */
export interface ArticleRead {
  news: NewsDto;
  counted: number;
  tags: StaleTags;
  bytes: number;
}

type Entry = ({ kind: 'answer' } & StoredAnswer) | ({ kind: 'article' } & ArticleRead);

/**
 * How long a write waits for the answers it refreshes (docs/decisions/086); one that takes longer
 * is dropped instead, and its next reader waits for it.
 */
const REFRESH_WAIT_MS = 200;

/**
 * What becomes stale at a time rather than on a write: scheduled publications (decision 085,
 * news/scheduled-release.ts).
 */
export interface PublicationSchedule {
  /** Reads the schedule, and calls `onDue` at each publication time from then on. */
  start(onDue: () => void): Promise<void>;
  /** The schedule changed (a write here or elsewhere): read it again. */
  refresh(): void;
  /** The tags of every publication whose time has come since last asked, or null. */
  due(): StaleTags | null;
  stop(): void;
}

export interface PublicCacheOptions {
  maxBytes: number;
  /** How long a stale answer may still be handed out while its replacement is built. */
  graceMs: number;
  /**
   * How long after a write the lists it names are made stale, together with those of the writes
   * that follow meanwhile (docs/decisions/088); 0 makes them stale with the write, as the rest.
   */
  listDelayMs?: number;
  ttlMs?: number;
  /** The app's clock (domain/clock.ts), for answers that expire at a moment of their own. */
  clock?: Clock;
  /** With Redis, invalidations reach every instance on the same server and prefix. */
  redis?: { url: string; prefix: string; log: BusLogger };
  /** Scheduled publications: what becomes stale at a time rather than on a write. */
  schedule?: PublicationSchedule;
}

/**
 * The cache of public pages, public API answers and feeds (docs/decisions/070). Writes name what
 * they make stale through `invalidate`, which drops it here at once and, with Redis, on every
 * other instance; while this instance may miss another's invalidations, nothing is cached.
 */
export class PublicCache {
  private readonly store: AnswerCache<Entry>;
  private readonly channel: RedisChannel | null;
  /** Our own messages come back through Redis; they were applied already. */
  private readonly origin = randomBytes(8).toString('hex');
  private readonly schedule: PublicationSchedule | null;
  private readonly listDelayMs: number;
  /** List tags named by writes and not yet made stale, and the timer that will. */
  private readonly heldLists = new Set<string>();
  private listTimer: NodeJS.Timeout | null = null;

  constructor(options: PublicCacheOptions) {
    this.schedule = options.schedule ?? null;
    this.listDelayMs = options.listDelayMs ?? 0;
    this.store = new AnswerCache<Entry>({
      maxBytes: options.maxBytes,
      ttlMs: options.ttlMs ?? 60_000,
      graceMs: options.graceMs,
      trusted: () => this.channel === null || this.channel.live,
      now: () => (options.clock ?? systemClock).now().getTime(),
    });
    const { redis } = options;
    this.channel = redis
      ? new RedisChannel(
          redis.url,
          `${redis.prefix}pages:stale`,
          { message: (text) => this.receive(text), missed: () => this.missed() },
          redis.log,
        )
      : null;
  }

  /** True while answers are kept (a size above 0, and Redis subscribed when configured). */
  get enabled(): boolean {
    return this.store.enabled;
  }

  get size(): number {
    return this.store.size;
  }

  /** What the cache did since start (written on SIGUSR2, main.ts). */
  get counts(): CacheCounts {
    return { ...this.store.counts };
  }

  /** Starts dropping the answers of scheduled articles at their publication time. */
  async start(): Promise<void> {
    await this.schedule?.start(() => this.releaseDue());
  }

  /**
   * Makes stale what a write names, here and on every other instance, and rebuilds at once the
   * answers of it that readers asked for lately: the write answers when they are current. Its
   * lists are held back for `listDelayMs` and made stale with those of the writes meanwhile.
   */
  invalidate = async (tags: StaleTags): Promise<void> => {
    if (tags.length === 0) return;
    const unique = [...new Set(tags)];
    const now = this.holdLists(unique);
    // A write may have scheduled, moved or published an article.
    this.schedule?.refresh();
    await Promise.all([
      this.makeStale(now),
      this.channel?.publish(
        JSON.stringify({ from: this.origin, tags: unique }),
        'stale pages; other instances drop them within their cache lifetime',
      ),
    ]);
  };

  /**
   * Makes stale now the lists held back, and waits for the rebuilds of those read lately (tests,
   * and whoever must see every write so far in every list).
   */
  settle(): Promise<void> {
    this.stopListTimer();
    const tags = [...this.heldLists];
    this.heldLists.clear();
    return this.makeStale(tags);
  }

  /** Marks `tags` stale and rebuilds what of them was read lately (at most REFRESH_WAIT_MS). */
  private makeStale(tags: string[]): Promise<void> {
    if (tags.length === 0) return Promise.resolve();
    return this.store.refresh(this.store.invalidate(tags), REFRESH_WAIT_MS);
  }

  private stopListTimer() {
    if (this.listTimer) clearTimeout(this.listTimer);
    this.listTimer = null;
  }

  /**
   * Holds back the list tags among `tags` (when lists wait) until the timer the first of them
   * started; returns the others, to be made stale now.
   */
  private holdLists(tags: string[]): string[] {
    if (this.listDelayMs === 0) return tags;
    const now = tags.filter((tag) => !isListTag(tag));
    if (now.length === tags.length) return now;
    for (const tag of tags) if (isListTag(tag)) this.heldLists.add(tag);
    this.listTimer ??= setTimeout(() => void this.settle(), this.listDelayMs);
    return now;
  }

  /** A kept answer, built once when missing; the options as in AnswerCache.through. */
  async answer(
    key: string,
    build: () => Promise<Built<StoredAnswer>>,
    { acceptStale, rebuild }: ThroughOptions<StoredAnswer> = {},
  ): Promise<StoredAnswer> {
    this.releaseDue();
    const asEntry = (made: () => Promise<Built<StoredAnswer>>) => async () => {
      const { value, keep } = await made();
      return { value: { kind: 'answer' as const, ...value }, keep };
    };
    const entry = await this.store.through(`answer ${key}`, asEntry(build), {
      acceptStale,
      rebuild: rebuild && asEntry(rebuild),
    });
    if (entry.kind !== 'answer') throw new Error(`cache entry ${key} is not an answer`);
    return entry;
  }

  async article(
    slug: string,
    read: () => Promise<NewsDto>,
    acceptStale = true,
  ): Promise<ArticleRead> {
    this.releaseDue();
    const build = async () => {
      const news = await read();
      const tags = [publicTags.article(news.slug)];
      const bytes = JSON.stringify(news).length;
      return { value: { kind: 'article' as const, news, counted: 0, tags, bytes }, keep: true };
    };
    const entry = await this.store.through(articleKey(slug), build, {
      acceptStale,
      rebuild: build,
    });
    if (entry.kind !== 'article') throw new Error(`cache entry ${slug} is not an article`);
    return entry;
  }

  /** The kept answer for `key` (as `answer` keeps it), if any, without building one. */
  peekAnswer(key: string): StoredAnswer | undefined {
    this.releaseDue();
    const entry = this.store.peek(`answer ${key}`);
    return entry?.kind === 'answer' ? entry : undefined;
  }

  /** The kept copy of an article, if any, without building one. */
  peekArticle(slug: string): ArticleRead | undefined {
    this.releaseDue();
    const entry = this.store.peek(articleKey(slug));
    return entry?.kind === 'article' ? entry : undefined;
  }

  async close(): Promise<void> {
    this.stopListTimer();
    this.schedule?.stop();
    await this.channel?.close();
  }

  /**
   * Drops, here, what the articles whose publication time has come make stale: exactly what a
   * write of each would drop. Every instance does this by its own clock, before any read, so no
   * kept answer outlives the next publication time.
   */
  private releaseDue() {
    const tags = this.schedule?.due();
    if (tags) this.store.invalidate(tags);
  }

  /** Invalidations may have been missed: nothing kept can be trusted, nor the schedule. */
  private missed() {
    this.store.clear();
    this.schedule?.refresh();
  }

  private receive(text: string) {
    let message: { from?: unknown; tags?: unknown } = {};
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      // not ours: treated as "something changed" below
    }
    const { tags } = message;
    if (message.from === this.origin) return;
    // Another instance wrote: the schedule may have changed.
    this.schedule?.refresh();
    if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) {
      // Refreshed as the writer's own instance does, lists held back the same way, but nobody
      // waits for it here.
      void this.makeStale(this.holdLists(tags));
    } else {
      this.store.clear();
    }
  }
}

const articleKey = (slug: string) => `article ${lookupKey(slug)}`;
