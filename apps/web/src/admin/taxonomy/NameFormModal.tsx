import { zodResolver } from '@hookform/resolvers/zod';
import { nameSchema, type NameInput, type Ref } from '@newsroom/contract';
import { useForm } from 'react-hook-form';
import { TextField } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { Modal } from '../ui/Modal.tsx';

interface NameFormModalProps {
  label: string;
  /** The record being edited; absent when creating. */
  initial?: Ref;
  pending: boolean;
  onSubmit: (input: NameInput) => Promise<unknown>;
  onClose: () => void;
}

/** 'Create …' / 'Update …' form with one name field, validated by the server's schema. */
export function NameFormModal({ label, initial, pending, onSubmit, onClose }: NameFormModalProps) {
  const mode = initial ? 'update' : 'create';
  const form = useForm<NameInput>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: initial?.name ?? '' },
  });

  const submit = form.handleSubmit(async (input) => {
    await onSubmit(input);
    form.reset({ name: '' });
    onClose();
  });

  return (
    <Modal title={`${mode === 'create' ? 'Create' : 'Update'} ${label}`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event).catch(() => undefined)}>
        <TextField
          label={`${label} Name`}
          placeholder={`Enter ${label.toLowerCase()} name`}
          autoFocus
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <FormActions mode={mode} pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
