import { randomBytes } from 'node:crypto';
import type { NewsDto } from '@newsroom/contract';
import { systemClock, type Clock } from '../domain/clock.ts';
import { lookupKey } from '../domain/lookup-key.ts';
import { articleNameTags, publicTags, type StaleTags } from './tags.ts';
import { RedisChannel, type BusLogger } from '../redis/channel.ts';
import { CacheEntries, type Build, type CacheCounts } from './entries.ts';
import { joinPage, type StoredFragment, type StoredPage } from './joined-page.ts';
import type { CachedResponse } from './cached-response.ts';

/**
 * An article as /u/news/{slug} reads it, cached apart from the response's JSON because every call
 * counts a view: `counted` is the views this instance added since the copy was read.
 */
export interface ArticleRead {
  news: NewsDto;
  counted: number;
  tags: StaleTags;
  bytes: number;
}

/** What the public cache holds, each kind under keys of its own. */
type Value =
  | ({ kind: 'response' } & CachedResponse)
  | ({ kind: 'article' } & ArticleRead)
  | ({ kind: 'page' } & StoredPage)
  | ({ kind: 'fragment' } & StoredFragment);

type Kind = Value['kind'];
type ValueOf<K extends Kind> = Extract<Value, { kind: K }>;

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
  /** The app's clock (domain/clock.ts), for responses that expire at a moment of their own. */
  clock?: Clock;
  /** With Redis, invalidations reach every instance on the same server and prefix. */
  redis?: { url: string; prefix: string; log: BusLogger };
  /** Scheduled publications: what becomes stale at a time rather than on a write. */
  schedule?: PublicationSchedule;
}

/**
 * The public cache (docs/decisions/133): pages, the shared parts joined into them, public API
 * responses, articles and feeds, each an entry of `CacheEntries` with the tags it was built from.
 * Writes name what they make stale through `invalidate`, here at once and, with Redis, on every
 * other instance; while this instance may miss another's invalidations, nothing is cached.
 */
export class PublicCache {
  private readonly entries: CacheEntries<Value>;
  private readonly channel: RedisChannel | null;
  /** Our own messages come back through Redis; they were applied already. */
  private readonly origin = randomBytes(8).toString('hex');
  private readonly schedule: PublicationSchedule | null;

  constructor(options: PublicCacheOptions) {
    this.schedule = options.schedule ?? null;
    const clock = options.clock ?? systemClock;
    this.entries = new CacheEntries<Value>({
      maxBytes: options.maxBytes,
      trusted: () => this.channel === null || this.channel.live,
      now: () => clock.now().getTime(),
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

  /** True while entries are cached (a size above 0, and Redis subscribed when configured). */
  get enabled(): boolean {
    return this.entries.enabled;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the cache did since start (written on SIGUSR2, main.ts). */
  get counts(): CacheCounts {
    return { ...this.entries.counts };
  }

  /** Starts making stale the entries of scheduled articles at their publication time. */
  async start(): Promise<void> {
    await this.schedule?.start(() => this.releaseDue());
  }

  /**
   * Makes stale what a write names, here and on every other instance; resolves once what of it
   * readers asked for lately here is current again (CacheEntries.invalidate).
   */
  invalidate = async (tags: StaleTags): Promise<void> => {
    if (tags.length === 0) return;
    const unique = [...new Set(tags)];
    // A write may have scheduled, moved or published an article.
    this.schedule?.refresh();
    await Promise.all([
      this.entries.invalidate(unique),
      this.channel?.publish(
        JSON.stringify({ from: this.origin, tags: unique }),
        'stale pages; other instances drop them within their cache lifetime',
      ),
    ]);
  };

  /**
   * A public API response or feed, built by the request that finds it missing; rebuilt by the
   * cache after writes when its build says how (a route's read), else by its next request.
   */
  response(key: string, build: Build<CachedResponse>): Promise<CachedResponse> {
    return this.get('response', `response ${key}`, build, false);
  }

  /** An article as `/u/news/{slug}` reads it, cached apart from the response (each read counts). */
  article(slug: string, read: () => Promise<NewsDto>): Promise<ArticleRead> {
    const build = async () => {
      const news = await read();
      const tags = [publicTags.article(news.slug), ...articleNameTags(news)];
      const bytes = JSON.stringify(news).length;
      return { value: { news, counted: 0, tags, bytes }, keep: true };
    };
    return this.get('article', articleKey(slug), build, true);
  }

  /** A page in pieces (`joinPage` makes it a response), rebuilt by the cache after writes. */
  page(key: string, build: Build<StoredPage>): Promise<StoredPage> {
    return this.get('page', `page ${key}`, build, true);
  }

  /** A shared part of pages, rebuilt by the cache after writes. */
  fragment(key: string, build: Build<StoredFragment>): Promise<StoredFragment> {
    return this.get('fragment', key, build, true);
  }

  /** The cached response for `key`, if one may be sent now, without building one. */
  peekResponse(key: string): CachedResponse | undefined {
    return this.peek('response', `response ${key}`);
  }

  /** The cached copy of an article, if any, without building one. */
  peekArticle(slug: string): ArticleRead | undefined {
    return this.peek('article', articleKey(slug));
  }

  /** The cached page for `key` with its shared parts joined, if all are at hand. */
  peekPage(key: string): CachedResponse | undefined {
    const page = this.peek('page', `page ${key}`);
    return page && joinPage(page, (fragment) => this.peek('fragment', fragment));
  }

  async close(): Promise<void> {
    this.schedule?.stop();
    await this.channel?.close();
  }

  private async get<K extends Kind>(
    kind: K,
    key: string,
    build: Build<Omit<ValueOf<K>, 'kind'>>,
    rebuildable: boolean,
  ): Promise<ValueOf<K>> {
    this.releaseDue();
    const typed = (made: Build<Omit<ValueOf<K>, 'kind'>>): Build<Value> => {
      return async () => {
        const { value, keep, rebuildWhenRead: again } = await made();
        const kept = { kind, ...value } as unknown as Value;
        return { value: kept, keep, ...(again && { rebuildWhenRead: typed(again) }) };
      };
    };
    // A page's shared parts are looked up as part of the page's request: not counted again.
    const counted = kind !== 'fragment';
    const own = typed(build);
    const value = await this.entries.get(key, own, rebuildable ? own : null, counted);
    if (value.kind !== kind) throw new Error(`cache entry ${key} is not a ${kind}`);
    return value as ValueOf<K>;
  }

  private peek<K extends Kind>(kind: K, key: string): ValueOf<K> | undefined {
    this.releaseDue();
    const value = this.entries.peek(key);
    return value?.kind === kind ? (value as ValueOf<K>) : undefined;
  }

  /**
   * Drops, here, what the articles whose publication time has come name (what a write of each
   * would make stale, nothing given out stale: the article is everywhere from its time). Every
   * instance does this by its own clock, before any read, so no cached entry outlives the next
   * publication time.
   */
  private releaseDue() {
    const tags = this.schedule?.due();
    if (tags) void this.entries.invalidate(tags, { dropAll: true });
  }

  /** Invalidations may have been missed: nothing cached can be trusted, nor the schedule. */
  private missed() {
    this.entries.clear();
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
      // As on the writer's own instance, but nobody waits for the rebuilds here.
      void this.entries.invalidate(tags);
    } else {
      this.entries.clear();
    }
  }
}

const articleKey = (slug: string) => `article ${lookupKey(slug)}`;
