import { useQueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  STAGES,
  STAGE_NAMES,
  TRUNCATE,
  articleAccess,
  reachOf,
  truncateChars,
  type AdminNewsRow,
  type Stage,
} from '@newsroom/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { adminKeys } from '../lib/query-keys.ts';
import { StageBadge } from '../desk/StageBadge.tsx';
import { deleteNews, newsInvalidates, newsItemQuery, useNewsPage } from './api.ts';
import { formatPublishTime } from './publication.ts';

const headers = [
  'S.No.',
  'Title',
  'Category',
  'Sub Category',
  'Publisher',
  'Anchor',
  'Views',
  'Status',
  'Stage',
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

/** Its stage; a scheduled one with its time in the site's zone, an assigned one with whom. */
function StageNote({ row, timeZone }: { row: AdminNewsRow; timeZone: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span>
        <StageBadge stage={row.stage} />
        {row.stage === 'scheduled' && row.publishAt ? (
          <span className="text-xs text-amber-800">
            {' '}
            {formatPublishTime(row.publishAt, timeZone)}
          </span>
        ) : null}
      </span>
      {row.assignee ? (
        <span className="text-xs text-slate-600">
          {row.assignee.name}
          {row.dueAt ? `, due ${formatPublishTime(row.dueAt, timeZone)}` : ''}
        </span>
      ) : null}
    </span>
  );
}

/** The filters of the table: one stage, and the articles assigned to me. */
function TableFilters(props: {
  stage: Stage | undefined;
  onStage: (stage: Stage | undefined) => void;
  mine: boolean;
  onMine: (mine: boolean) => void;
  showMine: boolean;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-4 text-sm">
      <label className="flex items-center gap-2">
        <span className="font-medium text-slate-700">Stage</span>
        <select
          value={props.stage ?? ''}
          onChange={(event) =>
            props.onStage((event.target.value || undefined) as Stage | undefined)
          }
          className="rounded-md border border-slate-300 bg-white px-2 py-1"
        >
          <option value="">Every stage</option>
          {STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_NAMES[stage]}
            </option>
          ))}
        </select>
      </label>
      {props.showMine ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={props.mine}
            onChange={(event) => props.onMine(event.target.checked)}
          />
          Assigned to me
        </label>
      ) : null}
    </div>
  );
}

/** The news table; as "My desk", the articles assigned to the signed-in person. */
export function NewsTableScreen({ desk = false }: { desk?: boolean }) {
  const timeZone = siteTimeZone();
  const role = useAuth()?.role ?? '';
  const me = useMe().data?._id;
  /** What the signed-in person may do to a row's article (the role table; the server checks too). */
  const accessTo = (row: AdminNewsRow) =>
    articleAccess(
      role,
      row.authors.some((author) => author._id === me),
      row.stage,
    );
  /** Whether the person may run a row's live desk (`news.live`: any article, or their own). */
  const runsLive = (row: AdminNewsRow) => {
    const reach = reachOf(role, 'news.live');
    return reach === 'any' || (reach === 'own' && row.authors.some((a) => a._id === me));
  };
  const [page, setPage] = useState(1);
  const [stage, setStage] = useState<Stage | undefined>(undefined);
  const [mine, setMine] = useState(false);
  const list = useNewsPage(page, { stage, mine: desk || mine });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<AdminNewsRow | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const remove = useAdminMutation({
    mutationFn: deleteNews,
    invalidates: [...newsInvalidates, adminKeys.desk],
  });

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
      <ScreenHeader title={desk ? 'My desk' : 'News Table'} />
      <TableFilters
        stage={stage}
        onStage={(value) => {
          setStage(value);
          setPage(1);
        }}
        mine={mine}
        onMine={(value) => {
          setMine(value);
          setPage(1);
        }}
        showMine={!desk}
      />
      <Table caption={desk ? 'My desk' : 'News Table'} headers={headers}>
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
              </td>
              <td className={cellClass}>
                <StageNote row={row} timeZone={timeZone} />
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
                {row.live && runsLive(row) ? (
                  <Link
                    to={paths.admin.liveDesk(row._id)}
                    aria-label={`Live desk of ${row.title}`}
                    className="inline-flex items-center rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                  >
                    Live desk
                  </Link>
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
