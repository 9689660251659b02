import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicPage } from '../../src/public/PublicPage.tsx';

describe('the page of a removed article', () => {
  it('says the article was removed, in the 404 screen’s layout, and leads home', () => {
    render(<PublicPage page={{ id: 'gone' }} pathname="/news/removed-story" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('410');
    expect(
      screen.getByText('This article has been removed and is no longer available.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('is not the not-found screen', () => {
    render(<PublicPage page={{ id: 'not-found' }} pathname="/news/never-was" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404');
    expect(screen.getByText('Oops! The page you are looking for does not exist.')).toBeVisible();
  });
});
