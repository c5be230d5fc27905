import { useMemo } from 'react';
import { exportQuery, type InvoiceStatusFilter } from '@common/csv/exports';
import { ExportCsvButton } from '@/components/export-button/export-csv-button';

/** 'Export CSV' over the Invoices table: the invoices the search and Status show. */
export function ExportInvoicesButton({
  clinicId,
  query,
  status,
}: {
  clinicId: number;
  query: string;
  status: InvoiceStatusFilter;
}) {
  const params = useMemo(() => exportQuery<'invoices'>(clinicId, { q: query, status }), [clinicId, query, status]);
  return (
    <ExportCsvButton
      path="/api/exports/invoices.csv"
      query={params}
      accessibleLabel="Export CSV: invoices"
      fallbackFileName="invoices.csv"
    />
  );
}

/** 'Export CSV' over the Payments table: the payments the search shows. */
export function ExportPaymentsButton({ clinicId, query }: { clinicId: number; query: string }) {
  const params = useMemo(() => exportQuery<'payments'>(clinicId, { q: query }), [clinicId, query]);
  return (
    <ExportCsvButton
      path="/api/exports/payments.csv"
      query={params}
      accessibleLabel="Export CSV: payments"
      fallbackFileName="payments.csv"
    />
  );
}
