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

/** `[[[…]]]` or `{"a":{"a":…}}`, `levels` deep. */
const deep = (levels: number, object: boolean) =>
  object
    ? '{"a":'.repeat(levels) + '0' + '}'.repeat(levels)
    : '['.repeat(levels) + ']'.repeat(levels);

/**
 * JSON bodies built to make a server walk, allocate or trip over them: deep nesting, very wide
 * objects and arrays, long strings, prototype keys and duplicate keys. Each is still wrong for
 * every route (a duplicate key's last value is never a text), so none may write anything.
 */
export function hostileJson(rng: Random): [string, string] {
  const width = rng.pick([1000, 20_000, 60_000]);
  const bodies: [string, () => string][] = [
    ['deep array', () => `{"deep":${deep(rng.pick([33, 1000, 5000, 100_000]), false)},"name":0}`],
    ['deep object', () => `{"name":${deep(rng.pick([40, 5000, 50_000]), true)}}`],
    ['deep top-level', () => deep(rng.pick([33, 5000]), rng.next() < 0.5)],
    [
      'wide object',
      () =>
        JSON.stringify(Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, i]))),
    ],
    ['wide array', () => JSON.stringify(Array.from({ length: width }, (_, i) => i))],
    [
      'wide tags',
      () => JSON.stringify({ tags: Array.from({ length: width }, () => 't'), title: 0 }),
    ],
    ['long string', () => JSON.stringify({ name: 'z'.repeat(rng.pick([70_000, 900_000])) })],
    ['long key', () => `{"${'k'.repeat(500_000)}":0}`],
    ['proto key', () => '{"name":"Proto Name","__proto__":{"admin":true}}'],
    ['nested proto key', () => '{"tags":[{"__proto__":{"x":1}}],"title":0}'],
    ['constructor key', () => '{"name":"Ctor Name","constructor":{"prototype":{"x":1}}}'],
    ['duplicate keys', () => '{"name":"Valid Name","name":7,"email":"a@b.co","email":false}'],
  ];
  const [name, body] = rng.pick(bodies);
  return [name, body()];
}

/** A news form whose one part is sent as application/json and nests deeply. */
function deepJsonPart(): string {
  const value = deep(5000, false);
  return (
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="tags"\r\ncontent-type: application/json\r\n\r\n${value}\r\n` +
    `--${BOUNDARY}--\r\n`
  );
}

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
    ['deep JSON part', type, deepJsonPart()],
    ['deep JSON tags', type, `${part('tags', deep(5000, false))}--${BOUNDARY}--\r\n`],
    ['empty', type, ''],
  ];
  return rng.pick(forms);
}
