import { useQueryClient } from '@tanstack/react-query';
import { databaseErrorCodeOf } from '@common/contract/error-codes';
import { invalidateInvoiceSplits } from '@/entities/invoice';
import { refusalCodeOf } from '@/lib/refusal-text';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { refreshAfterSave } from '../../model/api/refresh-changed-invoices';
import { EarlierSaveDiffers } from '../../model/earlier-save';
import { billingKeys } from '../../model/query-keys';
import type { NewInvoiceItem } from './add-invoice.schema';
import { invoiceItemsArgument, type InvoiceSplit } from './preview-invoice-split';

/** What the desk read under the lines when it saved: the patient's total and the HMO's share. */
export type ShownSplit = Pick<InvoiceSplit, 'total_centavos' | 'hmo_share_centavos'>;

export interface NewItemisedInvoice {
  patientId: number;
  items: readonly NewInvoiceItem[];
  /** The appointment billed ('Bill' on a Completed appointment). */
  appointmentId?: number;
  /** The split shown when Save was pressed; null when none was (the database then refuses the save). */
  shown: ShownSplit | null;
  /** One per opened form, kept across retries: a repeat answers the invoice it made. */
  idempotencyKey: string;
}

/**
 * Adds an invoice with its lines in one call (rpc/create_itemised_invoice): the database makes
 * the total, the exact sum of the lines, and saves only the split the desk was shown
 * (invoice_split_changed otherwise). It answers a repeated key with the invoice it made, or
 * refuses it (invoice_key_reused) when the form was changed since: EarlierSaveDiffers, so the desk
 * is told which invoice was saved. Prices go as decimal strings.
 */
export async function addItemisedInvoice(clinicId: number, invoice: NewItemisedInvoice): Promise<{ id: number }> {
  const answer = await getSupabase().rpc('create_itemised_invoice', {
    p_clinic_id: clinicId,
    p_patient_id: invoice.patientId,
    p_idempotency_key: invoice.idempotencyKey,
    p_items: invoiceItemsArgument(invoice.items),
    ...(invoice.appointmentId === undefined ? {} : { p_appointment_id: invoice.appointmentId }),
    ...(invoice.shown === null
      ? {}
      : {
          p_shown_total_centavos: invoice.shown.total_centavos,
          p_shown_hmo_share_centavos: invoice.shown.hmo_share_centavos,
        }),
  });
  if (answer.error) {
    // Saved before with what the form said then: a retry after the form was changed is not it.
    if (databaseErrorCodeOf(answer.error) === 'invoice_key_reused')
      throw new EarlierSaveDiffers('invoice', Number(answer.error.details));
    throw toRequestError(answer.error, answer.status);
  }
  return { id: answer.data };
}

/**
 * One save at a time per clinic's Add Invoice form (the plain insert's key); the lists re-read
 * after. A save refused for a split that is not the database's asks for the split again, so the
 * form shows the one it would now save.
 */
export function useAddItemisedInvoice(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: billingKeys.addInvoice(clinicId),
    mutationFn: (invoice: NewItemisedInvoice) => addItemisedInvoice(clinicId, invoice),
    onSuccess: ({ id }) => refreshAfterSave(queryClient, clinicId, [id]),
    onError: (error) => {
      // Not awaited: the refusal is told at once, the new split shows when it comes.
      if (refusalCodeOf(error) === 'invoice_split_changed') void invalidateInvoiceSplits(queryClient, clinicId);
    },
  });
}
