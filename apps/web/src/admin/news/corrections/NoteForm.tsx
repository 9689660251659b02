import { useId, useState, type FormEvent } from 'react';
import {
  CORRECTION_KINDS,
  CORRECTION_KIND_NAMES,
  CORRECTION_MESSAGES,
  CORRECTION_TEXT,
  type CorrectionKind,
} from '@newsroom/contract';
import { Button } from '../../ui/Button.tsx';
import { FieldError } from '../../ui/Field.tsx';

const control =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-600/30';

interface NoteFormProps {
  /** Amending: the note's kind is fixed and its text is where the form starts. */
  amend?: { kind: CorrectionKind; text: string };
  pending: boolean;
  onSubmit: (note: { kind: CorrectionKind; text: string }) => Promise<unknown>;
  onCancel?: () => void;
}

/** A note's kind and plain text, checked as the server checks them before it is sent. */
export function NoteForm({ amend, pending, onSubmit, onCancel }: NoteFormProps) {
  const id = useId();
  const [kind, setKind] = useState<CorrectionKind>(amend?.kind ?? 'correction');
  const [text, setText] = useState(amend?.text ?? '');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < CORRECTION_TEXT.min || trimmed.length > CORRECTION_TEXT.max) {
      setError(CORRECTION_MESSAGES.text);
      return;
    }
    if (amend && trimmed === amend.text) {
      setError(CORRECTION_MESSAGES.unchanged);
      return;
    }
    setError(undefined);
    try {
      await onSubmit({ kind, text: trimmed });
      if (!amend) setText('');
    } catch {
      // The toast says why; the text stays to be fixed.
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {!amend && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Kind</legend>
          <div className="flex gap-4 text-sm">
            {CORRECTION_KINDS.map((option) => (
              <label key={option} className="flex items-center gap-1">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={option}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                />
                {CORRECTION_KIND_NAMES[option]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-slate-700">
          {amend ? 'New text' : 'Text'}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          maxLength={CORRECTION_TEXT.max}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-text-error` : `${id}-text-hint`}
          className={control}
        />
        <p id={`${id}-text-hint`} className="mt-1 text-xs text-slate-500">
          Plain text, {CORRECTION_TEXT.min} to {CORRECTION_TEXT.max} characters; readers see it on
          the article and on the corrections page.
        </p>
        <FieldError id={`${id}-text-error`} message={error} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {amend ? 'Save amendment' : `Add ${CORRECTION_KIND_NAMES[kind].toLowerCase()}`}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
