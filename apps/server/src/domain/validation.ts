import type { z } from 'zod';
import type { FieldError } from '@newsroom/contract';
import { validationFailed } from './errors.ts';

const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';

/**
 * The first text inside `value` holding a NUL character. PostgreSQL cannot store one, and no
 * name, article or message needs one, so such input is refused on both databases alike. The walk
 * is iterative: bodies are held to a depth and size before they get here (http/json-body.ts), and
 * no input could make it recurse.
 */
function nulField(value: unknown): FieldError | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { path: path.join('.'), message: NUL_MESSAGE };
    } else if (item !== null && typeof item === 'object') {
      // Pushed in reverse, so fields are checked in their order and the first is named.
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, path: [...path, key] });
      }
    }
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
