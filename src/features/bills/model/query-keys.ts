import { invoiceQueryKeys } from '@/entities/invoice/query-keys'; // the pure module: the benchmarks import these keys under node

/**
 * TanStack Query keys of the billing feature, all under `['billing', clinicId]`, so one
 * invalidation of `billingKeys.all(clinicId)` (live updates, a void) refreshes every billing read
 * of that clinic. The keys other features refresh (the split preview) are the entity's.
 */
export const billingKeys = {
  all: invoiceQueryKeys.all,
  invoices: (clinicId: number) => [...billingKeys.all(clinicId), 'invoices'] as const,
  payments: (clinicId: number) => [...billingKeys.all(clinicId), 'payments'] as const,
  patientInvoices: (clinicId: number, patientId: number) =>
    [...billingKeys.all(clinicId), 'patient-invoices', patientId] as const,
  /** The clinic's procedures and prices, for the Add Invoice item editor. */
  priceList: (clinicId: number) => [...billingKeys.all(clinicId), 'price-list'] as const,
  /** Who pays an itemised invoice's lines (the Add Invoice preview), by the request asked. */
  invoiceSplit: invoiceQueryKeys.split,
  /** What on a patient's file only an itemised invoice applies (discount ID, HMO card). */
  coverageOnFile: (clinicId: number, patientId: number) =>
    [...billingKeys.all(clinicId), 'coverage-on-file', patientId] as const,
  /** One invoice's current balance, re-read when Add Payment opens. */
  invoice: (clinicId: number, invoiceId: number) => [...billingKeys.all(clinicId), 'invoice', invoiceId] as const,
  /** What HMOs owe: receivables, batches and claims (the HMO claims part). */
  hmoClaims: (clinicId: number) => [...billingKeys.all(clinicId), 'hmo-claims'] as const,
  /** One settled batch's claims and HMO payments, read when staff open it. */
  hmoBatchEntries: (clinicId: number, batchId: number) =>
    [...billingKeys.all(clinicId), 'hmo-batch-entries', batchId] as const,

  // Keys of writes, per form: a second write with the same key is ignored while one is in flight
  // (src/lib/use-guarded-mutation.ts).
  addInvoice: (clinicId: number) => [...billingKeys.all(clinicId), 'add-invoice'] as const,
  addPayment: (clinicId: number, invoiceId: number) =>
    [...billingKeys.all(clinicId), 'add-payment', invoiceId] as const,
  recordHmoPayment: (clinicId: number, batchId: number) =>
    [...billingKeys.all(clinicId), 'record-hmo-payment', batchId] as const,
  denyHmoClaim: (clinicId: number, claimId: number) =>
    [...billingKeys.all(clinicId), 'deny-hmo-claim', claimId] as const,
  writeOffHmoClaim: (clinicId: number, claimId: number) =>
    [...billingKeys.all(clinicId), 'write-off-hmo-claim', claimId] as const,
  billPatientForClaim: (clinicId: number) => [...billingKeys.all(clinicId), 'bill-patient-for-claim'] as const,
  closeHmoBatch: (clinicId: number, batchId: number) =>
    [...billingKeys.all(clinicId), 'close-hmo-batch', batchId] as const,
  voidHmoPayment: (clinicId: number, paymentId: number) =>
    [...billingKeys.all(clinicId), 'void-hmo-payment', paymentId] as const,
};
