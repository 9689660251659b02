import { STAGE_NAMES, type Stage } from '@newsroom/contract';

const COLOURS: Record<Stage, string> = {
  draft: 'bg-slate-100 text-slate-700',
  in_review: 'bg-blue-100 text-blue-800',
  ready: 'bg-green-100 text-green-800',
  scheduled: 'bg-amber-100 text-amber-800',
  published: 'bg-emerald-100 text-emerald-800',
  unpublished: 'bg-red-100 text-red-800',
};

/** Where an article stands on the desk (decision 106), as a small label. */
export function StageBadge({ stage }: { stage: Stage }) {
  return (
    <span
      data-testid="stage"
      className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${COLOURS[stage]}`}
    >
      {STAGE_NAMES[stage]}
    </span>
  );
}
