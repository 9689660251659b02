import { zodResolver } from '@hookform/resolvers/zod';
import { subCategorySchema, type SubCategoryDto, type SubCategoryInput } from '@newsroom/contract';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useCategories } from './api.ts';

interface SubCategoryFormModalProps {
  initial?: SubCategoryDto;
  pending: boolean;
  onSubmit: (input: SubCategoryInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Parent category and name. The dropdown's first option reads 'Select  Category' when creating,
 * and the current parent's name when editing.
 */
export function SubCategoryFormModal({
  initial,
  pending,
  onSubmit,
  onClose,
}: SubCategoryFormModalProps) {
  const mode = initial ? 'update' : 'create';
  const categories = useCategories();
  const form = useForm<SubCategoryInput>({
    resolver: zodResolver(subCategorySchema),
    defaultValues: { name: initial?.name ?? '', categoryId: initial?.categoryId ?? '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    await onSubmit(input);
    form.reset({ name: '', categoryId: '' });
    onClose();
  });

  const firstOption = initial
    ? { value: initial.categoryId, label: initial.category?.name ?? 'Select  Category' }
    : { value: '', label: 'Select  Category' };
  const others = (categories.data ?? []).filter((category) => category._id !== firstOption.value);

  return (
    <Modal title={`${mode === 'create' ? 'Create' : 'Update'} SubCategory`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event).catch(() => undefined)}>
        <SelectField
          label="Category"
          error={errors.categoryId?.message}
          {...form.register('categoryId')}
        >
          <option value={firstOption.value}>{firstOption.label}</option>
          {others.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="SubCategory Name"
          placeholder="Enter sub category name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormActions mode={mode} pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
