import { Button } from './Button.tsx';

interface PaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
}

/** Prev/Next with the current page: Prev is off on page 1, Next once page × size reaches the count. */
export function Pagination({ page, pageSize, count, onPage }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-end gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <span className="text-sm text-slate-700" aria-live="polite">
        Page {page}
      </span>
      <Button
        variant="secondary"
        disabled={page * pageSize >= count}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
