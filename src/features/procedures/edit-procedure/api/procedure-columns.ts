import { centavosOfStored } from '@/entities/money';
import type { Procedure } from '../../model/types';

/**
 * The columns the Edit row reads back. The price as the database's decimal text, never as a JSON
 * number, so no peso passes through a binary float.
 */
export const PROCEDURE_COLUMNS = 'id, category_id, name, price::text';

export function procedureOfStored(row: { id: number; category_id: number; name: string; price: string }): Procedure {
  return { id: row.id, categoryId: row.category_id, name: row.name, priceCentavos: centavosOfStored(row.price) };
}
