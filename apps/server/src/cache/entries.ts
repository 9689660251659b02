import { LRUCache } from 'lru-cache';
import { isOwnTag, publicTags, type StaleTags } from './tags.ts';

/** What the cache holds: anything that knows its size in bytes and the tags it was built from. */
export interface CacheValue {
  bytes: number;
  tags: StaleTags;
  /** An HTTP status, when the value is a response: only a 200 is ever handed out stale. */
  status?: number;
  /** When the value goes stale without a write (ms since the epoch, by the app's clock). */
  expiresAt?: number | null;
}

/** A build's result, and whether it may be cached (errors and outage pages are not). */
export interface Built<V extends CacheValue> {
  value: V;
  keep: boolean;
  /**
   * How the cache may build the key again when it is next read after a write, when only the build
   * could tell (a route that names its read, cache/cached-routes.ts): readers get the previous copy
   * meanwhile, and writes do not wait for it.
   */
  rebuildWhenRead?: Build<V>;
}

export type Build<V extends CacheValue> = () => Promise<Built<V>>;

/**
 * How long readers may be given the previous copy of a stale entry while it is rebuilt. Past it
 * they wait for the rebuild: nobody reads a list more than a second older than a write.
 */
export const STALE_FOR_MS = 1_000;

/**
 * Entries live at most this long without a write naming them, then go stale like after one: a
 * safety net for changes made around the services (direct SQL).
 */
const ENTRY_LIFETIME_MS = 5 * 60_000;

/** A write refreshes at once the entries it made stale that were read this recently. */
const READ_LATELY_MS = 10_000;

/**
 * Rebuilds after writes, and those after reads, run this many at a time each, so readers' own
 * requests still get the CPU.
 */
const REFRESHES_AT_ONCE = 2;

/** Per-entry overhead counted on top of the value's bytes, so tiny entries still fill the budget. */
const ENTRY_OVERHEAD = 256;

/** How many past invalidations a finishing build is checked against (hundreds of writes). */
const RECENT_INVALIDATIONS = 256;

interface Entry<V extends CacheValue> {
  value: V;
  /** The invalidation count when its build started: an older build never replaces it. */
  builtIn: number;
  /** When its build started, by the app's clock (its lifetime counts from then). */
  builtAt: number;
  /** When a write made it stale, by the app's clock; null while current. */
  staleSince: number | null;
  /** When it was last read (performance.now()). */
  readAt: number;
  /** How the cache builds it again by itself; null when its next request must (no route read). */
  rebuild: Build<V> | null;
  /** Rebuilt at once by a write that makes it stale (pages, their parts, articles), else after a read. */
  refreshedByWrites: boolean;
}

/** A build of a key, and whether it has begun reading (it may wait for an overtaken one first). */
interface Underway<V> {
  readonly value: Promise<V>;
  readonly begun: boolean;
}

interface Invalidation {
  count: number;
  at: number;
  /** null: everything. */
  tags: ReadonlySet<string> | null;
}

/**
 * What the cache did since it started (written on SIGUSR2, main.ts): reads served from an
 * entry (`stale` of them with the previous copy), reads that waited for a build under way,
 * builds started by a read, and rebuilds started after a write.
 */
export interface CacheCounts {
  hits: number;
  stale: number;
  waits: number;
  builds: number;
  refreshes: number;
}

export interface CacheEntriesOptions {
  maxBytes: number;
  /** The app's clock, in ms since the epoch. */
  now: () => number;
  /** False while invalidations from other instances may be missed: nothing is read or cached. */
  trusted: () => boolean;
}

