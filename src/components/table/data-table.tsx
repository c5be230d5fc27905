import type { Key, ReactNode } from 'react';
import { EmptyState, LoadingState } from '../states/states';
import './data-table.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** e.g. 'actions' cells stay narrow and right-aligned. */
  align?: 'start' | 'end' | 'center';
  width?: string;
  /**
   * The `<col>` class, when the screen's stylesheet sizes the column (widths that change with the
   * screen size, which an inline `width` cannot). Use with `table-layout: fixed`.
   */
  colClassName?: string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Accessible name of the table. */
  caption: string;
  loading?: boolean;
  emptyText?: string;
}

/** A plain, accessible table that scrolls sideways on narrow screens instead of squeezing. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  loading,
  emptyText = 'Nothing here yet.',
}: DataTableProps<Row>) {
  const body = loading ? (
    <tr>
      <td colSpan={columns.length}>
        <LoadingState />
      </td>
    </tr>
  ) : rows.length === 0 ? (
    <tr>
      <td colSpan={columns.length}>
        <EmptyState title={emptyText} />
      </td>
    </tr>
  ) : (
    rows.map((row) => (
      <tr key={rowKey(row)}>
        {columns.map((column) => (
          <td key={column.key} className={column.align ? `align-${column.align}` : undefined}>
            {column.render(row)}
          </td>
        ))}
      </tr>
    ))
  );
  return (
    <div className="table-scroll">
      <table className="data-table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        {columns.some((column) => column.colClassName) ? (
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} className={column.colClassName} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.align ? `align-${column.align}` : undefined}
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
