import { LRUCache } from 'lru-cache';
import { publicTags, type StaleTags } from './tags.ts';

/** What the cache keeps: anything that knows its size in bytes and the tags it depends on. */
export interface Cacheable {
  bytes: number;
  tags: StaleTags;
  /** When the answer goes stale without a write (ms since the epoch, by the app's clock). */
  expiresAt?: number | null;
}

/** A build's result, and whether it may be kept (errors and outage pages are not). */
export interface Built<V extends Cacheable> {
  value: V;
  keep: boolean;
}

export interface AnswerCacheOptions {
  maxBytes: number;
  /** A safety net for changes made around the services (direct SQL): entries live at most this. */
  ttlMs: number;
  /** False while invalidations from other instances may be missed: nothing is read or kept. */
  trusted: () => boolean;
  /**
   * How long after an invalidation the last copy may still be handed to requests that arrive
   * while its replacement is being built (0: they wait for it, as the first request always does).
   */
  graceMs: number;
  /** The app's clock, in ms since the epoch: what `expiresAt` and the grace are compared with. */
  now: () => number;
}

/** Per-entry overhead counted on top of the bodies, so many tiny entries still fill the budget. */
const ENTRY_OVERHEAD = 256;

/**
 * How many past invalidations a finishing build is checked against; a build that started before
 * the oldest of them (hundreds of writes ago) is not kept.
 */
const RECENT_INVALIDATIONS = 256;

/**
 * A write rebuilds, before its answer, at most this many of the answers it made stale: those read
 * most recently, and only those read within `REFRESH_READ_WINDOW_MS` (docs/decisions/086).
 */
const REFRESH_AT_ONCE = 8;
const REFRESH_READ_WINDOW_MS = 10_000;

/** How an answer is built again without a request, and when it was last read (performance.now). */
interface Recipe<V extends Cacheable> {
  rebuild: (() => Promise<Built<V>>) | null;
  readAt: number;
}

/** How a request takes its answer from the cache. */
export interface ThroughOptions<V extends Cacheable> {
  /**
   * False for a caller that builds something kept from the answer (a page render reading the
   * API): it waits for the rebuild rather than baking a stale copy into its own.
   */
  acceptStale?: boolean;
  /** Builds the answer again with no request behind it, so a write can refresh it (`refresh`). */
  rebuild?: () => Promise<Built<V>>;
}

/**
 * What the cache did since it was made, counted (main.ts writes them on SIGUSR2): lookups
 * answered with a kept copy (`stale` of them with a stale one), lookups that waited for a build
 * under way, builds started by a lookup, and rebuilds started by a write's refresh.
 */
export interface CacheCounts {
  hits: number;
  stale: number;
  waits: number;
  builds: number;
  refreshes: number;
}

interface Invalidation {
  generation: number;
  at: number;
  /** null: everything. */
  tags: ReadonlySet<string> | null;
}

/**
 * A byte-bounded LRU of answers with a tag index and one build per key at a time. An invalidation
 * makes later requests start a new build instead of joining one that may have read old data.
 *
 * An invalidated answer is not dropped at once but marked stale (docs/decisions/076): the next
 * request rebuilds it and waits, so a writer reading after its write sees the change; requests
 * arriving while that rebuild runs get the stale copy instead of queueing behind it, for at most
 * `graceMs` after the invalidation. A build that overlapped an invalidation of one of its tags is
 * kept as stale from that invalidation: newer than the copy it replaces, but never current.
 *
 * A writer need not leave that wait to a reader: `refresh` rebuilds the stale answers read lately
 * at once (docs/decisions/086), and the write answers once they are current, so that readers of
 * the busiest answers get the stale copy meanwhile and never wait for a render.
 */
export class AnswerCache<V extends Cacheable> {
  private readonly entries: LRUCache<string, V> | null;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Promise<V>>();
  /** Keys of kept answers made stale by an invalidation, with when it first happened. */
  private readonly staleSince = new Map<string, number>();
  /** Per kept answer: how to build it again, and when it was last read. */
  private readonly recipes = new Map<string, Recipe<V>>();
  /** The generation each kept answer's build started in, so an older build never replaces it. */
  private readonly startedIn = new WeakMap<V, number>();
  /** The latest invalidations, oldest first, with the generation each one began. */
  private readonly recent: Invalidation[] = [];
  private generation = 0;
  readonly counts: CacheCounts = { hits: 0, stale: 0, waits: 0, builds: 0, refreshes: 0 };

