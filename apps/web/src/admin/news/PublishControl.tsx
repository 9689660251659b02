import { STAGE_NAMES, type Stage } from '@newsroom/contract';
import { useId } from 'react';
import { StageBadge } from '../desk/StageBadge.tsx';
import { FieldError } from '../ui/Field.tsx';
import { modeOfStage, stageOfMode, type PublishMode } from './publication.ts';

interface PublishControlProps {
  mode: PublishMode;
  onMode: (mode: PublishMode) => void;
  /** The `datetime-local` value, a wall-clock time in `timeZone`. */
  localTime: string;
  onLocalTime: (value: string) => void;
  timeZone: string;
  error?: string;
  /** False for a role that never publishes (a contributor): a line says who does. */
  canPublish: boolean;
  /** Where the article stands now (a new one: `draft`). */
  from: Stage;
  /** The stages the person may leave it in: where it is, and the moves the role table allows. */
  choices: Stage[];
  /** Whether the person reviews (editors, admins): taking it back to a draft is sending it back. */
  reviewer: boolean;
  note: string;
  onNote: (note: string) => void;
  noteError?: string | undefined;
}

/** What each choice is called, from where the article stands (decision 106). */
export function choiceLabel(to: Stage, from: Stage, reviewer: boolean): string {
  const stays = to === from;
  switch (to) {
    case 'published':
      return 'Publish now';
    case 'scheduled':
      return 'Schedule at';
    case 'draft':
      if (from === 'in_review' || from === 'ready') return reviewer ? 'Send back' : 'Back to draft';
      return 'Save as draft';
    case 'in_review':
      return stays ? 'Keep in review' : 'Send to review';
    case 'ready':
      return stays ? 'Keep approved' : 'Approve';
    case 'unpublished':
      return stays ? 'Keep unpublished' : 'Unpublish';
  }
}

/**
 * Where the article goes: the stage it is in, and exactly the moves the person's role allows
 * (send to review, send back, approve, publish now, schedule at a time in the site's zone,
 * unpublish), with a note for a move.
 */
export function PublishControl(props: PublishControlProps) {
  const { mode, onMode, localTime, onLocalTime, timeZone, error, canPublish } = props;
  const { from, choices, reviewer, note, onNote, noteError } = props;
  const id = useId();
  const moving = stageOfMode(mode) !== from;
  return (
    <fieldset className="mb-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Publishing</legend>
      <p className="mb-2 text-sm text-slate-700">
        Stage: <StageBadge stage={from} />
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {choices.map((stage) => (
          <label key={stage} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-mode`}
              value={modeOfStage(stage)}
              checked={mode === modeOfStage(stage)}
              onChange={() => onMode(modeOfStage(stage))}
            />
            {choiceLabel(stage, from, reviewer)}
          </label>
        ))}
      </div>
      {canPublish ? null : (
        <p className="mt-1 text-sm text-slate-600">
          Your role saves drafts and sends them to review; an editor reviews and publishes them.
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
      {moving ? (
        <label className="mt-2 block text-sm text-slate-700">
          <span className="mb-1 block">
            Note for the move to {STAGE_NAMES[stageOfMode(mode)].toLowerCase()} (optional)
          </span>
          <textarea
            value={note}
            onChange={(event) => onNote(event.target.value)}
            rows={2}
            className="w-full rounded border border-slate-300 px-3 py-2"
          />
          <FieldError id={`${id}-note-error`} message={noteError} />
        </label>
      ) : null}
    </fieldset>
  );
}
