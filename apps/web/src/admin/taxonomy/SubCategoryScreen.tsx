import { PAGE_SIZE, type SubCategoryDto, type SubCategoryInput } from '@newsroom/contract';
import { useState } from 'react';
import { adminKeys } from '../lib/query-keys.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { deleteSubCategory, saveSubCategory, useSubCategoryPage } from './api.ts';
import { SubCategoryFormModal } from './SubCategoryFormModal.tsx';

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'update'; row: SubCategoryDto };

// Categories carry their sub-categories' names, so both lists go stale together.
const invalidates = [adminKeys.subCategories, adminKeys.categories];
const headers = ['S.No.', 'Sub Category Name', 'Parent Name', 'Actions'];

export function SubCategoryScreen() {
  const [page, setPage] = useState(1);
  const list = useSubCategoryPage(page);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<SubCategoryDto | null>(null);

  const save = useAdminMutation({
    mutationFn: ({ input, id }: { input: SubCategoryInput; id?: string }) =>
      saveSubCategory(input, id),
    invalidates,
  });
  const remove = useAdminMutation({ mutationFn: deleteSubCategory, invalidates });

  const offset = (page - 1) * PAGE_SIZE.subCategories;
  return (
    <section>
      <ScreenHeader
        title="Sub Category Table"
        action={<Button onClick={() => setModal({ mode: 'create' })}>+ Add SubCategory</Button>}
      />
      <Table caption="Sub Category Table" headers={headers}>
        {list.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : list.isError ? (
          <TableMessage colSpan={headers.length}>{list.error.message}</TableMessage>
        ) : list.data.rows.length === 0 ? (
          <TableMessage colSpan={headers.length}>Nothing here yet.</TableMessage>
        ) : (
          list.data.rows.map((row, index) => (
            <tr key={row._id}>
              <td className={cellClass}>{offset + index + 1}</td>
              <td className={cellClass}>{row.name}</td>
              <td className={cellClass}>{row.category?.name ?? ''}</td>
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
      <Pagination
        page={page}
        pageSize={PAGE_SIZE.subCategories}
        count={list.data?.count ?? 0}
        onPage={setPage}
      />
      {modal.mode !== 'closed' ? (
        <SubCategoryFormModal
          key={modal.mode === 'update' ? modal.row._id : 'create'}
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
          title="Delete SubCategory"
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
