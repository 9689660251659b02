import { Button } from './Button.tsx';

interface FormActionsProps {
  mode: 'create' | 'update';
  pending: boolean;
  onCancel: () => void;
}

/** Cancel and Create/Update; the submit button reads 'Please wait...' while saving. */
export function FormActions({ mode, pending, onCancel }: FormActionsProps) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Please wait...' : mode === 'create' ? 'Create' : 'Update'}
      </Button>
    </div>
  );
}
