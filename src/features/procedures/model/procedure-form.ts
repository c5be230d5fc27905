/**
 * The procedure fields (add row and edit row) read together: a name unique in its category, a
 * price, and the category (adding needs name, price and category). Pure.
 */
import { PROCEDURES_PROBLEM_TEXT } from './messages';
import { readProcedureName } from './names';
import { parsePrice } from './price';

export interface ProcedureFields {
  name: string;
  price: string;
}

export interface ProcedureFieldErrors {
  name?: string;
  price?: string;
  category?: string;
}

export type ProcedureFormResult =
  | { ok: true; value: { categoryId: number; name: string; priceCentavos: number } }
  | { ok: false; errors: ProcedureFieldErrors };

export function readProcedureForm(
  fields: ProcedureFields,
  category: {
    readonly id: number;
    readonly procedures: readonly { readonly id: number; readonly name: string }[];
  } | null,
  exceptId?: number,
): ProcedureFormResult {
  const name = readProcedureName(fields.name, category?.procedures ?? [], exceptId);
  const price = parsePrice(fields.price);
  if (category && name.ok && price.ok)
    return { ok: true, value: { categoryId: category.id, name: name.name, priceCentavos: price.centavos } };
  const errors: ProcedureFieldErrors = {};
  if (!name.ok) errors.name = name.message;
  if (!price.ok) errors.price = price.message;
  if (!category) errors.category = PROCEDURES_PROBLEM_TEXT.categoryRequired;
  return { ok: false, errors };
}
