import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NameFormModal } from '../../src/admin/taxonomy/NameFormModal.tsx';

function renderModal(props: Partial<Parameters<typeof NameFormModal>[0]> = {}) {
  const onSubmit = vi.fn(async () => undefined);
  const onClose = vi.fn();
  render(
    <NameFormModal
      label="Category"
      pending={false}
      onSubmit={onSubmit}
      onClose={onClose}
      {...props}
    />,
  );
  return { onSubmit, onClose, user: userEvent.setup() };
}

describe('name form modal', () => {
  it("is titled 'Create …' and requires a name", async () => {
    const { user, onSubmit } = renderModal();
    expect(screen.getByRole('heading', { name: 'Create Category' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats a name of spaces as missing', async () => {
    const { user, onSubmit } = renderModal();
    await user.type(screen.getByLabelText('Category Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed name, then resets and closes', async () => {
    const { user, onSubmit, onClose } = renderModal({ label: 'Anchor' });
    await user.type(screen.getByLabelText('Anchor Name'), '  Ravi Kumar ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ravi Kumar' });
    expect(screen.getByLabelText('Anchor Name')).toHaveValue('');
  });

  it('stays open with the input when saving fails', async () => {
    const onSubmit = vi.fn(async () => Promise.reject(new Error('Name already exists')));
    const { user, onClose } = renderModal({ onSubmit });
    await user.type(screen.getByLabelText('Category Name'), 'Sports');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Category Name')).toHaveValue('Sports');
  });

  it("is titled 'Update …' with the record's name when editing", () => {
    renderModal({ label: 'Publisher', initial: { _id: 'p1', name: 'Daily Post' } });
    expect(screen.getByRole('heading', { name: 'Update Publisher' })).toBeInTheDocument();
    expect(screen.getByLabelText('Publisher Name')).toHaveValue('Daily Post');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it("reads 'Please wait...' while saving, and Cancel closes", async () => {
    const { user, onClose } = renderModal({ pending: true });
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
