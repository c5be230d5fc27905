/**
 * What a patient owes the clinic: the sum of the balances the database computed for each invoice
 * that is not void. An overpaid invoice (a negative balance) counts too, so the figure is what the
 * patient owes all told. Integer centavos; pure.
 */
export function balanceDueCentavos(
  invoices: readonly { balance_centavos: number; voided_at: string | null }[],
): number {
  return invoices.reduce((sum, invoice) => (invoice.voided_at === null ? sum + invoice.balance_centavos : sum), 0);
}