  constructor(private readonly options: AnswerCacheOptions) {
    this.entries =
      options.maxBytes > 0
        ? new LRUCache<string, V>({
            maxSize: options.maxBytes,
            sizeCalculation: (value) => Math.max(1, value.bytes + ENTRY_OVERHEAD),
            ttl: options.ttlMs,
            dispose: (value, key) => this.unindex(key, value.tags),
          })
        : null;
  }

  get enabled(): boolean {
    return this.entries !== null && this.options.trusted();
  }

  /** The kept answer for `key`, or the one being built, or a new build (kept if it may be). */
  async through(
    key: string,
    build: () => Promise<Built<V>>,
    { acceptStale = true, rebuild }: ThroughOptions<V> = {},
  ): Promise<V> {
    const entries = this.enabled ? this.entries : null;
    if (!entries) return (await build()).value;
    const hit = this.fresh(key);
    const since = hit ? this.staleSince.get(key) : undefined;
    const counts = this.counts;
    if (hit && since === undefined) {
      counts.hits += 1;
      return hit;
    }
    if (hit && acceptStale && this.staleAnswerable(key, since)) {
      counts.hits += 1;
      counts.stale += 1;
      return hit;
    }
    const flight = this.flights.get(key);
    if (flight) {
      counts.waits += 1;
      return flight;
    }
    counts.builds += 1;
    return this.fly(key, build, rebuild ?? null);
  }

  /** The rule for a stale copy: answered only while its rebuild runs, and within the grace. */
  private staleAnswerable(key: string, since: number | undefined): boolean {
    return (
      since !== undefined &&
      this.flights.has(key) &&
      this.options.now() - since < this.options.graceMs
    );
  }

  private fly(
    key: string,
    build: () => Promise<Built<V>>,
    rebuild: (() => Promise<Built<V>>) | null,
  ): Promise<V> {
    const generation = this.generation;
    const flight = build().then(({ value, keep }) => {
      if (keep && this.enabled) this.keepBuilt(key, value, generation, rebuild);
      return value;
    });
    this.flights.set(key, flight);
    const forget = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    flight.then(forget, forget);
    return flight;
  }

  /**
   * The kept answer for `key` without building one: a current one, or a stale one while its
   * rebuild runs and within the grace (as `through` answers a request that accepts stale).
   */
  peek(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const since = this.staleSince.get(key);
    if (since !== undefined && !this.staleAnswerable(key, since)) return undefined;
    return this.fresh(key);
  }

