import type { HmoClaimStatus } from '@/lib/database.types';
import { formatCount } from '@/lib/format-count';
import { REFUSAL_TEXT } from '@/lib/refusal-text';

/** The HMO claims part of the Billing tab (the spec has none: docs/adr/0052-hmo-claims-and-batches.md). */
export const HMO_CLAIMS_TEXT = {
  title: 'HMO claims',
  intro: 'What each HMO owes on its patients’ claims, batch by batch.',
  loading: 'Loading HMO claims…',
  failed: 'The HMO claims could not be loaded.',
  retry: 'Try again',
  none: 'No HMO claims yet. An invoice with an HMO share becomes a claim here.',
  owesLine: (owed: string, overdue: string) => `Owes ${owed} · overdue ${overdue}`,
  owedLabel: 'Owes',
  overdueLabel: 'Overdue',
  batchTitle: (batchId: number) => `Batch #${batchId}`,
  batchOpen: 'Open',
  batchClosed: (date: string) => `Closed ${date}`,
  batchDue: (date: string) => `Due ${date}`,
  batchOverdue: 'Overdue',
  batchNoDue: 'No due date (no claims)',
  batchTotals: (claimed: string, settled: string, outstanding: string) =>
    `Claimed ${claimed} · settled ${settled} · outstanding ${outstanding}`,
  batchWrittenOff: (writtenOff: string) => ` · written off ${writtenOff}`,
  claimsCaption: (batchId: number) => `Claims of batch #${batchId}`,
  batchSettled: 'Settled',
  showClaims: (count: number) => (count === 1 ? 'Show its claim' : `Show its ${formatCount(count)} claims`),
  hideClaims: 'Hide claims',
  loadingClaims: 'Loading the batch’s claims…',
  claimsFailed: 'The batch’s claims could not be loaded.',
  columns: {
    patient: 'Patient',
    invoice: 'Invoice',
    visitDate: 'Visit date',
    amount: 'Amount',
    settled: 'Settled',
    status: 'Status',
    actions: 'Actions',
  },
  recordPayment: 'Record HMO payment',
  denyClaim: 'Deny claim',
  denyClaimLabel: (invoiceId: number) => `Deny claim of invoice #${invoiceId}`,
  closeBatch: 'Close batch',
  exportBatch: 'Export CSV',
  exportBatchLabel: (batchId: number) => `Export CSV: batch #${batchId}`,
  closeConfirmTitle: (batchId: number) => `Close batch #${batchId}?`,
  closeConfirmText: 'New claims of this HMO will go to a new batch. Payments can still be recorded against this one.',
  closeConfirm: 'Yes, close',
  cancel: 'Cancel',
  batchClosedToast: 'Batch closed.',
  paymentTitle: (hmoName: string, batchId: number) => `Record HMO payment: ${hmoName}, batch #${batchId}`,
  outstandingLine: (outstanding: string) => `Outstanding on this batch: ${outstanding}`,
  settleNote: 'The payment settles the batch’s claims oldest visit first; denied claims are skipped.',
  fields: { amount: 'Amount', receivedOn: 'Date received', reference: 'Reference #', reason: 'Reason' },
  optional: '(optional)',
  receivedOnRequired: 'Date received is required.',
  referenceTooLong: (max: number) => `Reference # is at most ${max} characters.`,
  save: 'Record payment',
  saving: 'Saving…',
  paymentRecorded: 'HMO payment recorded.',
  savedEarlierAs: (paymentId: number) => `Saved earlier as HMO payment #${paymentId}.`,
  denyTitle: (invoiceId: number) => `Deny claim of invoice #${invoiceId}`,
  denySummary: (amount: string, patient: string) =>
    `${amount} claimed for ${patient}. A denied claim stays in its batch and takes no payment.`,
  reasonHint: 'The HMO’s reason, for the records.',
  reasonRequired: 'A reason is required to deny a claim.',
  reasonTooLong: (max: number) => `A reason is at most ${max} characters.`,
  deny: 'Deny',
  denying: 'Denying…',
  claimDenied: 'Claim denied.',
  writeOffClaim: 'Write off',
  writeOffClaimLabel: (invoiceId: number) => `Write off claim of invoice #${invoiceId}`,
  writeOffTitle: (invoiceId: number) => `Write off claim of invoice #${invoiceId}`,
  writeOffSummary: (outstanding: string, patient: string) =>
    `${outstanding} the HMO has not paid for ${patient}. Written off, it no longer counts as owed or overdue.`,
  writeOffReasonHint: 'Why the HMO will not pay the rest, for the records.',
  writeOffReasonRequired: REFUSAL_TEXT.hmo_claim_write_off_reason_required,
  writeOff: 'Write off',
  writingOff: 'Writing off…',
  claimWrittenOff: 'Claim written off.',
  billPatient: 'Bill patient',
  billPatientLabel: (invoiceId: number) => `Bill patient for claim of invoice #${invoiceId}`,
  billPatientTitle: (invoiceId: number) => `Bill the patient for the claim of invoice #${invoiceId}?`,
  billPatientText: (unpaid: string, hmo: string, patient: string) =>
    `${unpaid} that ${hmo} did not pay becomes a new invoice for ${patient}. ` +
    'A senior citizen or PWD discount on file applies.',
  billPatientConfirm: 'Yes, bill patient',
  patientBilled: (invoiceId: number) => `Invoice #${invoiceId} added for the patient.`,
  billedToPatient: (invoiceId: number) => `Billed to patient: invoice #${invoiceId}`,
  paymentsCaption: (batchId: number) => `HMO payments of batch #${batchId}`,
  paymentColumns: {
    receivedOn: 'Date received',
    reference: 'Reference #',
    amount: 'Amount',
    recordedBy: 'Recorded by',
    status: 'Status',
    actions: 'Actions',
  },
  paymentRecordedStatus: 'Recorded',
  paymentVoidStatus: 'Void',
  paymentVoidedBy: (name: string, reason: string) => `Voided by ${name}: ${reason}`,
  paymentVoidedUnnamed: (reason: string) => `Voided: ${reason}`,
  unknownRecorder: '—',
  voidPayment: 'Void',
  voidPaymentLabel: (paymentId: number) => `Void HMO payment #${paymentId}`,
  voidPaymentTitle: (paymentId: number) => `Void HMO payment #${paymentId}`,
  voidPaymentSummary: (amount: string, receivedOn: string) =>
    `${amount} received ${receivedOn}. A voided HMO payment stays on the list and no longer settles the batch’s claims.`,
  voidReasonHint: 'Say why, for the records: it is kept with the voided payment.',
  voidReasonRequired: REFUSAL_TEXT.void_reason_required,
  voiding: 'Voiding…',
  paymentVoided: 'HMO payment voided.',
  failedWrite: 'The change could not be saved. Nothing was changed.',
  unreachable:
    'Network error: the change may or may not have been saved. Check the connection and try again; one that went through is not made twice.',
} as const;

/** How each claim status reads. */
export const HMO_CLAIM_STATUS_LABELS: Record<HmoClaimStatus, string> = {
  submitted: 'Submitted',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  denied: 'Denied',
  written_off: 'Written off',
  withdrawn: 'Withdrawn',
};

/** The batch CSV's columns. */
export const HMO_BATCH_CSV_TEXT = {
  columns: {
    claim: 'Claim',
    invoice: 'Invoice',
    patient: 'Patient',
    visitDate: 'Visit date',
    amount: 'Amount',
    settled: 'Settled',
    outstanding: 'Outstanding',
    status: 'Status',
    denialReason: 'Denial reason',
  },
  fileName: (hmoName: string, batchId: number) =>
    `hmo-batch-${batchId}-${hmoName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}.csv`,
} as const;
