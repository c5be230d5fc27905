import { useQueryClient } from '@tanstack/react-query';
import { centavosOfStored, centavosToDecimal } from '@/entities/money';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshAfterSave } from '../../model/api/refresh-changed-invoices';
import { EarlierSaveDiffers } from '../../model/earlier-save';
import { billingKeys } from '../../model/query-keys';
import type { PaymentFields } from '../payment-form';

export interface NewPayment extends PaymentFields {
  invoiceId: number;
  patientId: number;
  /** One per opened form, kept across retries: a repeat makes no second payment. */
  idempotencyKey: string;
  /**
   * The balance (what the invoice owed, in centavos) whose overpayment warning the user confirmed
   * with 'Add Payment anyway'; null otherwise. The database refuses an amount above the invoice's
   * balance at the moment it records the payment (PT409): payment_above_balance when null,
   * payment_balance_changed when the invoice no longer owes this.
   */
  acceptedBalanceCentavos: number | null;
}

/**
 * Adds a payment: insert {patient_id, invoice_id, amount, method, reference_number, notes,
 * clinic_id} with the form's idempotency key, amount as a decimal string. A repeat of the
 * same key answers 23505; the payment that key already made is then this insert's result. An
 * amount above the balance answers PT409 unless accepted at that balance (see `isAboveBalance`,
 * `isBalanceChanged`).
 */
export async function addPayment(clinicId: number, payment: NewPayment): Promise<{ id: number }> {
  const supabase = getSupabase();
  const answer = await supabase
    .from('payments')
    .insert({
      patient_id: payment.patientId,
      invoice_id: payment.invoiceId,
      amount: centavosToDecimal(payment.amountCentavos),
      method: payment.method,
      reference_number: payment.reference,
      notes: payment.notes,
      clinic_id: clinicId,
      idempotency_key: payment.idempotencyKey,
      overpayment_accepted: payment.acceptedBalanceCentavos !== null,
      accepted_balance:
        payment.acceptedBalanceCentavos === null ? null : centavosToDecimal(payment.acceptedBalanceCentavos),
    })
    .select('id')
    .single();
  if (!answer.error) return answer.data;
  if (answer.error.code === '23505') {
    const existing = await supabase
      .from('payments')
      .select('id, amount::text, method, reference_number')
      .eq('clinic_id', clinicId)
      .eq('idempotency_key', payment.idempotencyKey)
      .maybeSingle();
    if (existing.data) {
      const { id, amount, method, reference_number: reference } = existing.data;
      // Saved before with what the form said then: a retry after the form was changed is not it.
      if (
        centavosOfStored(amount) !== payment.amountCentavos ||
        method !== payment.method ||
        (reference ?? null) !== (payment.reference ?? null)
      )
        throw new EarlierSaveDiffers('payment', id);
      return { id };
    }
  }
  throw toRequestError(answer.error, answer.status);
}

/** One save at a time per invoice's Add Payment form; after a save the lists re-read that invoice. */
export function useAddPayment(clinicId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.addPayment(clinicId, invoiceId),
    mutationFn: (payment: NewPayment) => addPayment(clinicId, payment),
    onSuccess: () => refreshAfterSave(queryClient, clinicId, [invoiceId]),
  });
}
