/**
 * The invoices and payments exports (@common/csv/exports, written by the service) against the
 * Billing tables: the same headers in the same order, the same search and Status filter, the
 * methods labelled alike, and the payment date as the table's title shows it.
 */
import { describe, expect, it } from 'vitest';
import {
  INVOICE_EXPORT_COLUMNS,
  INVOICE_STATUS_FILTERS,
  matchesPatientName,
  paymentExportColumns,
  paymentMethodText,
  searchableName,
  type PaymentExportRow,
} from '@common/csv/exports';
import { createNameSearch, normalizeName, STATUS_FILTERS } from './list/billing-search';
import { paymentDate } from './list/payment-date';
import { BILLING_TEXT } from './model/messages';
import { paymentMethodLabel } from './model/payment-methods';

describe('the billing exports', () => {
  it("have the tables' visible columns first, in order, then ids and void reasons", () => {
    const invoice = BILLING_TEXT.invoiceColumns;
    expect(INVOICE_EXPORT_COLUMNS.map((column) => column.header)).toEqual([
      invoice.id,
      invoice.patient,
      invoice.total,
      invoice.status,
      'Balance',
      'Patient ID',
      'Void reason',
    ]);
    const payment = BILLING_TEXT.paymentColumns;
    expect(paymentExportColumns('Asia/Manila').map((column) => column.header)).toEqual([
      payment.invoiceId,
      payment.patient,
      payment.amount,
      payment.method,
      payment.reference,
      payment.date,
      'Payment ID',
      'Void',
      'Void reason',
    ]);
  });

  it('search and filter as the tab does', () => {
    expect(INVOICE_STATUS_FILTERS).toEqual(STATUS_FILTERS);
    const rows = [{ patient_name: 'José  Peña' }, { patient_name: 'Ana Cruz' }, { patient_name: 'Zoë' }];
    const search = createNameSearch(rows);
    for (const query of ['', 'pena', 'JOSÉ peña', 'jose  pena', 'zoe', ' cruz ', 'x']) {
      expect(searchableName(query)).toBe(normalizeName(query));
      expect(rows.filter((row) => matchesPatientName(row.patient_name, query))).toEqual(search(query));
    }
    for (const method of ['cash', 'card', 'e-wallet', 'bank', 'cheque', null]) {
      expect(paymentMethodText(method)).toBe(paymentMethodLabel(method));
    }
  });

  it("writes a payment's date as the table's title shows it", () => {
    const row: PaymentExportRow = {
      id: '3',
      invoice_id: '2',
      patient_name: 'Ana',
      amount: '-0.50',
      method: 'bank',
      reference_number: '=1',
      payment_date: '2027-03-05T01:05:00+00:00',
      local_date: '2027-03-05',
      local_time: '09:05',
      voided_at: null,
      void_reason: null,
    };
    const date = paymentExportColumns('Asia/Manila').find((column) => column.header === 'Date')!;
    expect(date.value(row)).toBe(paymentDate(row.payment_date, 'Asia/Manila').full);
    expect(date.value(row)).toBe('Mar 5, 2027, 9:05 AM');
  });
});
