import { createContext, useContext } from 'react';
import { slotMark, type SlotName } from '@newsroom/contract';

/**
 * How a render writes the elements shared parts go into: 'mark' on the server, which leaves
 * `slotMark(name)` for the page host to replace with the part; 'keep' in the browser, which
 * leaves alone whatever the page host put there (entry-server.tsx and mount.tsx say which).
 */
export type SlotRendering = 'mark' | 'keep';

export const SlotRenderingContext = createContext<SlotRendering>('keep');

interface SlotProps {
  name: SlotName;
  as?: 'div' | 'nav' | 'aside';
  className?: string;
  'aria-label'?: string;
}

/**
 * The element a shared part goes into. In the browser its markup is the empty string and its
 * difference from the server's is not a mismatch (`suppressHydrationWarning`): React never
 * looks inside an element whose content is `dangerouslySetInnerHTML`, while it hydrates or when
 * it renders again with the same string, so the part the server joined stays as it is.
 */
export function Slot({ name, as: Tag = 'div', ...attributes }: SlotProps) {
  const html = useContext(SlotRenderingContext) === 'mark' ? slotMark(name) : '';
  return (
    <Tag {...attributes} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
  );
}
