/**
 * The booking form's choices as shown (spec part 2 §2): dentists and procedure categories in
 * name order, and a procedure with its price in pesos.
 */
import { formatPesos, parsePesos } from '@/entities/money';

/** By name, ignoring letter case and accents, then by id; never mutates the input. */
export function sortByName<T extends { readonly id: number; readonly name: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

/** 'Composite Filling — ₱1,500.00': a Procedure option. */
export function procedureOptionLabel(procedure: { readonly name: string; readonly priceCentavos: number }): string {
  return `${procedure.name} — ${formatPesos(procedure.priceCentavos)}`;
}

/**
 * A price as the database gives it read as text ('1500.00', '0.00'), in integer centavos: no peso
 * passes through a binary float. A price may be zero (the default), which parsePesos calls not
 * positive. Throws on anything else, so a malformed price never shows as a wrong amount.
 */
export function centavosOfPrice(text: string): number {
  if (/^0*(?:\.0*)?$/.test(text.trim()) && /\d/.test(text)) return 0;
  const parsed = parsePesos(text);
  if (!parsed.ok) throw new RangeError(`Not a price: ${JSON.stringify(text)}`);
  return parsed.centavos;
}

/** 'Dr. Ana Santos' or 'Dr. Ana Santos · 0917 555 0101': a patient in the type-ahead list. */
export function patientOptionLabel(patient: { readonly name: string; readonly phone?: string | null }): string {
  const phone = patient.phone?.trim();
  return phone ? `${patient.name} · ${phone}` : patient.name;
}
