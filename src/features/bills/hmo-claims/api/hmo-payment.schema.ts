import { z } from 'zod';
import { amountSchema } from '../../model/amount-input';
import { HMO_CLAIMS_TEXT } from '../messages';

/** The reference's most characters, as hmo_payments.reference_number allows. */
export const HMO_REFERENCE_MAX = 100;

/** The reason's most characters, as hmo_claims.denial_reason / write_off_reason and hmo_payments.void_reason allow. */
export const HMO_DENIAL_REASON_MAX = 500;

/**
 * Record HMO payment: Amount in integer centavos (at least ₱0.01, two decimals at most), the date
 * received (a date input's 'YYYY-MM-DD'; the database refuses a future one), Reference # optional.
 */
export const hmoPaymentSchema = z.object({
  amount: amountSchema(HMO_CLAIMS_TEXT.fields.amount),
  receivedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, HMO_CLAIMS_TEXT.receivedOnRequired),
  reference: z.string().transform((value, context): string | null => {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if ([...trimmed].length <= HMO_REFERENCE_MAX) return trimmed;
    context.addIssue({ code: 'custom', message: HMO_CLAIMS_TEXT.referenceTooLong(HMO_REFERENCE_MAX) });
    return z.NEVER;
  }),
});

/** A Reason dialog's field: required (`required` says so), trimmed, within its length. */
const reasonSchema = (required: string) =>
  z.object({
    reason: z.string().transform((value, context) => {
      const trimmed = value.trim();
      if (trimmed === '') {
        context.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      if ([...trimmed].length > HMO_DENIAL_REASON_MAX) {
        context.addIssue({ code: 'custom', message: HMO_CLAIMS_TEXT.reasonTooLong(HMO_DENIAL_REASON_MAX) });
        return z.NEVER;
      }
      return trimmed;
    }),
  });

/** Deny claim: the HMO's Reason. */
export const denyClaimSchema = reasonSchema(HMO_CLAIMS_TEXT.reasonRequired);

/** Write off a claim: why the HMO will not pay the rest. */
export const writeOffClaimSchema = reasonSchema(HMO_CLAIMS_TEXT.writeOffReasonRequired);

/** Void an HMO payment: why it was wrong (the database asks the same of every void). */
export const voidHmoPaymentSchema = reasonSchema(HMO_CLAIMS_TEXT.voidReasonRequired);
