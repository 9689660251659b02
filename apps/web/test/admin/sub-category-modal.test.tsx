import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubCategoryDto } from '@newsroom/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubCategoryFormModal } from '../../src/admin/taxonomy/SubCategoryFormModal.tsx';
import { ok, on, stubFetch } from './fetch-stub.ts';
import { renderAdmin } from './render.tsx';

afterEach(() => vi.unstubAllGlobals());

const categories = [
  { _id: 'c1', name: 'Sports', subcategory: [], createdAt: '', updatedAt: '' },
  { _id: 'c2', name: 'Crime', subcategory: [], createdAt: '', updatedAt: '' },
];

function renderModal(initial?: SubCategoryDto) {
  stubFetch(on('GET', '/category/get', ok(categories)));
  const onSubmit = vi.fn(async () => undefined);
  renderAdmin(
    <SubCategoryFormModal
      initial={initial}
      pending={false}
      onSubmit={onSubmit}
      onClose={() => {}}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('sub-category form modal', { timeout: 20_000 }, () => {
  it("offers 'Select  Category' first, then every category", async () => {
    renderModal();
    const select = screen.getByLabelText('Category');
    await screen.findByRole('option', { name: 'Crime' }, { timeout: 5000 });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select  Category', 'Sports', 'Crime']);
  });

  it('requires a category and a name', async () => {
    const { user, onSubmit } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('categoryId is required')).toBeInTheDocument();
    expect(screen.getByText('name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the chosen category and the name', async () => {
    const { user, onSubmit } = renderModal();
    await screen.findByRole('option', { name: 'Crime' });
    await user.selectOptions(screen.getByLabelText('Category'), 'c2');
    await user.type(screen.getByLabelText('SubCategory Name'), 'Cyber');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Cyber', categoryId: 'c2' }),
    );
  });

  it("shows the current parent's name first when editing", async () => {
    renderModal({
      _id: 's1',
      name: 'Cricket',
      categoryId: 'c1',
      category: { _id: 'c1', name: 'Sports' },
      createdAt: '',
      updatedAt: '',
    });
    expect(screen.getByRole('heading', { name: 'Update SubCategory' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Crime' });
    const options = within(screen.getByLabelText('Category')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Sports', 'Crime']);
    expect(screen.getByLabelText('Category')).toHaveValue('c1');
    expect(screen.getByLabelText('SubCategory Name')).toHaveValue('Cricket');
  });
});
