import type { z } from 'zod';
import { parseInput } from '../domain/validation.ts';

/** Parses a request part (body, query, params) with a contract schema; a missing part is `{}`. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return parseInput(schema, input ?? {});
}
