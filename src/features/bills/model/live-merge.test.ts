import { describe, expect, it } from 'vitest';
import type { InvoiceListRow, PaymentListRow } from './api/billing-columns';
import { mergeInvoices, mergePayments } from './live-merge';

const invoice = (id: number, status: InvoiceListRow['status'] = 'Unpaid'): InvoiceListRow => ({
  id,
  clinic_id: 1,
  patient_id: 7,
  patient_name: 'Ana Santos',
  total_centavos: 100_000,
  balance_centavos: 100_000,
  status,
  voided_at: null,
  void_reason: null,
  hmo_share_centavos: 0,
});

const payment = (id: number, invoiceId: number, paymentDate: string): PaymentListRow => ({
  id,
  clinic_id: 1,
  invoice_id: invoiceId,
  patient_name: 'Ana Santos',
  amount_centavos: 50_000,
  method: 'cash',
  reference_number: null,
  payment_date: paymentDate,
  voided_at: null,
  void_reason: null,
});

describe('mergeInvoices', () => {
  it('replaces a changed invoice in place, adds a new one at the top, and drops one no longer read', () => {
    const list = [invoice(5), invoice(4), invoice(3)];
    const merged = mergeInvoices(list, new Set([4, 6, 3]), [invoice(4, 'Paid'), invoice(6)]);
    expect(merged.map((row) => [row.id, row.status])).toEqual([
      [6, 'Unpaid'],
      [5, 'Unpaid'],
      [4, 'Paid'],
    ]);
    expect(list.map((row) => row.id)).toEqual([5, 4, 3]);
  });
});

describe('mergePayments', () => {
  it('replaces the changed invoices’ payments, newest first by date then id, whatever the fraction of a second', () => {
    const list = [
      payment(9, 2, '2030-01-10T02:30:00+00:00'),
      payment(3, 1, '2030-01-09T02:30:00.5+00:00'),
      payment(8, 2, '2030-01-09T02:30:00+00:00'),
    ];
    const merged = mergePayments(list, new Set([1]), [
      payment(3, 1, '2030-01-09T02:30:00.5+00:00'),
      payment(10, 1, '2030-01-11T01:00:00+00:00'),
    ]);
    expect(merged.map((row) => row.id)).toEqual([10, 9, 3, 8]);
  });
});
