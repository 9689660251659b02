import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchBox } from '../../src/public/search/SearchBox.tsx';
import { SearchSnippet } from '../../src/public/search/SearchSnippet.tsx';

function Landed() {
  const location = useLocation();
  return (
    <>
      <p data-testid="address">{location.pathname + location.search}</p>
      <SearchBox />
    </>
  );
}

function renderBox(start = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/search', element: <Landed /> },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
}

describe('search box', () => {
  it('sends the words to /search?q=', async () => {
    renderBox();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search news' }), {
      target: { value: 'river festival' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('address')).toHaveTextContent('/search?q=river+festival');
  });

  it('shows the words searched for on the results page', () => {
    renderBox('/search?q=harbour');
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
