import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_ERROR,
  NewsList,
  type NewsListProps,
} from '../../src/public/news-list/NewsList.tsx';
import { isNearBottom } from '../../src/public/news-list/use-near-bottom.ts';
import { createNewsCard } from './factories.ts';

function renderList(overrides: Partial<NewsListProps> = {}) {
  const props: NewsListProps = {
    items: Array.from({ length: 6 }, () => createNewsCard()),
    status: 'success',
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <NewsList {...props} />
    </MemoryRouter>,
  );
  return props;
}

/** A 3000 px page in an 800 px window, `fromBottom` px above the bottom. */
function placeReader(fromBottom: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: 3000,
  });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 2200 - fromBottom });
}

function scrollTo(fromBottom: number) {
  placeReader(fromBottom);
  fireEvent.scroll(window);
}

beforeEach(() => placeReader(2200));

afterEach(() => {
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  Reflect.deleteProperty(window, 'innerHeight');
  Reflect.deleteProperty(window, 'scrollY');
});

describe('news list layout', () => {
  it('shows the first item large and the rest in a grid', () => {
    const props = renderList();
    const items = screen.getAllByTestId('news-item');
    expect(items).toHaveLength(6);
    const grid = items[1]?.parentElement;
    expect(grid?.className).toContain('grid');
    expect(within(grid as HTMLElement).getAllByTestId('news-item')).toHaveLength(5);
    expect(items[0]?.parentElement).not.toBe(grid);
    expect(within(items[0] as HTMLElement).getByRole('heading').textContent).toBe(
      props.items[0]?.title,
    );
  });

  it('shows each item’s picture with alt text, size, tags, publisher and date', () => {
    renderList({ items: [createNewsCard({ tags: ['parliamentary'] })] });
    const item = screen.getByTestId('news-item');
    const image = within(item).getByRole('img', { hidden: true });
    expect(image).toHaveAttribute('alt', 'A picture of the city');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '675');
    expect(within(item).getByText('parliament...')).toBeInTheDocument();
    expect(within(item).getByText('Daily Meridian')).toBeInTheDocument();
    expect(within(item).getByText('Updated March 4, 2025')).toBeInTheDocument();
  });

  it('loads pictures below the first lazily', () => {
    renderList();
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images.slice(1).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('says so when a category has no news', () => {
    renderList({ items: [], hasNextPage: false, emptyLabel: 'Astrology' });
    expect(screen.getByText('There is no news in Astrology yet.')).toBeInTheDocument();
  });

  it('shows Loading Data Error when a page fails', () => {
    renderList({ isFetchNextPageError: true });
    expect(screen.getByRole('alert')).toHaveTextContent(LOADING_ERROR);
  });
});

describe('infinite scroll trigger', () => {
  it('is near the bottom within 3 px, not at 4 px', () => {
    expect(isNearBottom(800, 2197, 3000)).toBe(true);
    expect(isNearBottom(800, 2196, 3000)).toBe(false);
  });

  it('fetches the next page when the reader scrolls within 3 px of the bottom', () => {
    const props = renderList();
    scrollTo(100);
    expect(props.fetchNextPage).not.toHaveBeenCalled();
    scrollTo(3);
    expect(props.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('stops at the end of the list', () => {
    const props = renderList({ hasNextPage: false });
    scrollTo(0);
    expect(props.fetchNextPage).not.toHaveBeenCalled();
  });

  it('does not fetch again while a page is loading', () => {
    const props = renderList({ isFetchingNextPage: true });
    scrollTo(0);
    expect(props.fetchNextPage).not.toHaveBeenCalled();
  });

  it('does not fetch again after a failure', () => {
    const props = renderList({ isFetchNextPageError: true });
    scrollTo(0);
    expect(props.fetchNextPage).not.toHaveBeenCalled();
  });

  it('loads more at once when the first page does not fill the window', () => {
    placeReader(0);
    const props = renderList();
    expect(props.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
