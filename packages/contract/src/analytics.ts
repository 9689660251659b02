import { z } from 'zod';

/**
 * First-party analytics (decision 119): page views as daily totals. Days are dates in the site's
 * time zone (`YYYY-MM-DD`), oldest first, every day of the period listed (0 when none).
 */

/** The periods a chart covers, in days ending today. */
export const VIEW_PERIODS = [7, 30, 90] as const;
export type ViewPeriod = (typeof VIEW_PERIODS)[number];
/** The period of a call that names none. */
export const DEFAULT_VIEW_PERIOD: ViewPeriod = 30;
/** Rows of each "top" list. */
export const TOP_VIEWED_COUNT = 10;

const DAYS_MESSAGE = `days: one of ${VIEW_PERIODS.join(', ')}`;

/** `?days=7|30|90`, 30 when absent. */
export const viewsQuerySchema = z.object({
  days: z.enum(['7', '30', '90'], { error: DAYS_MESSAGE }).optional(),
});
export type ViewsQuery = z.infer<typeof viewsQuerySchema>;

/** The period a query names. */
export const periodOf = (query: ViewsQuery): ViewPeriod =>
  query.days === undefined ? DEFAULT_VIEW_PERIOD : (Number(query.days) as ViewPeriod);

export const dayViewsSchema = z.object({ date: z.string(), views: z.number() });
export type DayViews = z.infer<typeof dayViewsSchema>;

export const siteViewsSchema = z.object({
  days: z.array(dayViewsSchema),
  topArticles: z.array(z.object({ _id: z.string(), title: z.string(), views: z.number() })),
  topSections: z.array(z.object({ name: z.string(), views: z.number() })),
  /** Hosts of other sites readers came from; `(other)` past the day's limit of hosts. */
  topReferrers: z.array(z.object({ host: z.string(), views: z.number() })),
});
export type SiteViews = z.infer<typeof siteViewsSchema>;

export const articleViewsSchema = z.object({ days: z.array(dayViewsSchema) });
export type ArticleViews = z.infer<typeof articleViewsSchema>;
