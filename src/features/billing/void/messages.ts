/** The void dialog's texts (issue 13; the spec has none: docs/decisions.md, Billing). */
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
