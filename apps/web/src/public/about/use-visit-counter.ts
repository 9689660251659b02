import { useEffect, useState } from 'react';

export const VISIT_STORAGE_KEY = 'newsroom:about-visits';

function readCount(): number {
  const stored = Number(window.localStorage.getItem(VISIT_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? Math.floor(stored) : 0;
}

/**
 * Counts this visit to the about page in local storage and returns the total. Counting happens
 * after the page is in the browser (null until then), so the server render and hydration agree.
 */
export function useVisitCounter(): number | null {
  const [visits, setVisits] = useState<number | null>(null);
  useEffect(() => {
    let next = 1;
    try {
      next = readCount() + 1;
      window.localStorage.setItem(VISIT_STORAGE_KEY, String(next));
    } catch {
      // Storage may be unavailable (private mode, disabled): this visit still counts as one.
    }
    setVisits(next);
  }, []);
  return visits;
}
