/**
 * The categories read with their nested procedures, as the screen shows them: categories and
 * procedures by name (ignoring case and accents, then id), prices in centavos. Pure; never mutates
 * its input.
 */
import { centavosOfStored } from '@/entities/money';
import type { ProcedureCategory } from '../model/types';

export interface StoredCategory {
  readonly id: number;
  readonly name: string;
  readonly procedures: readonly { readonly id: number; readonly name: string; readonly price: string }[];
}

function byName<T extends { readonly id: number; readonly name: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

export function toCategories(rows: readonly StoredCategory[]): ProcedureCategory[] {
  return byName(rows).map((category) => ({
    id: category.id,
    name: category.name,
    procedures: byName(category.procedures).map((procedure) => ({
      id: procedure.id,
      categoryId: category.id,
      name: procedure.name,
      priceCentavos: centavosOfStored(procedure.price),
    })),
  }));
}
