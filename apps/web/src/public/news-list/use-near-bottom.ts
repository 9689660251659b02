import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@newsroom/contract';

/** True when the reader is within the spec's 3 px of the bottom of the page. */
export function isNearBottom(
  viewportHeight: number,
  scrollY: number,
  pageHeight: number,
  threshold = INFINITE_SCROLL_THRESHOLD_PX,
): boolean {
  return viewportHeight + scrollY >= pageHeight - threshold;
}

/** Calls `onReach` whenever a scroll or resize brings the reader near the bottom. */
export function useNearBottom(onReach: () => void, enabled: boolean): void {
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });

  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const page = document.documentElement;
      if (isNearBottom(window.innerHeight, window.scrollY, page.scrollHeight)) callback.current();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled]);
}
