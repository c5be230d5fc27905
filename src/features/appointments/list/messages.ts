/** Texts of a list row's buttons and panels the spec does not give. */
export const ROW_TEXT = {
  procedure: 'Procedure',
  notes: 'Notes',
  /** The procedure/notes button: the full text by tap or keyboard, not by hover only. */
  details: (who: string) => `Procedure and notes of ${who}`,
  flagOf: (who: string) => `Late cancellation request of ${who}`,
  flaggedAt: (when: string) => `Asked ${when}`,
} as const;

/** 'Bill' on a Completed appointment. */
export const BILL_TEXT = {
  bill: 'Bill',
  billLabel: (who: string) => `Bill appointment of ${who}`,
  preparing: 'Bill…',
  billed: (invoiceId: number) => `Billed #${invoiceId}`,
  billedTitle: (invoiceId: number) => `Billed on invoice #${invoiceId}`,
  priceUnreadable: 'The procedure’s price could not be read. Type the total.',
  itemsUnreadable: 'The items done at this appointment could not be read.',
} as const;
