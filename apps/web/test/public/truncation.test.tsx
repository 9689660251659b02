import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TRUNCATE, htmlToText, truncateChars, truncateWords } from '@newsroom/contract';
import { NewsCard } from '../../src/public/news-list/NewsCard.tsx';
import { displayTags } from '../../src/public/tags.ts';
import { createNewsCard, words } from './factories.ts';

function wordCount(text: string): number {
  return text
    .replace(/\.\.\.$/, '')
    .trim()
    .split(/\s+/).length;
}

describe('truncation by words', () => {
  it('keeps text of at most the limit unchanged', () => {
    expect(truncateWords(words(20), 20)).toBe(words(20));
  });

  it('cuts longer text to the limit and marks the cut', () => {
    expect(truncateWords(words(25), 20)).toBe(`${words(20)}...`);
  });

  it('counts words of rich text after dropping its markup', () => {
    const text = htmlToText('<p>one <strong>two</strong></p><p>three&nbsp;four</p>');
    expect(truncateWords(text, 3)).toBe('one two three...');
  });
});

describe('truncation by characters', () => {
  it('cuts a title to 40 characters', () => {
    const title = 'A'.repeat(45);
    expect(truncateChars(title, 40)).toBe(`${'A'.repeat(40)}...`);
  });

  it('leaves a short title alone', () => {
    expect(truncateChars('Short title', 40)).toBe('Short title');
  });

  it('cuts each tag to its first 10 characters, splitting comma-separated tags', () => {
    expect(displayTags(['infrastructure,budget', 'ai'])).toEqual(['infrastruc...', 'budget', 'ai']);
  });
});

describe('news card excerpts', () => {
  it('gives the first (featured) item 90 words', () => {
    render(
      <MemoryRouter>
        <NewsCard article={createNewsCard({ description: `<p>${words(120)}</p>` })} featured />
      </MemoryRouter>,
    );
    expect(wordCount(screen.getByText(/^w1 w2/).textContent ?? '')).toBe(90);
  });

  it('gives a grid item 50 words', () => {
    render(
      <MemoryRouter>
        <NewsCard article={createNewsCard({ description: `<p>${words(120)}</p>` })} />
      </MemoryRouter>,
    );
    expect(wordCount(screen.getByText(/^w1 w2/).textContent ?? '')).toBe(50);
  });

  it('shows a grid item the same words whatever the length of its description', () => {
    for (const count of [20, 50, 51, 70, 90, 91, 120]) {
      const description = `<p>${words(count, 'v')}</p><p>and <b>more</b> &amp; more</p>`;
      const { unmount } = render(
        <MemoryRouter>
          <NewsCard article={createNewsCard({ description })} />
        </MemoryRouter>,
      );
      expect(screen.getByText(/^v1 /).textContent).toBe(
        truncateWords(htmlToText(description), TRUNCATE.gridItemWords),
      );
      unmount();
    }
  });
});
