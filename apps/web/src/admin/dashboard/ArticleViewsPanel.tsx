import { useState } from 'react';
import { DEFAULT_VIEW_PERIOD, type ViewPeriod } from '@newsroom/contract';
import { PeriodSelect, ViewsByDay } from './ViewsByDay.tsx';
import { useArticleViews } from './views-api.ts';

/** The editor's Views panel: the article's own views per day (decision 119). */
export function ArticleViewsPanel({ newsId }: { newsId: string }) {
  const [days, setDays] = useState<ViewPeriod>(DEFAULT_VIEW_PERIOD);
  const views = useArticleViews(newsId, days);
  return (
    <section
      aria-labelledby="article-views-heading"
      className="mt-8 rounded-lg border border-slate-200 p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="article-views-heading" className="text-lg font-bold">
          Views
        </h2>
        <PeriodSelect value={days} onChange={setDays} />
      </div>
      {views.isPending ? (
        <p className="text-sm text-slate-600">Loading views…</p>
      ) : views.isError ? (
        <p className="text-sm text-red-700">{views.error.message}</p>
      ) : (
        <ViewsByDay days={views.data.days} title="This article" />
      )}
    </section>
  );
}
