import { useQuery } from '@tanstack/react-query';
import type { NewsDto } from '@newsroom/contract';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { newsInvalidates, newsItemQuery, saveNews } from './api.ts';
import { NewsForm } from './NewsForm.tsx';
import { HistoryPanel } from './history/HistoryPanel.tsx';
import { emptyNewsForm, formFromNews } from './schema.ts';

/** Add News: after a save the form, tags, image and video preview start over. */
export function NewsAddScreen() {
  const save = useAdminMutation({
    mutationFn: (form: FormData) => saveNews(form),
    invalidates: newsInvalidates,
  });
  return (
    <section>
      <ScreenHeader title="Add News" />
      <NewsForm
        mode="create"
        timeZone={siteTimeZone()}
        initial={emptyNewsForm}
        pending={save.isPending}
        onSave={save.mutateAsync}
      />
    </section>
  );
}

/**
 * Update News: the item comes as router state from the news table, or is loaded here when the
 * screen is opened directly or reloaded. A save goes back to the news table.
 */
export function NewsUpdateScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const passed = (location.state as { item?: NewsDto } | null)?.item;
  const item = useQuery({
    ...newsItemQuery(id),
    initialData: passed?._id === id ? passed : undefined,
  });
  const save = useAdminMutation({
    mutationFn: (form: FormData) => saveNews(form, id),
    invalidates: newsInvalidates,
  });

  return (
    <section>
      <ScreenHeader title="Update News" />
      {item.isPending ? (
        <p className="text-slate-600">Loading...</p>
      ) : item.isError ? (
        <p className="text-slate-700">
          {item.error.message}.{' '}
          <Link className="text-red-700 underline" to={paths.admin.newsTable()}>
            Back to the news table
          </Link>
        </p>
      ) : (
        <>
          <NewsForm
            // A restore gives the article a new time: the form starts over from it.
            key={`${item.data._id}:${item.data.updatedAt}`}
            mode="update"
            timeZone={siteTimeZone()}
            initial={formFromNews(item.data, siteTimeZone())}
            newsId={item.data._id}
            authors={item.data.authors}
            pending={save.isPending}
            onSave={save.mutateAsync}
            onSaved={() => navigate(paths.admin.newsTable())}
          />
          <HistoryPanel newsId={item.data._id} />
        </>
      )}
    </section>
  );
}
