import type { Random } from '../src/seed/random.ts';

/* Bodies for the fuzz test: each is wrong for every route, so no schema accepts it. */

export const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  ';',
  'application/json; charset=latin1',
  'image/png',
  'multipart/mixed',
  'application/json, text/html',
];

export const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"unterminated',
  '{"a":1}}',
];

const BOUNDARY = 'fz';

/** A JSON value of the wrong shape: no leaf is a plausible text, so no schema accepts it. */
export function wrongJson(rng: Random, depth = 0): unknown {
  const kind = rng.int(0, depth > 2 ? 3 : 5);
  if (kind === 0) return rng.pick([0, -1, 1e308, 3.14]);
  if (kind === 1) return rng.pick([true, false, null]);
  if (kind === 2) return rng.pick(['', 'a\u0000b', 'z'.repeat(rng.pick([300, 6000]))]);
  if (kind === 3) return [];
  if (kind === 4) return Array.from({ length: rng.int(1, 3) }, () => wrongJson(rng, depth + 1));
  const keys = ['name', 'email', 'id', 'title', 'slug', 'categoryId', 'tags', 'password', 'code'];
  return Object.fromEntries(
    keys.filter(() => rng.next() < 0.5).map((k) => [k, wrongJson(rng, depth + 1)]),
  );
}

const part = (name: string, value: string, file = '', eol = '\r\n') =>
  `--${BOUNDARY}${eol}content-disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}${eol}${eol}${value}${eol}`;

/** Multipart bodies broken in every way the news form can be: content type and body. */
export function malformedForm(rng: Random): [string, string, string] {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const fields = part('title', 'A title long enough') + part('slug', 'a-slug');
  const forms: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', fields],
    ['long boundary', `multipart/form-data; boundary=${'b'.repeat(200)}`, fields],
    ['other boundary', 'multipart/form-data; boundary=zz', `${fields}--${BOUNDARY}--\r\n`],
    ['truncated', type, fields.slice(0, rng.int(5, fields.length - 1))],
    ['LF only', type, `${part('title', 'x', '', '\n')}--${BOUNDARY}--\n`],
    [
      'too many fields',
      type,
      `${Array.from({ length: 55 }, (_, i) => part(`f${i}`, '')).join('')}--${BOUNDARY}--\r\n`,
    ],
    ['field too large', type, `${part('description', 'd'.repeat(530 * 1024))}--${BOUNDARY}--\r\n`],
    [
      'file too large',
      type,
      `${part('image', 'p'.repeat(600 * 1024), 'a.png')}--${BOUNDARY}--\r\n`,
    ],
    [
      'two files',
      type,
      `${part('image', 'a', 'a.png')}${part('image', 'b', 'b.png')}--${BOUNDARY}--\r\n`,
    ],
    ['bad part header', type, `--${BOUNDARY}\r\nno header here\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
    ['proto field', type, `${part('__proto__', 'x')}--${BOUNDARY}--\r\n`],
    ['empty', type, ''],
  ];
  return rng.pick(forms);
}
