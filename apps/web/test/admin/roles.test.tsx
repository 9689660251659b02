import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@newsroom/contract';
import { Sidebar } from '../../src/admin/layout/Sidebar.tsx';
import { Allowed } from '../../src/admin/layout/Allowed.tsx';
import { renderAdmin } from './render.tsx';
import { ok, on, stubFetch } from './fetch-stub.ts';

const linksOf = (role: Role) => {
  renderAdmin(<Sidebar collapsed={false} />, { role });
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(/^\W+/, ''));
};

describe('the back office by role', () => {
  it.each(['admin', 'editor'] as const)('shows an %s every screen', (role) => {
    const all = [
      'Dashboard',
      'Category',
      'SubCategory',
      'Anchor',
      'Publisher',
      'News Table',
      'My desk',
      'Add News',
      'Contact Details',
      'Staff',
      'Audit trail',
      'Profile',
      'Security',
    ];
    // Webhooks are the admins' alone (decision 117).
    expect(linksOf(role)).toEqual(role === 'admin' ? [...all, 'Webhooks'] : all);
  });

  it.each(['author', 'contributor'] as const)(
    'shows a %s the news table, their desk, the news form, their profile and security only',
    (role) => {
      expect(linksOf(role)).toEqual(['News Table', 'My desk', 'Add News', 'Profile', 'Security']);
    },
  );

  it('counts what is assigned to the person beside "My desk"', async () => {
    stubFetch(on('GET', '/desk', ok({ assigned: 3, inReview: 1 })));
    renderAdmin(<Sidebar collapsed={false} />, { role: 'contributor' });
    const desk = screen.getByRole('link', { name: 'My desk' });
    expect(await within(desk).findByTitle('3 assigned to you')).toHaveTextContent('3');
    vi.unstubAllGlobals();
  });

  it('tells a person reaching a screen not theirs why, instead of showing it', () => {
    renderAdmin(
      <Allowed action="taxonomy.write">
        <p>The category list</p>
      </Allowed>,
      { role: 'author' },
    );
    expect(screen.queryByText('The category list')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
    expect(
      screen.getByText(
        /Your role may not change categories, sub-categories, anchors or publishers/,
      ),
    ).toBeVisible();
  });
});
