import { useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  TRUNCATE,
  articleAccess,
  truncateChars,
  type AdminNewsRow,
} from '@newsroom/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { useMe } from '../lib/me.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { deleteNews, newsInvalidates, newsItemQuery, useNewsPage } from './api.ts';
import { formatPublishTime, publicationState } from './publication.ts';

const headers = [
  'S.No.',
  'Title',
  'Category',
  'Sub Category',
  'Publisher',
  'Anchor',
  'Views',
  'Status',
  'Actions',
];

const cut = (text: string) => truncateChars(text, TRUNCATE.tableText);

function StatusDot({ active }: { active: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`inline-block h-3 w-3 rounded-full ${active ? 'bg-green-600' : 'bg-red-600'}`}
      />
      <span className="sr-only">{active ? 'Active' : 'Inactive'}</span>
    </span>
  );
}

/** 'Draft', or 'Scheduled' with its time in the site's zone; nothing once published. */
function PublicationNote({ row, timeZone }: { row: AdminNewsRow; timeZone: string }) {
  const state = publicationState(row);
  if (state === 'published') return null;
  const className = 'ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium';
  if (state === 'draft') return <span className={`${className} text-slate-700`}>Draft</span>;
  return (
    <span className={`${className} text-amber-800`}>
      Scheduled {formatPublishTime(row.publishAt ?? '', timeZone)}
    </span>
  );
}

export function NewsTableScreen() {
  const timeZone = siteTimeZone();
  const role = useAuth()?.role ?? '';
  const me = useMe().data?._id;
  /** What the signed-in person may do to a row's article (the role table; the server checks too). */
  const accessTo = (row: AdminNewsRow) =>
    articleAccess(
      role,
      row.authors.some((author) => author._id === me),
      publicationState(row),
    );
  const [page, setPage] = useState(1);
  const list = useNewsPage(page);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<AdminNewsRow | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const remove = useAdminMutation({ mutationFn: deleteNews, invalidates: newsInvalidates });

  const edit = async (id: string) => {
    setOpening(id);
    try {
      const item = await queryClient.fetchQuery({ ...newsItemQuery(id), staleTime: 0 });
      navigate(paths.admin.newsUpdate(id), { state: { item } });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Something is wrong');
    } finally {
      setOpening(null);
    }
  };

  const offset = (page - 1) * PAGE_SIZE.adminNews;
  return (
    <section>
      <ScreenHeader title="News Table" />
      <Table caption="News Table" headers={headers}>
        {list.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : list.isError ? (
          <TableMessage colSpan={headers.length}>{list.error.message}</TableMessage>
        ) : list.data.rows.length === 0 ? (
          <TableMessage colSpan={headers.length}>Nothing here yet.</TableMessage>
        ) : (
          list.data.rows.map((row, index) => (
            <tr key={row._id}>
              <td className={cellClass}>{offset + index + 1}</td>
              <td className={cellClass} title={row.title}>
                {cut(row.title)}
              </td>
              <td className={cellClass}>{cut(row.category)}</td>
              <td className={cellClass}>{cut(row.subcategory)}</td>
              <td className={cellClass}>{cut(row.publisher)}</td>
              <td className={cellClass}>{cut(row.anchor)}</td>
              <td className={cellClass}>{row.views}</td>
              <td className={cellClass}>
                <StatusDot active={row.status} />
                <PublicationNote row={row} timeZone={timeZone} />
              </td>
              <td className={`${cellClass} flex gap-2`}>
                {accessTo(row).edit ? (
                  <Button
                    variant="secondary"
                    disabled={opening === row._id}
                    aria-label={`Edit ${row.title}`}
                    onClick={() => void edit(row._id)}
                  >
                    Edit
                  </Button>
                ) : null}
                {accessTo(row).delete ? (
                  <Button
                    variant="danger"
                    aria-label={`Delete ${row.title}`}
                    onClick={() => setToDelete(row)}
                  >
                    Delete
                  </Button>
                ) : null}
              </td>
            </tr>
          ))
        )}
      </Table>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE.adminNews}
        count={list.data?.count ?? 0}
        onPage={setPage}
      />
      {toDelete ? (
        <ConfirmDialog
          title="Delete News"
          message={`Delete "${toDelete.title}"? This cannot be undone.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) })}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
