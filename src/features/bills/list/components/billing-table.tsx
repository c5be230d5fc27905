import type { ReactNode } from 'react';
import { FixedColumnsHead, readPlaceholder, windowedTableProps, WindowedBody } from '@/components/table/fixed-columns';
import type { FixedColumn, ReadStatus } from '@/components/table/fixed-columns';
import { useRowWindow } from '@/lib/use-row-window';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';

/** Every billing row is exactly this tall (billing.css), so the rows on screen follow from the scroll position. */
export const BILLING_ROW_HEIGHT = 48;

/** Money and actions sit at the end of their cells (`alignEnd`). */
export type BillingColumn = FixedColumn;

/** A billing table's read: its state, whether a search or filter is on (for the empty text), and Retry. */
export interface BillingRead {
  status: ReadStatus;
  filtered: boolean;
  onRetry: () => void;
}

const TABLES = {
  invoices: {
    label: BILLING_TEXT.invoicesTable,
    className: 'billing-invoices-table',
    testId: 'invoices-scroll',
    failed: BILLING_EXTRA_TEXT.invoicesFailed,
    noMatch: BILLING_EXTRA_TEXT.noInvoiceMatch,
    none: BILLING_TEXT.noInvoices,
  },
  payments: {
    label: BILLING_TEXT.paymentsTable,
    className: 'billing-payments-table',
    testId: 'payments-scroll',
    failed: BILLING_EXTRA_TEXT.paymentsFailed,
    noMatch: BILLING_EXTRA_TEXT.noPaymentMatch,
    none: BILLING_TEXT.noPayments,
  },
} as const;

/**
 * A billing table (Invoices, Payments): its columns, then the rows (already filtered) windowed in a
 * scroll box of its own, or what shows instead of rows (loading, a failed read with Retry, its
 * empty texts). `renderRow` gets each row's aria-rowindex (the header is row 1).
 */
export function BillingTable<Row extends { id: number }>({
  kind,
  rows,
  columns,
  read: { status, filtered, onRetry },
  renderRow,
}: {
  kind: keyof typeof TABLES;
  rows: readonly Row[];
  columns: readonly BillingColumn[];
  read: BillingRead;
  renderRow: (row: Row, rowIndex: number) => ReactNode;
}) {
  const table = TABLES[kind];
  const count = status === 'ready' ? rows.length : 0;
  const { scrollRef, ...rowWindow } = useRowWindow(count, BILLING_ROW_HEIGHT, 'box');
  const placeholder = readPlaceholder({
    status,
    count,
    onRetry,
    texts: {
      loading: BILLING_EXTRA_TEXT.loading,
      failed: table.failed,
      retry: BILLING_EXTRA_TEXT.retry,
      empty: filtered ? table.noMatch : table.none,
    },
  });

  return (
    <div ref={scrollRef} className="billing-table-scroll" data-testid={table.testId}>
      <table
        className={`data-table billing-table ${table.className}`}
        aria-label={table.label}
        {...windowedTableProps(count, status)}
      >
        <FixedColumnsHead columns={columns} rowIndex={1} />
        <WindowedBody
          rowWindow={rowWindow}
          placeholder={placeholder}
          rows={rows}
          layout={{ rowHeight: BILLING_ROW_HEIGHT, columnCount: columns.length, classPrefix: 'billing' }}
          renderRow={renderRow}
        />
      </table>
    </div>
  );
}
