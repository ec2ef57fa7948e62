import type { ComponentChild } from 'preact';

export interface Column<T> {
  title: string;
  cell: (row: T) => ComponentChild;
  /** Right-aligned (amounts). */
  numeric?: boolean;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  empty: string;
  label: string;
}

/** A list page's table: one row per entity, or what is missing when there is none. */
export function DataTable<T>({ columns, rows, rowKey, empty, label }: DataTableProps<T>) {
  if (rows === undefined) return null;
  if (rows.length === 0) return <p class="empty">{empty}</p>;
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.title} class={column.numeric ? 'numeric' : undefined}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.title} class={column.numeric ? 'numeric' : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
