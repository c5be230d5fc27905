import { centavosOfStored, db, pgError } from '@/testing/mocks';

const MAX_CENTAVOS = 999_999_999_999;

function isPesos(value: unknown): boolean {
  const text = String(value);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return false;
  const centavos = centavosOfStored(text);
  return centavos >= 1 && centavos <= MAX_CENTAVOS;
}

/**
 * The billing rules of the database that the forms meet, as `db` row checks
 * (supabase/migrations/…_billing.sql): money columns refuse anything but pesos with at most two
 * decimals from ₱0.01 to ₱9,999,999,999.99 (23514, never rounded); a payment on a void invoice is
 * refused ('This invoice is void; it takes no more payments.'); a payment above the invoice's
 * balance is refused (PT409) unless it says overpayment_accepted; an appointment billed twice is
 * refused ('This appointment already has an invoice.'); an appointment of another patient is
 * refused ('The appointment belongs to another patient.').
 */
export function enforceBillingRules() {
  db.table('invoices').check((row, { operation, others }) => {
    if (operation !== 'insert') return undefined;
    if (!isPesos(row.total))
      return pgError('23514', 'new row for relation "invoices" violates check constraint "invoices_total_is_pesos"');
    if (row.appointment_id === null) return undefined;
    // A repeat of an earlier insert: the unique key answers 23505.
    if (others.some((other) => other.clinic_id === row.clinic_id && other.idempotency_key === row.idempotency_key))
      return undefined;
    const appointment = db.table('appointments').find(row.appointment_id);
    if (appointment && appointment.patient_id !== row.patient_id)
      return pgError('23514', 'The appointment belongs to another patient.', { hint: 'invoice_patient_mismatch' });
    if (others.some((other) => other.appointment_id === row.appointment_id && other.voided_at === null))
      return pgError('23514', 'This appointment already has an invoice.', { hint: 'appointment_already_billed' });
    return undefined;
  });
  db.table('payments').check((row, { operation, others }) => {
    if (operation !== 'insert') return undefined;
    if (!isPesos(row.amount))
      return pgError('23514', 'new row for relation "payments" violates check constraint "payments_amount_is_pesos"');
    const invoice = db.table('invoices').find(row.invoice_id);
    if (invoice?.voided_at)
      return pgError('23514', 'This invoice is void; it takes no more payments.', { hint: 'invoice_void' });
    // A repeat of an earlier insert: the unique key answers 23505.
    if (others.some((other) => other.clinic_id === row.clinic_id && other.idempotency_key === row.idempotency_key))
      return undefined;
    if (invoice && !row.overpayment_accepted) {
      const paid = others
        .filter((other) => other.invoice_id === invoice.id && other.voided_at === null)
        .reduce((sum, other) => sum + centavosOfStored(other.amount), 0);
      if (centavosOfStored(row.amount) > centavosOfStored(invoice.total) - paid)
        return pgError('PT409', 'This payment is more than the balance of the invoice.', {
          hint: 'payment_above_balance',
        });
    }
    return undefined;
  });
}
