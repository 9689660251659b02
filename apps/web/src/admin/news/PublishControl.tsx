import { useId } from 'react';
import { FieldError } from '../ui/Field.tsx';
import type { PublishMode } from './publication.ts';

interface PublishControlProps {
  mode: PublishMode;
  onMode: (mode: PublishMode) => void;
  /** The `datetime-local` value, a wall-clock time in `timeZone`. */
  localTime: string;
  onLocalTime: (value: string) => void;
  timeZone: string;
  error?: string;
  /** False for a role that saves drafts only (a contributor): the other choices are not shown. */
  canPublish: boolean;
}

const CHOICES: [PublishMode, string][] = [
  ['now', 'Publish now'],
  ['schedule', 'Schedule at'],
  ['draft', 'Save as draft'],
];

/** How the article goes out: now, at a date and time in the site's zone, or not yet (a draft). */
export function PublishControl(props: PublishControlProps) {
  const { mode, onMode, localTime, onLocalTime, timeZone, error, canPublish } = props;
  const id = useId();
  const choices = canPublish ? CHOICES : CHOICES.filter(([value]) => value === 'draft');
  return (
    <fieldset className="mb-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Publishing</legend>
      <div className="flex flex-wrap items-center gap-4">
        {choices.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {canPublish ? null : (
        <p className="mt-1 text-sm text-slate-600">
          Your role saves drafts; an editor reviews and publishes them.
        </p>
      )}
      {mode === 'schedule' ? (
        <label className="mt-2 block text-sm text-slate-700">
          <span className="mb-1 block">Publish at ({timeZone})</span>
          <input
            type="datetime-local"
            value={localTime}
            onChange={(event) => onLocalTime(event.target.value)}
            aria-invalid={Boolean(error)}
            className="rounded border border-slate-300 px-3 py-2"
          />
        </label>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
