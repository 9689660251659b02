import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { diffArrays } from 'diff';

/*
 * How a revision's body (its HTML) is stored (decision 108): deflated, either whole or as a delta
 * against the revision before. A delta is a list of operations over the earlier body's tokens
 * (tags, runs of white space, and the text between): a number n > 0 keeps n tokens, -n skips n,
 * and a text inserts itself. A full copy starts every run of KEYFRAME_EVERY revisions, so reading
 * one never applies more than KEYFRAME_EVERY - 1 deltas.
 */

export const KEYFRAME_EVERY = 10;

/** Beyond this many tokens changed, a whole copy is stored (and the diff stops looking). */
const MAX_EDIT_LENGTH = 4000;

type DeltaOp = number | string;

const TOKEN = /(<[^>]*>|\s+)/;
const tokensOf = (html: string): string[] => html.split(TOKEN).filter((token) => token !== '');

/** Whether revision `number` starts a run with a whole copy of its body. */
export const isKeyframe = (number: number) => (number - 1) % KEYFRAME_EVERY === 0;

/** The first revision of the run `number` is in: the one whose body is whole. */
export const keyframeOf = (number: number) => number - ((number - 1) % KEYFRAME_EVERY);

export interface StoredBody {
  body: Buffer;
  full: boolean;
}

const deflate = (text: string) => deflateRawSync(Buffer.from(text, 'utf8'));

/** `after` as stored: whole, or as the delta from `before` when that is smaller. */
export function storedBody(after: string, before: string | null): StoredBody {
  const whole = deflate(after);
  if (before === null) return { body: whole, full: true };
  const changes = diffArrays(tokensOf(before), tokensOf(after), {
    maxEditLength: MAX_EDIT_LENGTH,
  });
  if (!changes) return { body: whole, full: true };
  const ops: DeltaOp[] = changes.map((change) =>
    change.added
      ? change.value.join('')
      : change.removed
        ? -change.value.length
        : change.value.length,
  );
  const delta = deflate(JSON.stringify(ops));
  return delta.length < whole.length ? { body: delta, full: false } : { body: whole, full: true };
}

/**
 * The tokens of a revision's body from its stored form and the tokens of the body of the revision
 * before. Inserted text is made of whole tokens of the body it was taken from, so tokenising it
 * again gives those very tokens.
 */
function tokensAfter(stored: StoredBody, before: string[] | null): string[] {
  const text = inflateRawSync(stored.body).toString('utf8');
  if (stored.full) return tokensOf(text);
  if (before === null) throw new Error('A revision stored as a delta has no revision before it');
  const tokens: string[] = [];
  let at = 0;
  for (const op of JSON.parse(text) as DeltaOp[]) {
    if (typeof op === 'string') tokens.push(...tokensOf(op));
    else if (op < 0) at -= op;
    else {
      for (let i = at; i < at + op; i += 1) tokens.push(before[i] ?? '');
      at += op;
    }
  }
  return tokens;
}

/** The body of the last of `run` (consecutive revisions, oldest first, the first one whole). */
export function bodyOfRun(run: readonly StoredBody[]): string {
  let tokens: string[] | null = null;
  for (const stored of run) tokens = tokensAfter(stored, tokens);
  if (tokens === null) throw new Error('No revision to read a body from');
  return tokens.join('');
}
