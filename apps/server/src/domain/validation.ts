import type { z } from 'zod';
import type { FieldError } from '@newsroom/contract';
import { validationFailed } from './errors.ts';

const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';

/**
 * The first text inside `value` holding a NUL character. PostgreSQL cannot store one, and no
 * name, article or message needs one, so such input is refused on both databases alike.
 */
function nulField(value: unknown, path: string[] = []): FieldError | null {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { path: path.join('.'), message: NUL_MESSAGE } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Parses input with a contract schema; a failure names every failing field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulField(input);
  if (nul) throw validationFailed([nul]);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationFailed(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}
