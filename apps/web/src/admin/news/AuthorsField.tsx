import { useQuery } from '@tanstack/react-query';
import { choosesAuthors, type StaffRef } from '@newsroom/contract';
import { useId } from 'react';
import { api } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useMe } from '../lib/me.ts';
import { adminCache } from '../lib/query-keys.ts';
import { Button } from '../ui/Button.tsx';
import { FieldError } from '../ui/Field.tsx';

/** Who may be named an author: the active staff (`GET /staff/authors`). */
function useStaffAuthors(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'staff', 'authors'],
    queryFn: async ({ signal }) => (await api<StaffRef[]>('/staff/authors', { signal })).data,
    enabled,
    ...adminCache,
  });
}

interface AuthorsFieldProps {
  /** The ids chosen, in byline order; undefined while unchanged (the article's own, or you). */
  value: string[] | undefined;
  onChange: (ids: string[]) => void;
  /** The article's authors as saved; none for a new article. */
  current: StaffRef[];
  error?: string;
}

/**
 * The byline of the article (decision 103). Editors and admins pick its authors in order from the
 * staff; authors and contributors see who they are (a new article is theirs).
 */
export function AuthorsField({ value, onChange, current, error }: AuthorsFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const role = useAuth()?.role ?? '';
  const chooses = choosesAuthors(role);
  const me = useMe();
  const staff = useStaffAuthors(chooses);
  const known = new Map<string, StaffRef>(current.map((person) => [person._id, person]));
  for (const person of staff.data ?? []) known.set(person._id, person);
  if (me.data) known.set(me.data._id, { _id: me.data._id, name: me.data.name, slug: me.data.slug });
  const fallback =
    current.length > 0 ? current.map((person) => person._id) : me.data ? [me.data._id] : [];
  const chosen = value ?? fallback;
  const nameOf = (id: string) => known.get(id)?.name ?? 'Someone no longer on the staff';

  if (!chooses) {
    return (
      <div className="mb-4">
        <span className="mb-1 block text-sm font-medium text-slate-700">Authors</span>
        <p className="text-sm text-slate-800" data-testid="authors">
          {chosen.map(nameOf).join(', ') || 'You'}
        </p>
        <p className="mt-1 text-xs text-slate-500">An editor may add or change the authors.</p>
      </div>
    );
  }

  const move = (index: number) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    if (item !== undefined) next.splice(index - 1, 0, item);
    onChange(next);
  };
  const others = (staff.data ?? []).filter((person) => !chosen.includes(person._id));
  return (
    <div className="mb-4" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
        Authors
      </span>
      <ol className="mb-2 space-y-1" aria-label="Authors in byline order">
        {chosen.map((id, index) => (
          <li
            key={id}
            className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-1.5 text-sm"
          >
            <span>{nameOf(id)}</span>
            <span className="flex gap-1">
              {index > 0 && (
                <Button
                  variant="ghost"
                  aria-label={`Move ${nameOf(id)} up`}
                  onClick={() => move(index)}
                >
                  ↑
                </Button>
              )}
              {chosen.length > 1 && (
                <Button
                  variant="ghost"
                  aria-label={`Remove ${nameOf(id)}`}
                  onClick={() => onChange(chosen.filter((other) => other !== id))}
                >
                  ✕
                </Button>
              )}
            </span>
          </li>
        ))}
      </ol>
      <select
        aria-label="Add an author"
        value=""
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          if (event.target.value) onChange([...chosen, event.target.value]);
        }}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">Add an author…</option>
        {others.map((person) => (
          <option key={person._id} value={person._id}>
            {person.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
