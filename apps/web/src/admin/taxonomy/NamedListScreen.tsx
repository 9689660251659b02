import type { NameInput, PersonDto } from '@newsroom/contract';
import { useState } from 'react';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { deleteNamed, saveNamed, useNamedList, type NamedEntity } from './api.ts';
import { NameFormModal } from './NameFormModal.tsx';

interface NamedListScreenProps {
  entity: NamedEntity;
  title: string;
  addLabel: string;
}

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'update'; row: PersonDto };

/** Category, anchor and publisher lists: S.No., name, Edit and Delete; a modal to add or edit. */
export function NamedListScreen({ entity, title, addLabel }: NamedListScreenProps) {
  const list = useNamedList<PersonDto>(entity);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<PersonDto | null>(null);

  const save = useAdminMutation({
    mutationFn: ({ input, id }: { input: NameInput; id?: string }) => saveNamed(entity, input, id),
    invalidates: entity.invalidates,
  });
  const remove = useAdminMutation({
    mutationFn: (id: string) => deleteNamed(entity, id),
    invalidates: entity.invalidates,
  });

  const headers = ['S.No.', `${entity.label} Name`, 'Actions'];
  return (
    <section>
      <ScreenHeader
        title={title}
        action={<Button onClick={() => setModal({ mode: 'create' })}>{addLabel}</Button>}
      />
      <Table caption={title} headers={headers}>
        {list.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : list.isError ? (
          <TableMessage colSpan={headers.length}>{list.error.message}</TableMessage>
        ) : list.data.length === 0 ? (
          <TableMessage colSpan={headers.length}>Nothing here yet.</TableMessage>
        ) : (
          list.data.map((row, index) => (
            <tr key={row._id}>
              <td className={cellClass}>{index + 1}</td>
              <td className={cellClass}>{row.name}</td>
              <td className={`${cellClass} flex gap-2`}>
                <Button variant="secondary" onClick={() => setModal({ mode: 'update', row })}>
                  Edit
                </Button>
                <Button variant="danger" onClick={() => setToDelete(row)}>
                  Delete
                </Button>
              </td>
            </tr>
          ))
        )}
      </Table>
      {modal.mode !== 'closed' ? (
        <NameFormModal
          key={modal.mode === 'update' ? modal.row._id : 'create'}
          label={entity.label}
          initial={modal.mode === 'update' ? modal.row : undefined}
          pending={save.isPending}
          onSubmit={(input) =>
            save.mutateAsync({ input, id: modal.mode === 'update' ? modal.row._id : undefined })
          }
          onClose={() => setModal({ mode: 'closed' })}
        />
      ) : null}
      {toDelete ? (
        <ConfirmDialog
          title={`Delete ${entity.label}`}
          message={`Delete "${toDelete.name}"? This cannot be undone.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) })}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
