import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { RequestError } from './request-error.ts';

/**
 * How deeply a JSON body may nest objects and arrays. No call of the API takes more than two
 * levels (an object holding a list of tags); 32 leaves room for any client's wrapping while
 * keeping every walk over a body short (decision 065).
 */
export const MAX_JSON_DEPTH = 32;

export const tooDeepMessage = (what: string) =>
  `${what} nests objects or arrays too deeply: at most ${MAX_JSON_DEPTH} levels`;
const TOO_DEEP = tooDeepMessage('The request body');
const NOT_JSON = 'The request body is not valid JSON';
const EMPTY = 'The request body is empty but declared as JSON';
const PROTOTYPE_KEY = 'The request body may not use the keys __proto__ or constructor.prototype';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests deeper than `limit`, read in one pass over its characters before
 * anything is built from it. Brackets inside strings do not count; malformed text is left for
 * the parser to refuse.
 */
export function jsonTextTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether a value already parsed (a form field the multipart reader parsed as JSON) nests deeper
 * than `limit`. Iterative, and it stops at the first level past the limit.
 */
export function valueTooDeep(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop() as { value: unknown; depth: number };
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * JSON text parsed for a request: refused with 400 when it nests too deeply or names a prototype
 * key, before anything is built from it.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new RequestError('BAD_REQUEST', EMPTY);
  if (jsonTextTooDeep(text)) throw new RequestError('BAD_REQUEST', TOO_DEEP);
  try {
    return secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const prototypeKey = error instanceof SyntaxError && /prototype property/.test(error.message);
    throw new RequestError('BAD_REQUEST', prototypeKey ? PROTOTYPE_KEY : NOT_JSON);
  }
}

/** Every JSON body of every route is read by `parseJsonBody` instead of Fastify's own parser. */
export function registerJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
