import { LIMITS, TAG_MESSAGES, tagSchema } from '@newsroom/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../ui/Button.tsx';
import { FieldError, controlClass } from '../ui/Field.tsx';

interface TagInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** A message from the form's own validation of the list. */
  error?: string;
}

/** Why a tag cannot be added, or null: empty, bad characters, a duplicate, or one too many. */
export function tagEntryError(tag: string, tags: readonly string[]): string | null {
  const parsed = tagSchema.safeParse(tag);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? TAG_MESSAGES.empty;
  if (tags.some((existing) => existing.toLowerCase() === parsed.data.toLowerCase())) {
    return TAG_MESSAGES.duplicate;
  }
  if (tags.length >= LIMITS.maxTags) return TAG_MESSAGES.max;
  return null;
}

/** Type a tag and press Enter or Add; each tag shows as a chip that can be removed. */
export function TagInput({ tags, onChange, error }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);

  const add = () => {
    const problem = tagEntryError(draft, tags);
    setEntryError(problem);
    if (problem) return;
    onChange([...tags, draft.trim()]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  const message = entryError ?? error;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Tags
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          placeholder="Type a tag and press Enter"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className={controlClass}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {tags.length > 0 ? (
        <ul aria-label="Tags added" className="mt-2 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                className="rounded-full px-1 text-slate-500 hover:text-red-700"
                onClick={() => {
                  setEntryError(null);
                  onChange(tags.filter((existing) => existing !== tag));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={`${id}-error`} message={message ?? undefined} />
    </div>
  );
}
