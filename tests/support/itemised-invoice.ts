import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

/** The patient total and HMO share of a split, in centavos, as Add Invoice shows them. */
export interface ShownSplit {
  totalCentavos: number | null;
  hmoShareCentavos: number | null;
}

export interface ItemisedInvoiceOptions {
  /** The form's idempotency key; a fresh one by default. */
  key?: string;
  /** The appointment billed. */
  appointmentId?: number;
  /** The split the desk was shown; by default the one rpc/invoice_split answers for these lines just before. */
  shown?: ShownSplit;
}

/** What rpc/invoice_split answers for the lines now, as the form shows it; nulls (none shown) when it refuses them. */
export async function shownSplit(
  client: SupabaseClient,
  clinicId: number,
  patientId: number,
  items: unknown,
  appointmentId?: number,
): Promise<ShownSplit> {
  const { data } = await client.rpc('invoice_split', {
    p_clinic_id: clinicId,
    p_patient_id: patientId,
    p_items: items,
    ...(appointmentId === undefined ? {} : { p_appointment_id: appointmentId }),
  });
  const split = data as { total_centavos: number; hmo_share_centavos: number } | null;
  return { totalCentavos: split?.total_centavos ?? null, hmoShareCentavos: split?.hmo_share_centavos ?? null };
}

/**
 * rpc/create_itemised_invoice as the Add Invoice form calls it, with the split it showed (by
 * default, invoice_split's answer a moment before); answers supabase-js's result.
 */
export async function createItemisedInvoice(
  client: SupabaseClient,
  clinicId: number,
  patientId: number,
  items: unknown,
  options: ItemisedInvoiceOptions = {},
) {
  const shown = options.shown ?? (await shownSplit(client, clinicId, patientId, items, options.appointmentId));
  return client.rpc('create_itemised_invoice', {
    p_clinic_id: clinicId,
    p_patient_id: patientId,
    p_idempotency_key: options.key ?? randomUUID(),
    p_items: items,
    ...(shown.totalCentavos === null ? {} : { p_shown_total_centavos: shown.totalCentavos }),
    ...(shown.hmoShareCentavos === null ? {} : { p_shown_hmo_share_centavos: shown.hmoShareCentavos }),
    ...(options.appointmentId === undefined ? {} : { p_appointment_id: options.appointmentId }),
  });
}

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
