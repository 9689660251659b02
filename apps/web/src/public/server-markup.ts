import { createContext } from 'react';

/**
 * True while the page is the server's render or the browser's hydration of it: rich text in it
 * was sanitised by the server when stored and again when rendered (decision 021), and has been
 * in the document since it was parsed. False when the browser renders a page by itself (the Vite
 * dev server), where rich text must be sanitised in the browser before it is shown.
 */
export const ServerMarkup = createContext(true);