/**
 * The public cache's entries (docs/decisions/133): a byte-bounded LRU of values by key, each
 * with the tags it was built from, one build per key at a time.
 *
 * A write names tags. Entries carrying an article's own tag (a page, or an article read) are
 * dropped: the next reader gets the article as written. Every other entry carrying a named tag
 * (lists, shared parts, feeds) goes stale: it is rebuilt once, and readers get the previous copy
 * meanwhile, for at most STALE_FOR_MS. Pages, their shared parts and articles that readers asked
 * for lately are rebuilt at once, and the write's `invalidate` resolves when they are current, so
 * whoever wrote reads the change everywhere next. API answers and feeds are rebuilt after their
 * next read, a few at a time, so that a write's rebuilds do not all run at once.
 */
export class CacheEntries<V extends CacheValue> {
  private readonly entries: LRUCache<string, Entry<V>> | null;
  private readonly byTag = new Map<string, Set<string>>();
  /** The build each reader of a key joins: one that started after the last write naming it. */
  private readonly builds = new Map<string, Underway<V>>();
  /**
   * Builds a write overtook (they may have read what it changed): still running, so the next build
   * of the key waits for them and writes that arrive meanwhile share that one next build.
   */
  private readonly overtaken = new Map<string, Promise<unknown>>();
  private readonly recent: Invalidation[] = [];
  private invalidations = 0;
  /** Rebuilds after a write, queued in the order their keys were read (latest first). */
  private readonly afterWrites = new RebuildQueue((key) => this.refreshNow(key));
  /** Rebuilds a read of a stale entry asked for (one no write refreshes). */
  private readonly afterReads = new RebuildQueue((key) => this.refreshNow(key));
  readonly counts: CacheCounts = { hits: 0, stale: 0, waits: 0, builds: 0, refreshes: 0 };

  constructor(private readonly options: CacheEntriesOptions) {
    this.entries =
      options.maxBytes > 0
        ? new LRUCache<string, Entry<V>>({
            maxSize: options.maxBytes,
            sizeCalculation: (entry) => Math.max(1, entry.value.bytes + ENTRY_OVERHEAD),
            dispose: (entry, key) => this.unindex(key, entry.value.tags),
          })
        : null;
  }

