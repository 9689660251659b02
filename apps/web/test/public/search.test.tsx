import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchWordsContext } from '../../src/public/pathname.ts';
import { SearchBox } from '../../src/public/search/SearchBox.tsx';
import { SearchSnippet } from '../../src/public/search/SearchSnippet.tsx';

describe('search box', () => {
  it('is a plain GET form to /search that sends the words as q', () => {
    render(<SearchBox />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search');
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveAttribute('name', 'q');
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toBeRequired();
  });

  it('shows the words searched for on the results page', () => {
    render(
      <SearchWordsContext.Provider value="harbour">
        <SearchBox />
      </SearchWordsContext.Provider>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveValue('harbour');
  });
});

describe('search snippet', () => {
  it('highlights marked words and shows escaped text as text, never as markup', () => {
    const { container } = render(
      <SearchSnippet snippet="Fish &amp; chips &lt;b&gt;tonight&lt;/b&gt; at the <mark>pier</mark>" />,
    );
    expect(container.querySelector('mark')?.textContent).toBe('pier');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('Fish & chips <b>tonight</b> at the pier');
  });
});
