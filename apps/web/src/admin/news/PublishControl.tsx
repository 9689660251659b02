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
}

const CHOICES: [PublishMode, string][] = [
  ['now', 'Publish now'],
  ['schedule', 'Schedule at'],
  ['draft', 'Save as draft'],
];

/** How the article goes out: now, at a date and time in the site's zone, or not yet (a draft). */
export function PublishControl(props: PublishControlProps) {
  const { mode, onMode, localTime, onLocalTime, timeZone, error } = props;
  const id = useId();
  return (
    <fieldset className="mb-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Publishing</legend>
      <div className="flex flex-wrap items-center gap-4">
        {CHOICES.map(([value, label]) => (
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
