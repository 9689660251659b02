import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../domain/clock.ts';
import type { SiteDays } from './days.ts';
import { OTHER_HOST } from './referrer.ts';
import type { AnalyticsRepository } from './repo.ts';
import { IntervalWriter } from '../views/interval-writer.ts';

export interface AnalyticsLogger {
  warn(details: object, message: string): void;
}

/** One page view: the article, its section and the other site it came from, if any. */
export interface PageView {
  newsId: string;
  categoryId: string;
  referrerHost: string | null;
}

/** Rows written per statement (as the view buffer writes articles: views/view-buffer.ts). */
const ROWS_PER_STATEMENT = 100;
/** Referrer hosts kept per day; the views of any further ones are kept as `(other)`. */
export const REFERRER_HOSTS_PER_DAY = 200;

/** A day's views counted here and not written yet. */
class DayCounts {
  views = 0;
  readonly articles = new Map<string, number>();
  readonly sections = new Map<string, number>();
  readonly referrers = new Map<string, number>();
}

const add = (map: Map<string, number>, key: string, count: number) =>
  map.set(key, (map.get(key) ?? 0) + count);

/**
 * Daily view totals (decision 119): each view is added in memory to its day (in the site's time
 * zone) and the totals are written once per interval, a hundred rows a statement with readers
 * served between statements, so a read never waits for a write. A failed write keeps what it
 * had not written for the next interval; a process killed outright loses at most one interval.
 * Nothing about the reader is kept: the article, its section and another site's host only.
 */
export class DailyViews extends IntervalWriter {
  private pending = new Map<string, DayCounts>();
  /** The hosts each day holds (read once per day from the database), bounded per day. */
  private readonly hostsOfDay = new Map<string, Set<string>>();

  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly days: SiteDays,
    private readonly clock: Clock,
    private readonly log: AnalyticsLogger,
    intervalMs = 1000,
  ) {
    super(intervalMs);
  }

  /** Counts one view, today. */
  count(view: PageView): void {
    const counts = this.pendingOf(this.days.of(this.clock.now().getTime()));
    counts.views += 1;
    add(counts.articles, view.newsId, 1);
    add(counts.sections, view.categoryId, 1);
    if (view.referrerHost !== null) {
      // A flood of made-up referrers between two writes stays bounded in memory too.
      const host =
        counts.referrers.has(view.referrerHost) || counts.referrers.size < REFERRER_HOSTS_PER_DAY
          ? view.referrerHost
          : OTHER_HOST;
      add(counts.referrers, host, 1);
    }
  }

  protected hasPending(): boolean {
    return this.pending.size > 0;
  }

  protected async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const writing = this.pending;
    this.pending = new Map();
    // Each step writes one statement; on a failure, the steps not done are counted again.
    const steps: Array<{ run: () => Promise<void>; keep: () => void }> = [];
    for (const [day, counts] of writing) {
      const retry = () => this.pendingOf(day);
      for (const [map, write, keyOf] of [
        [counts.articles, (rows) => this.repo.addArticles(day, rows), 'articles'],
        [counts.sections, (rows) => this.repo.addSections(day, rows), 'sections'],
        [counts.referrers, (rows) => this.writeReferrers(day, rows), 'referrers'],
      ] as const satisfies ReadonlyArray<
        readonly [
          Map<string, number>,
          (rows: Array<[string, number]>) => Promise<void>,
          'sections' | 'referrers' | 'articles',
        ]
      >) {
        const rows = [...map];
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          const batch = rows.slice(i, i + ROWS_PER_STATEMENT);
          steps.push({
            run: () => write(batch),
            keep: () => {
              for (const [key, count] of batch) add(retry()[keyOf], key, count);
            },
          });
        }
      }
      // The site's total last: once it shows a view, the rows of its article, section and
      // referrer are written too.
      steps.push({
        run: () => this.repo.addSite(day, counts.views),
        keep: () => {
          retry().views += counts.views;
        },
      });
    }
    let done = 0;
    try {
      for (const step of steps) {
        if (done > 0) await nextTurn();
        await step.run();
        done += 1;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Could not write daily views; retrying next interval');
      for (const step of steps.slice(done)) step.keep();
    }
    this.forgetOldDays();
  }

  private pendingOf(day: string): DayCounts {
    let counts = this.pending.get(day);
    if (!counts) {
      counts = new DayCounts();
      this.pending.set(day, counts);
    }
    return counts;
  }

  /** A day keeps at most REFERRER_HOSTS_PER_DAY hosts (on each instance); others go to `(other)`. */
  private async writeReferrers(day: string, rows: Array<[string, number]>): Promise<void> {
    let hosts = this.hostsOfDay.get(day);
    if (!hosts) {
      const stored = await this.repo.referrerHosts(day, REFERRER_HOSTS_PER_DAY + 1);
      hosts = new Set(stored.filter((host) => host !== OTHER_HOST));
      this.hostsOfDay.set(day, hosts);
    }
    const kept = new Map<string, number>();
    for (const [host, count] of rows) {
      const known = hosts.has(host) || host === OTHER_HOST;
      if (!known && hosts.size < REFERRER_HOSTS_PER_DAY) hosts.add(host);
      add(kept, known || hosts.has(host) ? host : OTHER_HOST, count);
    }
    await this.repo.addReferrers(day, [...kept]);
  }

  /** Only today's (and yesterday's, for views counted just before midnight) hosts are kept. */
  private forgetOldDays(): void {
    const recent = new Set(this.days.period(this.clock.now().getTime(), 2));
    for (const day of this.hostsOfDay.keys()) if (!recent.has(day)) this.hostsOfDay.delete(day);
  }
}
