/** The Patients history modal's invoices section, shown there through a feature slot (docs/adr/0020-feature-slices.md). */
export const PATIENT_INVOICES_TEXT = {
  heading: 'Invoices',
  columns: { id: 'ID', total: 'Total', paid: 'Paid', balance: 'Balance', status: 'Status', forms: 'Forms' },
  balanceDue: (amount: string) => `Balance due: ${amount}`,
  /** Paid beyond the invoices' totals: the clinic holds it for the patient. */
  credit: (amount: string) => `Credit: ${amount}`,
  empty: 'No invoices yet.',
  loading: 'Loading invoices…',
  failed: 'The invoices could not be loaded.',
  retry: 'Retry',
  voided: '(void)',
} as const;
