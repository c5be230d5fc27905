import { useQueryClient } from '@tanstack/react-query';
import { centavosOfStored, centavosToDecimal } from '@/entities/money';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshAfterSave } from '../../model/api/refresh-changed-invoices';
import { EarlierSaveDiffers } from '../../model/earlier-save';
import { billingKeys } from '../../model/query-keys';

export interface NewInvoice {
  patientId: number;
  totalCentavos: number;
  /** The appointment billed ('Bill' on a Completed appointment). */
  appointmentId?: number;
  /** One per opened form, kept across retries: a repeat makes no second invoice. */
  idempotencyKey: string;
}

/**
 * Adds an invoice: insert {patient_id, total, clinic_id} with the appointment and the
 * form's idempotency key, total as a decimal string. A repeat of the same key (a double click that
 * got through, a retry after a lost answer, a second tab) answers 23505; the invoice that key
 * already made is then this insert's result, so the form saves once whatever happens, unless the
 * form was changed since (EarlierSaveDiffers: the desk is told which invoice was saved).
 */
export async function addInvoice(clinicId: number, invoice: NewInvoice): Promise<{ id: number }> {
  const supabase = getSupabase();
  const answer = await supabase
    .from('invoices')
    .insert({
      patient_id: invoice.patientId,
      total: centavosToDecimal(invoice.totalCentavos),
      clinic_id: clinicId,
      appointment_id: invoice.appointmentId ?? null,
      idempotency_key: invoice.idempotencyKey,
    })
    .select('id')
    .single();
  if (!answer.error) return answer.data;
  if (answer.error.code === '23505') {
    const existing = await supabase
      .from('invoices')
      .select('id, patient_id, total::text')
      .eq('clinic_id', clinicId)
      .eq('idempotency_key', invoice.idempotencyKey)
      .maybeSingle();
    if (existing.data) {
      const { id, patient_id: patientId, total } = existing.data;
      // Saved before with what the form said then: a retry after the form was changed is not it.
      if (patientId !== invoice.patientId || centavosOfStored(total) !== invoice.totalCentavos)
        throw new EarlierSaveDiffers('invoice', id);
      return { id };
    }
  }
  throw toRequestError(answer.error, answer.status);
}

/** One save at a time per clinic's Add Invoice form; the lists re-read after a save. */
export function useAddInvoice(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.addInvoice(clinicId),
    mutationFn: (invoice: NewInvoice) => addInvoice(clinicId, invoice),
    onSuccess: ({ id }) => refreshAfterSave(queryClient, clinicId, [id]),
  });
}
