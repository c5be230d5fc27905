import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

export interface ItemisedInvoiceOptions {
  /** The form's idempotency key; a fresh one by default. */
  key?: string;
  /** The appointment billed. */
  appointmentId?: number;
}

/** rpc/create_itemised_invoice as the Add Invoice form calls it; answers supabase-js's result. */
export const createItemisedInvoice = (
  client: SupabaseClient,
  clinicId: number,
  patientId: number,
  items: unknown,
  options: ItemisedInvoiceOptions = {},
) =>
  client.rpc('create_itemised_invoice', {
    p_clinic_id: clinicId,
    p_patient_id: patientId,
    p_idempotency_key: options.key ?? randomUUID(),
    p_items: items,
    ...(options.appointmentId === undefined ? {} : { p_appointment_id: options.appointmentId }),
  });

/** The same, answering the invoice's id, or throwing the refusal. */
export async function itemisedInvoiceId(
  client: SupabaseClient,
  clinicId: number,
  patientId: number,
  items: unknown,
  options: ItemisedInvoiceOptions = {},
): Promise<number> {
  const { data, error } = await createItemisedInvoice(client, clinicId, patientId, items, options);
  if (error) throw error;
  return data as number;
}
