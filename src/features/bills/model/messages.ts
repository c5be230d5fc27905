import { TAB_TITLES } from '@/lib/authorization';
import { formatCount } from '@/lib/format-count';

/** The Billing System tab's texts, word for word from the spec. */
export const BILLING_TEXT = {
  tabTitle: TAB_TITLES.bills,
  addInvoice: 'Add Invoice',
  addPayment: 'Add Payment',
  cancel: 'Cancel',
  invoicesTable: 'Invoices',
  paymentsTable: 'Payments',
  invoiceColumns: { id: 'ID', patient: 'Patient', total: 'Total', status: 'Status', actions: 'Actions' },
  paymentColumns: {
    invoiceId: 'IID',
    patient: 'Patient',
    amount: 'Amount',
    method: 'Method',
    reference: 'Ref #',
    date: 'Date',
    actions: 'Actions',
  },
  noInvoices: 'No invoices found.',
  noPayments: 'No payments found.',
  addPaymentTitle: (invoiceId: number) => `Add Payment for Invoice #${invoiceId}`,
  fields: {
    patient: 'Patient',
    total: 'Total',
    amount: 'Amount',
    method: 'Method',
    reference: 'Reference #',
    notes: 'Notes',
  },
  selectPatient: 'Please select a patient.',
  paymentFailed: (message: string) => `Error: ${message}`,
  invoiceFailed: (message: string | null) => `Error adding invoice: ${message ?? 'Unknown'}`,
  invoiceNetworkError: 'Network error while adding invoice.',
} as const;

/** Texts the spec does not give (docs/adr/0025-where-the-spec-is-silent.md). */
export const BILLING_EXTRA_TEXT = {
  savedEarlier: (kind: 'invoice' | 'payment', id: number) =>
    `This form already saved ${kind} #${id} before the connection dropped, with what it said then. Close it to see that ${kind}, then add a new one for the change.`,
  invoiceAdded: 'Invoice added!',
  paymentAdded: 'Payment added!',
  saving: 'Saving...',
  loading: 'Loading billing…',
  retry: 'Retry',
  invoicesFailed: 'Could not load the invoices.',
  paymentsFailed: 'Could not load the payments.',
  invoicesStale: 'Could not refresh the invoices: they are as read before, not the latest. Please try again.',
  paymentsStale: 'Could not refresh the payments: they are as read before, not the latest. Please try again.',
  searchLabel: 'Search by patient',
  searchPlaceholder: 'Search by patient name…',
  statusLabel: 'Status',
  allStatuses: 'All',
  noInvoiceMatch: 'No invoices match this search or status.',
  noPaymentMatch: 'No payments match this search.',
  invoiceCount: (shown: number, total: number) =>
    shown === total
      ? `${formatCount(total)} invoice${total === 1 ? '' : 's'}`
      : `${formatCount(shown)} of ${formatCount(total)} invoices`,
  paymentCount: (shown: number, total: number) =>
    shown === total
      ? `${formatCount(total)} payment${total === 1 ? '' : 's'}`
      : `${formatCount(shown)} of ${formatCount(total)} payments`,
  newestInvoices: (shown: number, total: number) =>
    `Newest ${formatCount(shown)} of ${formatCount(total)} invoices; reading the rest…`,
  newestPayments: (shown: number, total: number) =>
    `Newest ${formatCount(shown)} of ${formatCount(total)} payments; reading the rest…`,
  patientSearchPlaceholder: 'Type a patient’s name',
  patientSearching: 'Searching…',
  patientNoMatch: (term: string) => `No patients match “${term}”.`,
  patientNoneYet: 'No patients yet.',
  patientsFailed: 'Could not search the patients. Please try again.',
  patientMoreMatches: (limit: number) => `First ${limit} matches. Type more to narrow down.`,
  amountHint: 'In pesos, e.g. 1,500 or 1500.50 (step 0.01).',
  optional: '(optional)',
  balanceLine: (total: string, paid: string, balance: string) => `Total ${total} · Paid ${paid} · Balance ${balance}`,
  balanceLoading: 'Reading the current balance…',
  balanceFailed: 'Could not read the current balance; the amount is not checked against it.',
  overpayConfirm: 'Add Payment anyway',
  /** Above the warning when 'Add Payment anyway' met another balance: the warning names the new one. */
  balanceChanged: 'The balance changed meanwhile (a payment was taken or voided); nothing was saved.',
  voidInvoiceNotice: 'This invoice is void; it takes no more payments.',
  voidBadge: 'Void',
  /** 'Error: {message}' when a payment could not be sent at all. */
  networkMessage: 'Could not reach the server. Please check your connection and try again.',
  forbiddenMessage: 'Your role may not do this.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  unknownPatientOrInvoice: 'The patient or invoice is not in this clinic.',
  refusedAmount: 'The amount was refused: it must be between ₱0.01 and ₱9,999,999,999.99.',
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
} as const;

/** What a bad amount is told at its field; nothing is sent then. */
export const AMOUNT_PROBLEM_TEXT = {
  empty: (label: string) => `${label} is required.`,
  'not-a-number': (label: string) => `${label} must be a number of pesos, like 1,500 or 1500.50.`,
  'not-positive': (label: string) => `${label} must be more than ₱0.00.`,
  'too-many-decimals': (label: string) => `${label} can have at most 2 decimals (centavos).`,
  'too-large': (label: string) => `${label} can be at most ₱9,999,999,999.99.`,
} as const;

/** The warning before a payment larger than the invoice's balance (money received is kept if confirmed). */
export const overpayWarning = (excess: string, balance: string) =>
  `This is ${excess} more than the balance of ${balance}.`;

/** The link that opens an HMO invoice's availment form (the form's own texts: availment/messages.ts). */
export const AVAILMENT_LINK_TEXT = {
  link: 'Availment form',
  linkOf: (invoiceId: number) => `Availment form of invoice #${invoiceId} (opens in a new tab)`,
} as const;
