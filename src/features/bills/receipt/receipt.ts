/**
 * A payment's acknowledgement receipt: the answer of `payment_receipt` checked into a typed record,
 * and the route's payment id. Pure.
 */
import * as z from 'zod/mini';
import { invoiceLinesSchema } from '@/entities/invoice';
import { clinicContactLine, positiveRouteId } from '../model/printable-page';

const centavos = z.int();
const optionalText = z.nullable(z.string());

/** What `payment_receipt(p_payment_id)` answers (supabase/migrations/…_billing.sql). */
export const receiptSchema = z.object({
  payment_id: z.int(),
  /** The clinic's own gapless series: 1, 2, 3, … */
  receipt_number: z.int(),
  invoice_id: z.int(),
  clinic_name: z.string(),
  clinic_address: optionalText,
  clinic_phone: optionalText,
  clinic_email: optionalText,
  /** The clinic's IANA zone: the receipt's date and time are in it. */
  clinic_time_zone: z.string(),
  patient_name: z.string(),
  /** Who recorded the payment (null when the service did). */
  cashier_name: optionalText,
  amount_centavos: centavos,
  method: z.string(),
  reference_number: optionalText,
  notes: optionalText,
  payment_date: z.string(),
  voided_at: optionalText,
  /** What was paid for, when the invoice billed an appointment: its procedure and time. */
  appointment_reason: optionalText,
  appointment_time: optionalText,
  invoice_total_centavos: centavos,
  /** Negative when the invoice is overpaid: the patient's credit. */
  balance_after_centavos: centavos,
  /** The invoice's lines; empty when it was made with a total only. */
  items: invoiceLinesSchema,
  /** The HMO and member number the invoice was billed on; null without an HMO share. */
  hmo_name: optionalText,
  hmo_member_number: optionalText,
  /** What the HMO pays of the invoice (its claim); not part of the invoice total. */
  hmo_share_centavos: centavos,
  /** The senior citizen / PWD ID the invoice was billed with, and what it took off. */
  discount_id_type: z.nullable(z.enum(['pwd', 'senior_citizen'])),
  discount_id_number: optionalText,
  vat_exemption_centavos: centavos,
  statutory_discount_centavos: centavos,
});

export type Receipt = z.infer<typeof receiptSchema>;

/** `/receipts/:paymentId`'s id: a positive whole number, or null for anything else ('12a', '0'). */
export const receiptPaymentId = positiveRouteId;

/** The receipt's letterhead contact line: phone and e-mail, whichever are set, joined by ' · '. */
export { clinicContactLine };
