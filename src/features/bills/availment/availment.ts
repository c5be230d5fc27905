/**
 * An HMO visit's availment form: the answer of `hmo_availment` checked into a typed record. The
 * database makes every label and sum; this only reads them. Pure.
 */
import * as z from 'zod/mini';

const centavos = z.int();
const optionalText = z.nullable(z.string());

/** One service availed: the line's label, tooth and surfaces as the database writes them. */
export const availmentLineSchema = z.object({
  position: z.int(),
  /** '36 MO Composite filling' (public.invoice_item_label). */
  label: z.string(),
  tooth: z.nullable(z.int()),
  /** 'MO', in the label's order; '' for none. */
  surfaces: z.string(),
  line_total_centavos: centavos,
  hmo_share_centavos: centavos,
});

/** What `hmo_availment(p_invoice_id)` answers (supabase/migrations/…_availment_and_discounts.sql). */
export const availmentSchema = z.object({
  invoice_id: z.int(),
  clinic_name: z.string(),
  clinic_address: optionalText,
  clinic_phone: optionalText,
  clinic_email: optionalText,
  clinic_time_zone: z.string(),
  /** The billed appointment's dentist; null when the invoice was not made from an appointment. */
  dentist_name: optionalText,
  patient_name: z.string(),
  hmo_name: z.string(),
  /** The card billed; all null when it was deleted since. */
  member_number: optionalText,
  company: optionalText,
  valid_from: optionalText,
  valid_until: optionalText,
  /** The visit's clinic day, YYYY-MM-DD. */
  visit_date: z.string(),
  voided_at: optionalText,
  hmo_total_centavos: centavos,
  items: z.array(availmentLineSchema),
});

export type Availment = z.infer<typeof availmentSchema>;
export type AvailmentLine = z.infer<typeof availmentLineSchema>;
