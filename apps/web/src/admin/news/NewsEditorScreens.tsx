import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { MergeDialog } from '../desk/MergeDialog.tsx';
import type { MyVersion } from '../desk/merge.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { fetchNewsItem, newsInvalidates, newsItemQuery, saveNews } from './api.ts';
import { NewsForm } from './NewsForm.tsx';
import { CorrectionsPanel } from './corrections/CorrectionsPanel.tsx';
import { ArticlePresenceGate } from './presence/ArticlePresenceGate.tsx';
import { HistoryPanel } from './history/HistoryPanel.tsx';
import { PreviewPanel } from './previews/PreviewPanel.tsx';
import { useCan } from '../lib/permissions.ts';
import { ArticleViewsPanel } from '../dashboard/ArticleViewsPanel.tsx';
import { emptyNewsForm, formFromNews, stageOfNews, toFormData, type EditedNews } from './schema.ts';

const newsAndDesk = [...newsInvalidates, adminKeys.desk];

/** Add News: after a save the form, tags, image and video preview start over. */
export function NewsAddScreen() {
  const save = useAdminMutation({
    mutationFn: (form: FormData) => saveNews(form),
    invalidates: newsAndDesk,
  });
  return (
    <section>
      <ScreenHeader title="Add News" />
      <NewsForm
        mode="create"
        timeZone={siteTimeZone()}
        initial={emptyNewsForm}
        pending={save.isPending}
        onSave={(form) => save.mutateAsync(form)}
      />
    </section>
  );
}

/** Two versions of one article: yours, refused, and the one saved since (decision 107). */
interface Conflict {
  mine: MyVersion;
  theirs: EditedNews;
}

/**
 * Update News: the item comes as router state from the news table, or is loaded here when the
 * screen is opened directly or reloaded. Every save names the version opened; when someone saved
 * since, both versions are shown side by side to merge. A save goes back to the news table.
 */
export function NewsUpdateScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const timeZone = siteTimeZone();
  const passed = (location.state as { item?: EditedNews } | null)?.item;
  const item = useQuery({
    ...newsItemQuery(id),
    initialData: passed?._id === id ? passed : undefined,
  });
  const save = useAdminMutation({
    mutationFn: (form: FormData) => saveNews(form, id),
    invalidates: newsAndDesk,
  });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** Restores made here: each starts the form over from the article as restored. */
  const [restores, setRestores] = useState(0);

  /** A save; refused for a newer version, the version saved since is read afresh to merge. */
  const saveOrMerge = async (form: FormData, mine: MyVersion) => {
    try {
      return await save.mutateAsync(form);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict({ mine, theirs: await fetchNewsItem(id) });
      }
      throw error;
    }
  };
  const mayPreview = useCan('news.preview');

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
          <ArticlePresenceGate key={item.data._id} articleId={item.data._id}>
            {({ readOnly, mode }) => (
              <NewsForm
                // A reader sees each save; the one editing keeps what they typed (and the
                // version they opened, so a save since is a 409 to merge), until they restore.
                key={
                  readOnly && mode !== 'taken-over'
                    ? `read:${item.data.version}`
                    : `edit:${restores}`
                }
                mode="update"
                timeZone={timeZone}
                initial={formFromNews(item.data, timeZone)}
                newsId={item.data._id}
                authors={item.data.authors}
                stage={item.data.stage}
                version={item.data.version}
                assignee={item.data.assignee}
                pending={save.isPending}
                onSave={(form, values, removeImage) => saveOrMerge(form, { values, removeImage })}
                onSaved={() => navigate(paths.admin.newsTable())}
                readOnly={readOnly}
              />
            )}
          </ArticlePresenceGate>
          <HistoryPanel newsId={item.data._id} onRestored={() => setRestores((n) => n + 1)} />
          <CorrectionsPanel
            newsId={item.data._id}
            authors={item.data.authors}
            published={item.data.status && stageOfNews(item.data) === 'published'}
          />
          {mayPreview && !isPublic(item.data) ? <PreviewPanel newsId={item.data._id} /> : null}
          <ArticleViewsPanel newsId={item.data._id} />
        </>
      )}
      {conflict ? (
        <MergeDialog
          key={conflict.theirs.version}
          mine={conflict.mine}
          theirs={conflict.theirs}
          timeZone={timeZone}
          pending={save.isPending}
          onCancel={() => setConflict(null)}
          onSave={(merge, version) => {
            const form = toFormData(merge.values, merge.removeImage, timeZone, version);
            saveOrMerge(form, merge).then(
              () => navigate(paths.admin.newsTable()),
              () => undefined,
            );
          }}
        />
      ) : null}
    </section>
  );
}

/** Whether readers see the article now: a preview is for one they do not see yet (decision 113). */
function isPublic(news: EditedNews): boolean {
  return news.status && stageOfNews(news) === 'published';
}
