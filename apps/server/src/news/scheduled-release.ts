import type { Clock } from '../domain/clock.ts';
import type { PublicationSchedule } from '../cache/public-cache.ts';
import { articleTags, publicTags, type StaleTags } from '../cache/tags.ts';
import { toNewsDto, type NewsRepository } from './repo.ts';

/** How many of the soonest scheduled articles are held in memory; more is rare. */
const HELD = 500;
/** setTimeout's longest delay; a later time is re-armed when this one fires. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

interface Upcoming {
  /** The publication time, ISO. */
  at: string;
  tags: StaleTags;
}

/**
 * Scheduled publishing for the public cache (decision 085): the soonest scheduled articles and
 * what each would make stale, read from the database. When a publication time has come, `due`
 * hands over exactly the tags a write of that article would have named, so kept answers change
 * at that moment with no write. The cache asks before every read (by the injected clock, so tests
 * move time), and a timer asks at the time itself. Every write, here or on another instance (the
 * invalidation bus), makes it read the schedule again.
 */
export class ScheduledRelease implements PublicationSchedule {
  private upcoming: Upcoming[] = [];
  /** False when more articles wait than are held: past the last held, nothing is known. */
  private complete = true;
  private timer: NodeJS.Timeout | null = null;
  private onDue: () => void = () => undefined;
  /** Reads started; only the latest one's answer is kept, whatever order they finish in. */
  private reads = 0;

  constructor(
    private readonly news: NewsRepository,
    private readonly clock: Clock,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** Reads the schedule, and calls `onDue` at each publication time from then on. */
  async start(onDue: () => void): Promise<void> {
    this.onDue = onDue;
    await this.reload();
  }

  /** The schedule changed (a write here or elsewhere): read it again. */
  refresh(): void {
    // On failure the schedule known so far stays: the database was just written, so this is rare.
    void this.reload().catch((error: unknown) => {
      this.log.warn({ err: error }, 'Could not read the publication schedule');
    });
  }

  /**
   * The tags of every publication whose time has come since last asked, removed from the
   * schedule; everything when the schedule was cut short and ran out; null when nothing is due.
   */
  due(): StaleTags | null {
    // Asked before every read: with nothing scheduled (the usual case) it reads no clock.
    if (this.upcoming.length === 0) return null;
    const now = this.clock.now().toISOString();
    let count = 0;
    while (count < this.upcoming.length && (this.upcoming[count]?.at ?? now) <= now) count += 1;
    if (count === 0) return null;
    const released = this.upcoming.splice(0, count).flatMap((item) => item.tags);
    if (this.upcoming.length === 0 && !this.complete) {
      this.refresh();
      return [publicTags.everything];
    }
    return released;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async reload(): Promise<void> {
    const read = ++this.reads;
    const rows = await this.news.scheduled(HELD);
    if (read !== this.reads) return;
    this.upcoming = rows.map((row) => ({
      at: row.created_at,
      // At its time the article is new: in the news sitemap's window too.
      tags: articleTags(
        toNewsDto(row, (key) => key),
        new Date(row.created_at),
      ),
    }));
    this.complete = rows.length < HELD;
    this.arm();
  }

  /** A timer for the soonest publication, so answers change even when nobody reads. */
  private arm(): void {
    this.stop();
    const next = this.upcoming[0];
    if (!next) return;
    const delay = Math.max(0, Date.parse(next.at) - this.clock.now().getTime());
    this.timer = setTimeout(
      () => {
        this.onDue();
        this.arm();
      },
      Math.min(delay, LONGEST_DELAY_MS),
    );
    this.timer.unref();
  }
}
