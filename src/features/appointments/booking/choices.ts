/**
 * The booking form's choices as shown: dentists and procedure categories in name order, and a
 * procedure with its price in pesos.
 */
import { formatPesos } from '@/entities/money';

/** By name, ignoring letter case and accents, then by id; never mutates the input. */
export function sortByName<T extends { readonly id: number; readonly name: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

/** 'Composite Filling — ₱1,500.00': a Procedure option. */
export function procedureOptionLabel(procedure: { readonly name: string; readonly priceCentavos: number }): string {
  return `${procedure.name} — ${formatPesos(procedure.priceCentavos)}`;
}

/** 'Dr. Ana Santos' or 'Dr. Ana Santos · 0917 555 0101': a patient in the type-ahead list. */
export function patientOptionLabel(patient: { readonly name: string; readonly phone?: string | null }): string {
  const phone = patient.phone?.trim();
  return phone ? `${patient.name} · ${phone}` : patient.name;
}
