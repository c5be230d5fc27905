import type { InvoiceSummaryRow, PaymentEntryRow } from '@/lib/database.types';

/**
 * The columns the two lists read from the views: only what a row shows or its actions need (Add
 * Payment, Void, Print receipt, Availment form), since a clinic's lists run to tens of thousands of rows and every
 * column is paid for in the payload (bench/billing.bench.ts). Amounts only as `*_centavos`
 * integers, never the tables' numeric JSON. Literal strings, so supabase-js types the rows.
 */
export const INVOICE_LIST_COLUMNS =
  'id, clinic_id, patient_id, patient_name, total_centavos, balance_centavos, status, voided_at, void_reason, hmo_share_centavos';

export const PAYMENT_LIST_COLUMNS =
  'id, clinic_id, invoice_id, patient_name, amount_centavos, method, reference_number, payment_date, voided_at, void_reason';

export type InvoiceListRow = Pick<
  InvoiceSummaryRow,
  | 'id'
  | 'clinic_id'
  | 'patient_id'
  | 'patient_name'
  | 'total_centavos'
  | 'balance_centavos'
  | 'status'
  | 'voided_at'
  | 'void_reason'
  | 'hmo_share_centavos'
>;

export type PaymentListRow = Pick<
  PaymentEntryRow,
  | 'id'
  | 'clinic_id'
  | 'invoice_id'
  | 'patient_name'
  | 'amount_centavos'
  | 'method'
  | 'reference_number'
  | 'payment_date'
  | 'voided_at'
  | 'void_reason'
>;
