import type { ReactNode } from 'react';
import { useRowWindow } from '@/lib/use-row-window';
import { SpacerRow } from './spacer-row';
import { tablePlaceholder } from './table-placeholder';

/** Every billing row is exactly this tall (billing.css), so the rows on screen follow from the scroll position. */
export const BILLING_ROW_HEIGHT = 48;

export interface BillingColumn {
  /** The `<col>` class that sets its width. */
  className: string;
  header: string;
  /** Money and actions sit at the end of their cells. */
  alignEnd?: boolean;
}

/**
 * A billing table (Invoices, Payments): its columns, then the rows windowed in a scroll box of its
 * own, or what shows instead of rows (loading, a failed read with Retry, its empty texts).
 * `renderRow` gets each row's aria-rowindex (the header is row 1).
 */
export function BillingTable<Row extends { id: number }>({
  rows,
  columns,
  status,
  filtered,
  onRetry,
  texts,
  label,
  className,
  testId,
  renderRow,
}: {
  /** The rows to show (already filtered). */
  rows: readonly Row[];
  columns: readonly BillingColumn[];
  status: 'loading' | 'failed' | 'ready';
  /** A search or status filter is on (for the empty text). */
  filtered: boolean;
  onRetry: () => void;
  texts: { failed: string; noMatch: string; none: string };
  label: string;
  className: string;
  testId: string;
  renderRow: (row: Row, rowIndex: number) => ReactNode;
}) {
  const count = status === 'ready' ? rows.length : 0;
  const { scrollRef, bodyRef, start, end } = useRowWindow(count, BILLING_ROW_HEIGHT, 'box');
  const placeholder = tablePlaceholder({ status, count, filtered, onRetry, texts });

  return (
    <div ref={scrollRef} className="billing-table-scroll" data-testid={testId}>
      <table
        className={`data-table billing-table ${className}`}
        aria-label={label}
        aria-rowcount={count + 1}
        aria-busy={status === 'loading' || undefined}
        data-count={count}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.className} className={column.className} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.className} scope="col" className={column.alignEnd ? 'align-end' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {placeholder ? (
            <tr>
              <td colSpan={columns.length} className="billing-placeholder">
                {placeholder}
              </td>
            </tr>
          ) : (
            <>
              <SpacerRow rows={start} rowHeight={BILLING_ROW_HEIGHT} columns={columns.length} />
              {rows.slice(start, end).map((row, offset) => renderRow(row, start + offset + 2))}
              <SpacerRow rows={count - end} rowHeight={BILLING_ROW_HEIGHT} columns={columns.length} />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
