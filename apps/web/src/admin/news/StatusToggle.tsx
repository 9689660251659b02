import { useId } from 'react';
import { FieldError } from '../ui/Field.tsx';

interface StatusToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** Active (true, the default) or inactive, as a switch. */
export function StatusToggle({ checked, onChange, error }: StatusToggleProps) {
  const id = useId();
  return (
    <div className="mb-4">
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-700">
        Status
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${checked ? 'bg-green-600' : 'bg-slate-400'}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
      <span className="ml-3 text-sm text-slate-700">{checked ? 'Active' : 'Inactive'}</span>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
