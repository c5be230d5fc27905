import type { DatabaseErrorCode } from '@common/contract/error-codes';

/** The void dialog's texts (the spec has none: docs/adr/0013-money-and-billing-records.md). */
export const VOID_TEXT = {
  button: 'Void',
  paymentTitle: (paymentId: number) => `Void payment #${paymentId}`,
  invoiceTitle: (invoiceId: number) => `Void invoice #${invoiceId}`,
  paymentSummary: (amount: string, patient: string) =>
    `${amount} from ${patient}. A voided payment stays on the list, struck through, and no longer counts toward the invoice.`,
  invoiceSummary: (total: string, patient: string) =>
    `${total} billed to ${patient}. A voided invoice stays on the list, struck through, and takes no more payments.`,
  reason: 'Reason',
  reasonHint: 'Say why, for the records: it is kept with the voided entry.',
  reasonRequired: 'A reason is required to void.',
  reasonTooLong: (max: number) => `A reason is at most ${max} characters.`,
  cancel: 'Cancel',
  voiding: 'Voiding…',
  paymentVoided: 'Payment voided.',
  invoiceVoided: 'Invoice voided.',
  /** The database refused without a message fit to show. */
  failed: 'The entry could not be voided. Nothing was changed.',
  unreachable: 'Network error while voiding. Nothing was changed; check the connection and try again.',
} as const;

/** void_payment's and void_invoice's refusals, by the code the database sends with them. */
export const VOID_REFUSAL_TEXT: Readonly<Partial<Record<DatabaseErrorCode, string>>> = {
  void_forbidden: 'Only an admin can void.',
  void_reason_required: VOID_TEXT.reasonRequired,
  void_reason_too_long: 'The reason is too long (at most 500 characters).',
  payment_not_found: 'Payment not found.',
  invoice_not_found: 'Invoice not found.',
  payment_already_void: 'This payment is already void.',
  invoice_already_void: 'This invoice is already void.',
  invoice_has_payments: "Void this invoice's payments first.",
};
