import { z } from 'zod';
import { amountSchema } from '../../model/amount-input';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { isPaymentMethod } from '../../model/payment-methods';
import { PAYMENT_LIMITS, type PaymentFields } from '../payment-form';

/** An optional text field: blank is null (the column refuses blank text), else trimmed, at most `max` characters. */
function optionalText(label: string, max: number) {
  return z.string().transform((value, context): string | null => {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    // Code points, as the database's char_length counts them.
    if ([...trimmed].length <= max) return trimmed;
    context.addIssue({ code: 'custom', message: BILLING_EXTRA_TEXT.tooLong(label, max) });
    return z.NEVER;
  });
}

/**
 * Add Payment (amount required; the four methods; step 0.01): Amount in integer centavos,
 * Method one of the four, Reference # and Notes optional within the database's limits. Each
 * refusal is told at its field.
 */
export const addPaymentSchema = z
  .object({
    amount: amountSchema(BILLING_TEXT.fields.amount),
    method: z.string().refine(isPaymentMethod, `${BILLING_TEXT.fields.method} is required.`),
    reference: optionalText(BILLING_TEXT.fields.reference, PAYMENT_LIMITS.reference),
    notes: optionalText(BILLING_TEXT.fields.notes, PAYMENT_LIMITS.notes),
  })
  .transform(({ amount, method, reference, notes }): PaymentFields => ({
    amountCentavos: amount,
    method,
    reference,
    notes,
  }));
