import type { ReactNode } from 'react';

interface TableProps {
  caption: string;
  headers: string[];
  children: ReactNode;
}

/** A plain, scrollable data table with a visually hidden caption. */
export function Table({ caption, headers, children }: TableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A full-width row for 'Loading...', an empty list or a read failure. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-6 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}

export const cellClass = 'px-4 py-3 align-middle text-slate-800';
