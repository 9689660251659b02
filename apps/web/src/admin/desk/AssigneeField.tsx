import { useId } from 'react';
import { useAssignableStaff } from './api.ts';

interface AssigneeFieldProps {
  /** The staff id it is assigned to; '' for nobody. */
  assigneeId: string;
  onAssignee: (id: string) => void;
  /** The due time as the date-time input holds it, in `timeZone`. */
  dueAtLocal: string;
  onDueAt: (value: string) => void;
  /** Who it is assigned to as saved: shown even if they left the staff list since. */
  current?: { _id: string; name: string } | null | undefined;
  timeZone: string;
}

/** The one person an article is assigned to, and when it is due (decision 106). */
export function AssigneeField(props: AssigneeFieldProps) {
  const { assigneeId, onAssignee, dueAtLocal, onDueAt, current, timeZone } = props;
  const id = useId();
  const staff = useAssignableStaff();
  const people = [...(staff.data ?? [])];
  if (current && !people.some((person) => person._id === current._id)) {
    people.push({ ...current, slug: '' });
  }
  return (
    <div className="mb-4 grid gap-2 sm:grid-cols-2">
      <label className="block text-sm text-slate-700" htmlFor={`${id}-assignee`}>
        <span className="mb-1 block font-medium">Assigned to</span>
        <select
          id={`${id}-assignee`}
          value={assigneeId}
          onChange={(event) => onAssignee(event.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">Nobody</option>
          {people.map((person) => (
            <option key={person._id} value={person._id}>
              {person.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm text-slate-700" htmlFor={`${id}-due`}>
        <span className="mb-1 block font-medium">Due ({timeZone})</span>
        <input
          id={`${id}-due`}
          type="datetime-local"
          value={dueAtLocal}
          onChange={(event) => onDueAt(event.target.value)}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
    </div>
  );
}
