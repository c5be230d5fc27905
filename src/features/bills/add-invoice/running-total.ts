/**
 * The item editor's running total while lines are typed: each readable line's price × quantity −
 * discount, in integer centavos. A preview only: the invoice's total is made by the database from
 * the lines it stores (create_itemised_invoice). Pure.
 */
import { parsePesos } from '@/entities/money';
import type { InvoiceItemValues } from './api/add-invoice.schema';

/** A line's total as typed, or null while its price, quantity or discount cannot be read. */
export function lineTotalCentavos(item: Pick<InvoiceItemValues, 'price' | 'quantity' | 'discount'>): number | null {
  const price = parsePesos(item.price, { allowZero: true });
  const discount =
    item.discount.trim() === '' ? { ok: true as const, centavos: 0 } : parsePesos(item.discount, { allowZero: true });
  const quantity = item.quantity.trim();
  if (!price.ok || !discount.ok || !/^\d{1,4}$/.test(quantity)) return null;
  return price.centavos * Number(quantity) - discount.centavos;
}

/** The sum of the readable lines. */
export function runningTotalCentavos(
  items: readonly Pick<InvoiceItemValues, 'price' | 'quantity' | 'discount'>[],
): number {
  return items.reduce((sum, item) => sum + (lineTotalCentavos(item) ?? 0), 0);
}
