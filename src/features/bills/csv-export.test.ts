/**
 * The invoices and payments exports (@common/csv/exports, written by the service) against the
 * Billing tables: the same headers in the same order, the same search and Status filter, the
 * methods labelled alike, and the payment's clinic date and time as sortable cells.
 */
import { describe, expect, it } from 'vitest';
import { clinicWallClock } from '@common/clinic-calendar';
import {
  INVOICE_EXPORT_COLUMNS,
  INVOICE_STATUS_FILTERS,
  matchesPatientName,
  PAYMENT_EXPORT_COLUMNS,
  paymentMethodText,
  searchableName,
  type PaymentExportRow,
} from '@common/csv/exports';
import { createNameSearch, normalizeName, STATUS_FILTERS } from './list/billing-search';
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
    expect(PAYMENT_EXPORT_COLUMNS.map((column) => column.header)).toEqual([
      payment.invoiceId,
      payment.patient,
      payment.amount,
      payment.method,
      payment.reference,
      payment.date,
      'Time',
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

  it("writes a payment's clinic date as YYYY-MM-DD and its time as 24-hour HH:MM, in cells of their own", () => {
    const row: PaymentExportRow = {
      id: '3',
      invoice_id: '2',
      patient_name: 'Ana',
      amount: '-0.50',
      method: 'bank',
      reference_number: '=1',
      payment_date: '2027-03-05T09:30:00+00:00',
      local_date: '2027-03-05',
      local_time: '17:30',
      voided_at: null,
      void_reason: null,
    };
    const cell = (header: string) => PAYMENT_EXPORT_COLUMNS.find((column) => column.header === header)!.value(row);
    expect([cell('Date'), cell('Time')]).toEqual(['2027-03-05', '17:30']);
    const clock = clinicWallClock(row.payment_date, 'Asia/Manila');
    expect([cell('Date'), cell('Time')]).toEqual([clock.date, clock.time]);
  });
});
