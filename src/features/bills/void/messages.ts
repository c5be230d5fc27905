import { REFUSAL_TEXT } from '@/lib/refusal-text';

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
  reasonRequired: REFUSAL_TEXT.void_reason_required,
  reasonTooLong: (max: number) => `A reason is at most ${max} characters.`,
  cancel: 'Cancel',
  voiding: 'Voiding…',
  paymentVoided: 'Payment voided.',
  invoiceVoided: 'Invoice voided.',
  /** The database refused without a message fit to show. */
  failed: 'The entry could not be voided. Nothing was changed.',
  unreachable: 'Network error while voiding. Nothing was changed; check the connection and try again.',
} as const;
