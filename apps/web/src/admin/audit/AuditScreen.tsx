import { Link, useSearchParams } from 'react-router';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_NAMES,
  AUDIT_COUNT_LIMIT,
  AUDIT_KINDS,
  AUDIT_KIND_NAMES,
  auditKindsOf,
  type AuditAction,
  type AuditChange,
  type AuditEntryDto,
  type AuditKind,
} from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';
import { formatDateTime } from '../lib/format.ts';
import { useCan } from '../lib/permissions.ts';
import { useStaff } from '../staff/api.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { AUDIT_PAGE_SIZE, useAuditEntries, type AuditFilters } from './api.ts';

const selectClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-600/30';

const isKind = (value: string | null): value is AuditKind =>
  (AUDIT_KINDS as readonly string[]).includes(value ?? '');
const isAction = (value: string | null): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value ?? '');

/** The filters the address holds (so a filtered view can be shared and survives a reload). */
function filtersOf(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  const kind = params.get('kind');
  const action = params.get('action');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    actor: params.get('actor') || undefined,
    kind: isKind(kind) ? kind : undefined,
    action: isAction(action) ? action : undefined,
    fromDay: params.get('from') || undefined,
    toDay: params.get('to') || undefined,
  };
}

/** Where an entry's thing is handled in the back office, while that screen exists for it. */
function linkOf(entry: AuditEntryDto): string | null {
  switch (entry.kind) {
    case 'news':
      return entry.action === 'delete' || !entry.thingId
        ? null
        : paths.admin.newsUpdate(entry.thingId);
    case 'category':
      return paths.admin.category();
    case 'subcategory':
      return paths.admin.subCategory();
    case 'anchor':
      return paths.admin.anchor();
    case 'publisher':
      return paths.admin.publisher();
    case 'staff':
    case 'invitation':
      return paths.admin.staff();
    default:
      return null;
  }
}

/**
 * The audit trail: who changed what, when and from where, with each field before and after,
 * newest first. An admin reads every entry; an editor those of articles.
 */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const entries = useAuditEntries(filters);
  const role = useAuth()?.role ?? '';
  const kinds = auditKindsOf(role);
  const staff = useStaff();
  const mayLinkStaff = useCan('staff.list');

  /** Changes one filter, back to the first page. */
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const setPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  const headers = ['When', 'Who', 'What', 'Changes', 'From'];
  const total = entries.data
    ? entries.data.countCapped
      ? `More than ${AUDIT_COUNT_LIMIT.toLocaleString('en')} entries: narrow the filters to count them`
      : `${entries.data.count.toLocaleString('en')} ${entries.data.count === 1 ? 'entry' : 'entries'}`
    : '';
  return (
    <section>
      <ScreenHeader title="Audit trail" />
      <form
        aria-label="Filters"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          label="Person"
          value={filters.actor}
          all="Everyone"
          options={(staff.data?.people ?? []).map((person) => [person._id, person.name])}
          onChange={(value) => setFilter('actor', value)}
        />
        {kinds.length > 1 ? (
          <FilterSelect
            label="Kind"
            value={filters.kind}
            all="Everything"
            options={kinds.map((kind) => [kind, AUDIT_KIND_NAMES[kind]])}
            onChange={(value) => setFilter('kind', value)}
          />
        ) : null}
        <FilterSelect
          label="Action"
          value={filters.action}
          all="Any"
          options={AUDIT_ACTIONS.map((action) => [action, AUDIT_ACTION_NAMES[action]])}
          onChange={(value) => setFilter('action', value)}
        />
        <label className="flex flex-col text-xs font-medium text-slate-700">
          From
          <input
            type="date"
            className={selectClass}
            value={filters.fromDay ?? ''}
            max={filters.toDay}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-700">
          To
          <input
            type="date"
            className={selectClass}
            value={filters.toDay ?? ''}
            min={filters.fromDay}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </label>
        <p className="ml-auto text-sm text-slate-600" aria-live="polite">
          {total}
        </p>
      </form>
      <Table caption="Audit entries" headers={headers}>
        {entries.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : entries.isError ? (
          <TableMessage colSpan={headers.length}>{entries.error.message}</TableMessage>
        ) : entries.data.entries.length === 0 ? (
          <TableMessage colSpan={headers.length}>No entries match these filters.</TableMessage>
        ) : (
          entries.data.entries.map((entry) => (
            <AuditRow key={entry._id} entry={entry} linkStaff={mayLinkStaff} />
          ))
        )}
      </Table>
      {entries.data && !entries.isError ? (
        <Pagination
          page={filters.page}
          pageSize={AUDIT_PAGE_SIZE}
          count={entries.data.count}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}

/** One filter of the form: its choices as [value, name] pairs, and an empty value for all. */
function FilterSelect(props: {
  label: string;
  value: string | undefined;
  all: string;
  options: (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col text-xs font-medium text-slate-700">
      {props.label}
      <select
        className={selectClass}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{props.all}</option>
        {props.options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function AuditRow({ entry, linkStaff }: { entry: AuditEntryDto; linkStaff: boolean }) {
  const link = linkOf(entry);
  const reachable =
    link !== null && (linkStaff || (entry.kind !== 'staff' && entry.kind !== 'invitation'));
  return (
    <tr>
      <td className={`${cellClass} whitespace-nowrap`}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td className={cellClass}>{entry.actor?.name ?? 'Someone unknown'}</td>
      <td className={cellClass}>
        <span className="text-slate-600">
          {AUDIT_KIND_NAMES[entry.kind]} {AUDIT_ACTION_NAMES[entry.action]}:
        </span>{' '}
        {reachable ? (
          <Link to={link} className="font-medium text-red-700 underline hover:text-red-800">
            {entry.title}
          </Link>
        ) : (
          <span className="font-medium">{entry.title}</span>
        )}
      </td>
      <td className={cellClass}>
        <Changes changes={entry.changes} />
      </td>
      <td className={`${cellClass} whitespace-nowrap text-slate-600`}>{entry.address ?? '—'}</td>
    </tr>
  );
}

/** Each field with its value before (struck through) and after. */
function Changes({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="font-semibold text-slate-700">{change.field}</dt>
          <dd className="min-w-0 break-words">
            {change.before !== null ? (
              <del className="mr-1 bg-red-50 text-red-800" aria-label={`before: ${change.before}`}>
                {change.before}
              </del>
            ) : null}
            {change.after !== null ? (
              <ins
                className="bg-green-50 text-green-800 no-underline"
                aria-label={`after: ${change.after}`}
              >
                {change.after}
              </ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
