import { useQuery } from '@tanstack/react-query';
import type { NewsDto } from '@newsroom/contract';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { newsInvalidates, newsItemQuery, saveNews } from './api.ts';
import { NewsForm } from './NewsForm.tsx';
import { ArticlePresenceGate } from './presence/ArticlePresenceGate.tsx';
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
        <ArticlePresenceGate key={item.data._id} articleId={item.data._id}>
          {({ readOnly, mode }) => (
            <NewsForm
              // A reader sees each save; the one editing keeps what they typed.
              key={readOnly && mode !== 'taken-over' ? item.data.updatedAt : 'editing'}
              mode="update"
              timeZone={siteTimeZone()}
              initial={formFromNews(item.data, siteTimeZone())}
              authors={item.data.authors}
              pending={save.isPending}
              onSave={save.mutateAsync}
              onSaved={() => navigate(paths.admin.newsTable())}
              readOnly={readOnly}
            />
          )}
        </ArticlePresenceGate>
      )}
    </section>
  );
}
