/**
 * 'Bill' on a Completed appointment: which procedure the appointment was for, and the price to
 * start the invoice at. Pure.
 */
import { parsePesos } from '@/entities/money';
import type { AddInvoicePrefill } from '@/lib/feature-slots';
import type { NamedProcedure } from './api/get-procedures-named';

/** What the booking form puts between the procedure and the notes in `appointments.reason`. */
export const REASON_NOTES_SEPARATOR = ' — Notes: ';

/**
 * The procedure's name from an appointment's reason ('Cleaning — Notes: sensitive gums' →
 * 'Cleaning'), trimmed; '' when there is none.
 */
export function procedureNameOfReason(reason: string | null | undefined): string {
  if (!reason) return '';
  const notesAt = reason.indexOf(REASON_NOTES_SEPARATOR);
  return (notesAt === -1 ? reason : reason.slice(0, notesAt)).trim();
}

/**
 * The total an invoice for the procedure starts at, in centavos: the current price of the clinic's
 * procedure of that name (prices as the database's decimal text, '1500.00'). None when no
 * procedure has the name, when procedures of that name in several categories disagree on the
 * price, or when the price is zero (an invoice is at least ₱0.01): the receptionist types it then.
 */
export function billTotalCentavos(prices: readonly string[]): number | undefined {
  const amounts = new Set<number>();
  for (const price of prices) {
    const parsed = parsePesos(price);
    if (!parsed.ok) return undefined;
    amounts.add(parsed.centavos);
  }
  return amounts.size === 1 ? [...amounts][0] : undefined;
}

/**
 * How the invoice of an appointment starts, from the clinic's procedures named as its reason: one
 * such procedure with a price gives its line at today's price (itemised, so the database applies
 * the patient's senior/PWD discount and HMO coverage, and the receipt names the procedure), with
 * the same total should the receptionist switch to Total. Several of that name (in other
 * categories) give only the total they agree on; none, nothing to start with.
 */
export function billStart(procedures: readonly NamedProcedure[]): Pick<AddInvoicePrefill, 'items' | 'totalCentavos'> {
  const totalCentavos = billTotalCentavos(procedures.map((procedure) => procedure.price));
  if (totalCentavos === undefined) return {};
  const [only] = procedures;
  if (procedures.length > 1 || only === undefined) return { totalCentavos };
  return { items: [{ procedureId: only.id, priceCentavos: totalCentavos }], totalCentavos };
}

/** Only a Completed appointment is billed from the list. */
export function isBillable(status: string): boolean {
  return status === 'Completed';
}
