import { STAGE_NAMES, type StaffRef } from '@newsroom/contract';
import { useState } from 'react';
import { useAnchors, useCategories, usePublishers } from '../taxonomy/api.ts';
import { Button } from '../ui/Button.tsx';
import { stageOfMode } from '../news/publication.ts';
import type { EditedNews, NewsFormOutput } from '../news/schema.ts';
import { useAssignableStaff } from './api.ts';
import {
  MERGE_FIELDS,
  differences,
  merged,
  theirValues,
  type MergeKey,
  type MyVersion,
  type Side,
} from './merge.ts';

interface MergeDialogProps {
  /** What you tried to save. */
  mine: MyVersion;
  /** The article as saved since, read afresh. */
  theirs: EditedNews;
  timeZone: string;
  pending: boolean;
  /** Saves the merge over the version saved since. */
  onSave: (merge: MyVersion, version: number | undefined) => void;
  onCancel: () => void;
}

/** The body's text, for reading side by side. */
const textOf = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/**
 * Someone saved the article after you opened it (decision 107): both versions side by side,
 * field by field, each kept from the side chosen (yours by default), saved as one merge.
 */
export function MergeDialog({
  mine,
  theirs,
  timeZone,
  pending,
  onSave,
  onCancel,
}: MergeDialogProps) {
  const theirsValues = theirValues(theirs, timeZone);
  const keys = differences(mine, theirsValues);
  const [choices, setChoices] = useState<Partial<Record<MergeKey, Side>>>({});
  const show = useShown(theirs);
  const who = theirs.updatedAt ? new Date(theirs.updatedAt).toLocaleString() : '';
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="merge-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
    >
      <div className="max-h-full w-[min(64rem,100%)] overflow-auto rounded-lg bg-white p-6 shadow-xl">
        <h2 id="merge-title" className="mb-2 text-lg font-bold text-slate-900">
          Someone saved this article since you opened it
        </h2>
        <p className="mb-4 text-sm text-slate-700">
          Version {theirs.version ?? ''} was saved {who ? `at ${who}` : ''}. Choose, for each field
          that differs, which to keep; nothing is saved until you save the merge.
        </p>
        {keys.length === 0 ? (
          <p className="mb-4 text-sm text-slate-700">Both versions are the same in every field.</p>
        ) : (
          <table className="mb-4 w-full table-fixed border-collapse text-sm">
            <thead>
              <tr>
                <th className="w-32 border-b p-2 text-left">Field</th>
                <th className="border-b p-2 text-left">Yours</th>
                <th className="border-b p-2 text-left">Saved since</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => {
                const label = MERGE_FIELDS.find((field) => field.key === key)?.label ?? key;
                const side = choices[key] ?? 'mine';
                const cell = (which: Side, values: NewsFormOutput) => (
                  <td className="border-b p-2 align-top">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`merge-${key}`}
                        aria-label={`${label}: ${which === 'mine' ? 'yours' : 'saved since'}`}
                        checked={side === which}
                        onChange={() => setChoices({ ...choices, [key]: which })}
                      />
                      <span
                        className="max-h-40 overflow-auto break-words whitespace-pre-wrap"
                        data-testid={`merge-${key}-${which}`}
                      >
                        {show(key, values, which === 'mine' ? mine : null)}
                      </span>
                    </label>
                  </td>
                );
                return (
                  <tr key={key}>
                    <th scope="row" className="border-b p-2 text-left align-top font-medium">
                      {label}
                    </th>
                    {cell('mine', mine.values)}
                    {cell('theirs', theirsValues)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Back to my edit
          </Button>
          <Button
            disabled={pending}
            onClick={() => onSave(merged(mine, theirsValues, choices), theirs.version)}
          >
            {pending ? 'Please wait...' : 'Save the merge'}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** How each part reads: names for ids, the body as text. */
function useShown(theirs: EditedNews) {
  const categories = useCategories().data ?? [];
  const publishers = usePublishers().data ?? [];
  const anchors = useAnchors().data ?? [];
  const assignable = useAssignableStaff().data ?? [];
  const staff = new Map<string, StaffRef>();
  for (const person of [...assignable, ...theirs.authors]) {
    staff.set(person._id, person);
  }
  if (theirs.assignee) staff.set(theirs.assignee._id, { ...theirs.assignee, slug: '' });
  const nameIn = (list: { _id: string; name: string }[], id: string | null | undefined) =>
    id ? (list.find((item) => item._id === id)?.name ?? id) : 'None';
  return (key: MergeKey, values: NewsFormOutput, mine: MyVersion | null): string => {
    switch (key) {
      case 'description':
        return textOf(values.description);
      case 'tags':
        return values.tags.join(', ') || 'None';
      case 'category': {
        const category = categories.find((item) => item._id === values.categoryId);
        const sub = nameIn(category?.subcategory ?? [], values.subCategoryId);
        return `${category?.name ?? values.categoryId} › ${sub}`;
      }
      case 'publisherId':
        return nameIn(publishers, values.publisherId);
      case 'anchorId':
        return nameIn(anchors, values.anchorId);
      case 'status':
        return values.status ? 'Active' : 'Inactive';
      case 'publication': {
        const stage = STAGE_NAMES[stageOfMode(values.publishMode)];
        return values.publishMode === 'schedule' ? `${stage} ${values.publishAtLocal}` : stage;
      }
      case 'live':
        return values.live ? 'A live page' : 'Not a live page';
      case 'authorIds':
        return (values.authorIds ?? []).map((id) => staff.get(id)?.name ?? id).join(', ');
      case 'assignee': {
        const name = values.assigneeId ? (staff.get(values.assigneeId)?.name ?? '?') : 'Nobody';
        return values.dueAtLocal ? `${name}, due ${values.dueAtLocal}` : name;
      }
      case 'image':
        if (mine) return mine.removeImage ? 'Removed' : `New picture: ${values.image?.name ?? ''}`;
        return values.keptImageURL ? 'The picture as saved' : 'No picture';
      default:
        return String(values[key] ?? '');
    }
  };
}