  /**
   * Marks stale every answer carrying one of `tags` ('*' drops everything at once), and returns
   * the keys of those it marked (for `refresh`).
   */
  invalidate(tags: StaleTags): string[] {
    if (tags.length === 0) return [];
    this.generation += 1;
    const everything = tags.includes(publicTags.everything);
    const now = this.options.now();
    this.recent.push({
      generation: this.generation,
      at: now,
      tags: everything ? null : new Set(tags),
    });
    if (this.recent.length > RECENT_INVALIDATIONS) this.recent.shift();
    if (everything) {
      this.flights.clear();
      this.entries?.clear();
      return [];
    }
    const marked = new Set<string>();
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        if (this.options.graceMs === 0) {
          this.entries?.delete(key);
          continue;
        }
        if (!this.staleSince.has(key)) this.staleSince.set(key, now);
        marked.add(key);
      }
    }
    this.forgetFlightsOf(marked);
    return [...marked];
  }

  /**
   * Builds under way that may have read what an invalidation changed are forgotten, so later
   * requests start new ones rather than join them: those of the answers it marked, and those of
   * answers not kept, whose tags are not known yet. A build of an answer whose kept copy carries
   * none of the tags goes on being joined (an answer's tags follow from its URL and the article
   * it shows, and a write that moves an article names its old places too). Forgetting every build
   * made each write, while a list was being rebuilt for an earlier one, send that list's next
   * reader to a render of its own, and wait for it.
   */
  private forgetFlightsOf(marked: ReadonlySet<string>) {
    for (const key of [...this.flights.keys()]) {
      if (marked.has(key) || !this.entries?.has(key)) this.flights.delete(key);
    }
  }

  /**
   * Builds again, now, the answers of `keys` (just made stale) that readers asked for lately, so
   * that no reader waits for them: while they build, readers get the stale copies (within the
   * grace). Resolves once each of them holds a build started after this call, or, when one was
   * not kept or took longer than `waitMs`, once its stale copy is dropped: either way no reader
   * after that gets the copy from before. The others stay stale for their next reader to rebuild.
   */
  async refresh(keys: readonly string[], waitMs: number): Promise<void> {
    if (!this.enabled || this.options.graceMs === 0) return;
    const lately = performance.now() - REFRESH_READ_WINDOW_MS;
    const chosen: { key: string; rebuild: () => Promise<Built<V>>; readAt: number }[] = [];
    for (const key of keys) {
      const recipe = this.recipes.get(key);
      if (recipe?.rebuild && recipe.readAt >= lately && this.staleSince.has(key)) {
        chosen.push({ key, rebuild: recipe.rebuild, readAt: recipe.readAt });
      }
    }
    chosen.sort((a, b) => b.readAt - a.readAt);
    await Promise.all(
      chosen
        .slice(0, REFRESH_AT_ONCE)
        .map(({ key, rebuild }) => this.refreshOne(key, rebuild, waitMs)),
    );
  }

  private async refreshOne(key: string, rebuild: () => Promise<Built<V>>, waitMs: number) {
    const before = this.entries?.peek(key);
    // A build under way now started after the invalidation: it reads what the write wrote.
    let flight = this.flights.get(key);
    if (!flight) {
      this.counts.refreshes += 1;
      flight = this.fly(key, rebuild, rebuild);
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      flight.catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
    // Not replaced (too slow, failed or not kept): the next reader waits for a current answer.
    if (before !== undefined && this.entries?.peek(key) === before) this.entries.delete(key);
  }

  clear(): void {
    this.invalidate([publicTags.everything]);
  }

  /** How many answers are kept (for tests and the health of the cache). */
  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** The kept answer for `key` unless it has expired (then it is dropped); notes the read. */
  private fresh(key: string): V | undefined {
    const value = this.entries?.get(key);
    if (value === undefined) return undefined;
    const recipe = this.recipes.get(key);
    if (recipe) recipe.readAt = performance.now();
    if (value.expiresAt == null || value.expiresAt > this.options.now()) return value;
    this.entries?.delete(key);
    return undefined;
  }

  /**
   * Keeps what a build that started in `generation` made: current when no invalidation since then
   * named one of its tags, stale from the first that did, and not at all when one dropped
   * everything, when it is too old to tell, or when a newer build's answer is kept already.
   */
  private keepBuilt(
    key: string,
    value: V,
    generation: number,
    rebuild: (() => Promise<Built<V>>) | null,
  ) {
    const kept = this.entries?.peek(key);
    if (kept && (this.startedIn.get(kept) ?? -1) > generation) return;
    let staleFrom: number | undefined;
    if (generation < this.generation) {
      const oldest = this.recent[0];
      if (!oldest || oldest.generation > generation + 1) return;
      for (const { generation: g, at, tags } of this.recent) {
        if (g <= generation) continue;
        if (tags === null) return;
        if (value.tags.some((tag) => tags.has(tag))) {
          staleFrom = at;
          break;
        }
      }
    }
    // Without a grace a stale copy is never answered: not worth its bytes.
    if (staleFrom !== undefined && this.options.graceMs === 0) return;
    this.keep(key, value, staleFrom, rebuild);
    this.startedIn.set(value, generation);
  }

  private keep(
    key: string,
    value: V,
    staleFrom: number | undefined,
    rebuild: (() => Promise<Built<V>>) | null,
  ) {
    if (!this.entries) return;
    this.entries.set(key, value);
    if (staleFrom === undefined) this.staleSince.delete(key);
    else this.staleSince.set(key, staleFrom);
    if (!this.entries.has(key)) return; // larger than the whole cache
    // Read since this build: not yet (the request that built it had its answer from the build).
    this.recipes.set(key, { rebuild, readAt: -Infinity });
    for (const tag of value.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, tags: StaleTags) {
    this.staleSince.delete(key);
    this.recipes.delete(key);
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
