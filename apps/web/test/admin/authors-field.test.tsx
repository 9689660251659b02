import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, StaffRef } from '@newsroom/contract';
import { AuthorsField } from '../../src/admin/news/AuthorsField.tsx';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

const asha: StaffRef = { _id: 's1', name: 'Asha Rao', slug: 'asha-rao' };
const dev: StaffRef = { _id: 's2', name: 'Dev Kumar', slug: 'dev-kumar' };
const mira: StaffRef = { _id: 's3', name: 'Mira Sen', slug: 'mira-sen' };
const me = (person: StaffRef, role: Me['role']): Me => ({
  ...person,
  email: `${person.slug}@example.com`,
  role,
  bio: '',
  links: [],
  pictureURL: null,
  twoFactor: false,
  twoFactorRequired: false,
});

afterEach(() => vi.unstubAllGlobals());

/** The field as a form holds it: undefined until changed. */
function Holder({ current, onValue }: { current: StaffRef[]; onValue: (ids: string[]) => void }) {
  const [value, setValue] = useState<string[] | undefined>(undefined);
  return (
    <AuthorsField
      value={value}
      current={current}
      onChange={(ids) => {
        setValue(ids);
        onValue(ids);
      }}
    />
  );
}

describe('the authors of an article in the editor', () => {
  it('lets an editor add, reorder and remove authors from the staff', async () => {
    stubFetch(
      on('GET', '/auth/me', ok(me(asha, 'editor'))),
      on('GET', '/staff/authors', ok([asha, dev, mira])),
    );
    const onValue = vi.fn();
    renderAdmin(<Holder current={[asha]} onValue={onValue} />, { role: 'editor' });
    const add = await screen.findByRole('combobox', { name: 'Add an author' });
    await waitFor(() => expect(within(add).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(add, 's3');
    expect(onValue).toHaveBeenLastCalledWith(['s1', 's3']);
    await userEvent.click(screen.getByRole('button', { name: 'Move Mira Sen up' }));
    expect(onValue).toHaveBeenLastCalledWith(['s3', 's1']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Asha Rao' }));
    expect(onValue).toHaveBeenLastCalledWith(['s3']);
    const list = screen.getByRole('list', { name: 'Authors in byline order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mira Sen']);
  });

  it('shows an author who the authors are, without a picker', async () => {
    const calls = stubFetch(on('GET', '/auth/me', ok(me(dev, 'author'))));
    renderAdmin(<Holder current={[asha, dev]} onValue={vi.fn()} />, { role: 'author' });
    expect(await screen.findByTestId('authors')).toHaveTextContent('Asha Rao, Dev Kumar');
    expect(screen.queryByRole('combobox', { name: 'Add an author' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/staff/authors'))).toBe(false);
  });
});
