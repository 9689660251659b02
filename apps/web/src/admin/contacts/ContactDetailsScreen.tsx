import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, TRUNCATE, truncateChars, type ContactDto } from '@newsroom/contract';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { adminCache, adminKeys } from '../lib/query-keys.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';

const headers = ['S.No.', 'Full Name', 'Email', 'Phone', 'Message', 'Date'];

function useContactsPage(page: number) {
  return useQuery({
    queryKey: adminKeys.contacts(page),
    queryFn: async ({ signal }) => {
      const envelope = await api<ContactDto[]>('/admin-contact/get', {
        query: { page, limit: PAGE_SIZE.contacts },
        signal,
      });
      return { rows: envelope.data, count: envelope.count ?? envelope.data.length };
    },
    ...adminCache,
  });
}

/** Messages sent from the contact page, newest first. */
export function ContactDetailsScreen() {
  const [page, setPage] = useState(1);
  const list = useContactsPage(page);
  const offset = (page - 1) * PAGE_SIZE.contacts;
  return (
    <section>
      <ScreenHeader title="Contact Details" />
      <Table caption="Contact Details" headers={headers}>
        {list.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : list.isError ? (
          <TableMessage colSpan={headers.length}>{list.error.message}</TableMessage>
        ) : list.data.rows.length === 0 ? (
          <TableMessage colSpan={headers.length}>No messages yet.</TableMessage>
        ) : (
          list.data.rows.map((row, index) => (
            <tr key={row._id}>
              <td className={cellClass}>{offset + index + 1}</td>
              <td className={cellClass}>{row.fullName}</td>
              <td className={cellClass}>{row.email}</td>
              <td className={cellClass}>{row.phone}</td>
              <td className={cellClass} title={row.message}>
                {truncateChars(row.message, TRUNCATE.contactMessage)}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
            </tr>
          ))
        )}
      </Table>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE.contacts}
        count={list.data?.count ?? 0}
        onPage={setPage}
      />
    </section>
  );
}
