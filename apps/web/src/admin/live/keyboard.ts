import type { KeyboardEvent } from 'react';
import { ApiError, FALLBACK_ERROR } from '../../lib/api.ts';

/** Ctrl+Enter, or ⌘+Enter on a Mac: sends what is being written. */
export function isSubmitShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/** Puts the caret in the rich-text editor inside `container` (once it has loaded). */
export function focusTextOf(container: HTMLElement | null): void {
  container?.querySelector<HTMLElement>('[role="textbox"]')?.focus();
}

/** What a refused call says: the envelope's message, and each field's if it adds to it. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error) || !error.message) return FALLBACK_ERROR;
  const fields = error instanceof ApiError ? error.errors.map((field) => field.message) : [];
  const more = fields.filter((text) => !error.message.includes(text));
  return [error.message, ...more].join(' ');
}
