import { useState } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FieldError } from '../ui/Field.tsx';
import { setCoverage } from './api.ts';
import { describeFailure } from './keyboard.ts';

interface CoverageControlProps {
  newsId: string;
  /** When coverage ended, or null while it goes on. */
  endedAt: string | null;
  onChanged: (endedAt: string | null) => void;
}

/**
 * Whether a live page's coverage goes on, with the button that ends it (asked first: readers'
 * pages freeze) or resumes it. The end is the server's time (`liveEndedAt`).
 */
export function CoverageControl({ newsId, endedAt, onChanged }: CoverageControlProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (ended: boolean) => {
    setPending(true);
    setProblem(null);
    try {
      onChanged((await setCoverage(newsId, ended)).endedAt);
    } catch (error) {
      setProblem(describeFailure(error));
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
        {endedAt ? (
          <>
            <span>Coverage ended {formatDateTime(endedAt)}.</span>
            <Button variant="secondary" disabled={pending} onClick={() => void change(false)}>
              Resume coverage
            </Button>
          </>
        ) : (
          <>
            <span>Coverage goes on.</span>
            <Button variant="secondary" disabled={pending} onClick={() => setConfirming(true)}>
              End coverage
            </Button>
          </>
        )}
      </div>
      <FieldError id={`coverage-${newsId}-error`} message={problem ?? undefined} />
      {confirming ? (
        <ConfirmDialog
          title="End coverage"
          message="Readers' pages stop receiving entries and the live page is frozen as it is. Coverage can be resumed later."
          confirmLabel="End coverage"
          pending={pending}
          onConfirm={() => void change(true)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