  get enabled(): boolean {
    return this.entries !== null && this.options.trusted();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /**
   * The value for `key`: the entry when current, the previous copy while a stale entry is rebuilt
   * (within STALE_FOR_MS), else a build (`build`, joined by every other reader meanwhile).
   * `rebuild` is how the cache may build it again by itself after a write; `counted` false for
   * a lookup that is part of answering a request counted already (a page's shared parts).
   */
  async get(
    key: string,
    build: Build<V>,
    rebuild: Build<V> | null = null,
    counted = true,
  ): Promise<V> {
    if (!this.enabled) return (await build()).value;
    const served = this.serve(key, counted);
    if (served) return served;
    const under = this.builds.get(key);
    if (under) {
      this.counts.waits += 1;
      return under.value;
    }
    this.counts.builds += 1;
    return this.start(key, build, rebuild);
  }

  /**
   * The value for `key` if one may be handed out now without waiting (current, or the previous
   * copy of a stale one while it is rebuilt); starts that rebuild when the cache can.
   */
  peek(key: string): V | undefined {
    return this.enabled ? this.serve(key, false) : undefined;
  }

  /** What `key` may be served with now; `counted` for a read (a peek is counted by its caller). */
  private serve(key: string, counted: boolean): V | undefined {
    const entry = this.entries?.get(key);
    if (!entry) return undefined;
    entry.readAt = performance.now();
    const since = this.staleSince(entry);
    if (since === null) {
      if (counted) this.counts.hits += 1;
      return entry.value;
    }
    if (entry.value.status !== undefined && entry.value.status !== 200) return undefined;
    if (this.options.now() - since >= STALE_FOR_MS) return undefined;
    if (!this.builds.has(key)) {
      // Rebuilt by the cache when it can; otherwise the next request that misses builds it.
      if (!entry.rebuild) return undefined;
      if (entry.refreshedByWrites) {
        this.counts.refreshes += 1;
        this.start(key, entry.rebuild, entry.rebuild).catch(() => undefined);
      } else void this.afterReads.add(key);
    }
    if (counted) this.counts.hits += 1;
    this.counts.stale += 1;
    return entry.value;
  }

  private staleSince(entry: Entry<V>): number | null {
    const { expiresAt } = entry.value;
    const expiry = Math.min(expiresAt ?? Infinity, entry.builtAt + ENTRY_LIFETIME_MS);
    if (this.options.now() < expiry) return entry.staleSince;
    return entry.staleSince === null ? expiry : Math.min(entry.staleSince, expiry);
  }

  /**
   * Builds `key` once: after the build a write overtook, if one still runs (at most STALE_FOR_MS
   * later), and not at all when that one turned out current. An entry the cache cannot rebuild by
   * itself is built by the request that asks (a response first built by its route's handler,
   * cache/cached-routes.ts): that build begins at once, as its request runs it.
   */
  private start(key: string, build: Build<V>, rebuild: Build<V> | null): Promise<V> {
    const overtaken = rebuild ? this.overtaken.get(key) : undefined;
    let begun = false;
    const run = async (): Promise<V> => {
      if (overtaken) {
        await settledWithin(overtaken, STALE_FOR_MS);
        const done = this.entries?.peek(key);
        if (done && this.staleSince(done) === null) return done.value;
      }
      begun = true;
      const startedIn = this.invalidations;
      const builtAt = this.options.now();
      const built = await build();
      if (built.keep && this.enabled) {
        const whenRead = built.rebuildWhenRead;
        this.keep(key, built.value, startedIn, builtAt, whenRead ?? rebuild, !whenRead);
      }
      return built.value;
    };
    const underway: Underway<V> = {
      value: run(),
      get begun() {
        return begun;
      },
    };
    this.builds.set(key, underway);
    const forget = () => {
      if (this.builds.get(key) === underway) this.builds.delete(key);
      if (this.overtaken.get(key) === underway.value) this.overtaken.delete(key);
    };
    underway.value.then(forget, forget);
    return underway.value;
  }

  /**
   * Makes stale (or drops) every entry carrying one of `tags` ('*' drops everything), and
   * resolves once those of them read lately that the cache can rebuild are current again.
   * `dropAll`: no entry named is given out again, own tag or not (a publication at its time).
   */
  invalidate(tags: StaleTags, { dropAll = false }: { dropAll?: boolean } = {}): Promise<void> {
    if (tags.length === 0 || !this.entries) return Promise.resolve();
    this.invalidations += 1;
    const now = this.options.now();
    const everything = tags.includes(publicTags.everything);
    this.recent.push({
      count: this.invalidations,
      at: now,
      tags: everything ? null : new Set(tags),
    });
    if (this.recent.length > RECENT_INVALIDATIONS) this.recent.shift();
    if (everything) {
      for (const key of [...this.builds.keys()]) this.overtake(key);
      this.entries.clear();
      return Promise.resolve();
    }
    const touched = new Map<string, Entry<V>>();
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) {
        const entry = this.entries.peek(key);
        if (!entry) continue;
        touched.set(key, entry);
        if (dropAll || isOwnTag(tag) || (entry.value.status ?? 200) !== 200)
          entry.staleSince = -Infinity;
        else entry.staleSince ??= now;
      }
    }
    // Builds under way may have read what the write changed: later readers wait for new ones.
    for (const key of [...this.builds.keys()]) {
      if (touched.has(key) || !this.entries.has(key)) this.overtake(key);
    }
    const lately = performance.now() - READ_LATELY_MS;
    const chosen: string[] = [];
    for (const [key, entry] of touched) {
      if (entry.rebuild && entry.refreshedByWrites && entry.readAt >= lately) chosen.push(key);
      // Dropped now unless rebuilt at once: nobody gets the copy from before the write.
      else if (entry.staleSince === -Infinity) this.entries.delete(key);
    }
    chosen.sort((a, b) => (touched.get(b)?.readAt ?? 0) - (touched.get(a)?.readAt ?? 0));
    // Whoever wrote waits for them, but never past the time readers may get a stale copy.
    return settledWithin(Promise.all(chosen.map((key) => this.afterWrites.add(key))), STALE_FOR_MS);
  }

  /**
   * A build of `key` that has begun reading may have missed this write: nobody joins it any more,
   * and the next build waits for it. One that has not begun reads what the write changed.
   */
  private overtake(key: string) {
    const underway = this.builds.get(key);
    if (!underway?.begun) return;
    this.builds.delete(key);
    this.overtaken.set(key, underway.value);
  }

  private async refreshNow(key: string): Promise<void> {
    const entry = this.entries?.peek(key);
    if (!entry?.rebuild || this.staleSince(entry) === null) return;
    // A build that began after the write reads what it wrote: joined, not repeated.
    const under = this.builds.get(key);
    this.counts.refreshes += under ? 0 : 1;
    try {
      await (under?.value ?? this.start(key, entry.rebuild, entry.rebuild));
    } catch {
      // Not rebuilt: dropped below, and its next reader builds it.
    }
    const now = this.entries?.peek(key);
    if (now === entry) this.entries?.delete(key);
  }

  clear(): void {
    void this.invalidate([publicTags.everything]);
  }

  /**
   * Keeps what a build that started after `startedIn` invalidations made: current when none
   * since named one of its tags, stale from the first that did, and not at all when one named its
   * own tag or dropped everything, when it is too old to tell, or when a newer build's value is
   * cached already.
   */
  private keep(
    key: string,
    value: V,
    startedIn: number,
    builtAt: number,
    rebuild: Build<V> | null,
    refreshedByWrites: boolean,
  ) {
    const entries = this.entries;
    if (!entries) return;
    const kept = entries.peek(key);
    if (kept && kept.builtIn > startedIn) return;
    let staleSince: number | null = null;
    if (startedIn < this.invalidations) {
      const oldest = this.recent[0];
      if (!oldest || oldest.count > startedIn + 1) return;
      for (const { count, at, tags } of this.recent) {
        if (count <= startedIn) continue;
        if (tags === null) return;
        const named = value.tags.filter((tag) => tags.has(tag));
        if (named.length === 0) continue;
        if (named.some(isOwnTag)) return;
        // Stale from the first write that named it, unless a later one dropped it.
        staleSince ??= at;
      }
    }
    const entry: Entry<V> = {
      value,
      builtIn: startedIn,
      builtAt,
      staleSince,
      // The reader that built it read it.
      readAt: performance.now(),
      rebuild,
      refreshedByWrites,
    };
    entries.set(key, entry);
    if (!entries.has(key)) return; // larger than the whole cache
    for (const tag of value.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, tags: StaleTags) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/**
 * Keys to rebuild, run REFRESHES_AT_ONCE at a time in the order queued, so readers' own requests
 * still get the CPU and a write's rebuilds are spread out, not one burst. A key queued again while
 * it waits is rebuilt once; `add` resolves when its rebuild is done (or was not needed any more).
 */
class RebuildQueue {
  private readonly waiting = new Map<string, Array<() => void>>();
  private running = 0;

  constructor(private readonly rebuild: (key: string) => Promise<void>) {}

  add(key: string): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push(resolve);
      else this.waiting.set(key, [resolve]);
      this.next();
    });
  }

  private next() {
    while (this.running < REFRESHES_AT_ONCE && this.waiting.size > 0) {
      const [key, done] = this.waiting.entries().next().value as [string, Array<() => void>];
      this.waiting.delete(key);
      this.running += 1;
      void this.rebuild(key).finally(() => {
        this.running -= 1;
        for (const resolve of done) resolve();
        this.next();
      });
    }
  }
}

/** Resolves when `promise` settles, or after `ms`, whichever is first; never rejects. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
