import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal title={props.title} onClose={props.onCancel}>
      <p className="mb-6 text-sm text-slate-700">{props.message}</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button variant="danger" disabled={props.pending} onClick={props.onConfirm}>
          {props.pending ? 'Please wait...' : props.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
