import { Fragment } from 'react';
import { paths } from '../../lib/paths.ts';

/** "A", "A and B", "A, B and C": the separator before the author at `index` of `count`. */
export function bylineSeparator(index: number, count: number): string {
  if (index === 0) return '';
  return index === count - 1 ? ' and ' : ', ';
}

/** "By A and B", each name linked to the person's page (decision 103); nothing without authors. */
export function Byline({ authors }: { authors: { name: string; slug: string }[] }) {
  if (authors.length === 0) return null;
  return (
    <p className="mt-3 text-base text-slate-700" data-testid="byline">
      By{' '}
      {authors.map((author, index) => (
        <Fragment key={author.slug}>
          {bylineSeparator(index, authors.length)}
          <a
            href={paths.author(author.slug)}
            rel="author"
            className="font-semibold text-red-700 hover:underline"
          >
            {author.name}
          </a>
        </Fragment>
      ))}
    </p>
  );
}
