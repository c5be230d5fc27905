/**
 * Prices of procedures: what staff type, read into integer centavos (never a binary float), and
 * the database's decimal text read back. Unlike invoice amounts a price may be ₱0.00 (the
 * default price is 0.00). Pure.
 */
import { parsePesos } from '@/entities/money';
import { PROCEDURES_PROBLEM_TEXT } from './messages';

export type PriceInput = { ok: true; centavos: number } | { ok: false; message: string };

/** The price field's initial value. */
export const DEFAULT_PRICE_INPUT = '0.00';

/** "0", "0.00", "₱0", ".0": zero pesos, which parsePesos reports as not positive. */
const ZERO_PATTERN = /^(?:₱\s*)?(?:0+(?:\.0*)?|\.0+)$/;

/** Reads the price field: "1,500", "1500.5", "₱0.00". Refuses blank, negatives and a third decimal. */
export function parsePrice(input: string): PriceInput {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: PROCEDURES_PROBLEM_TEXT.priceRequired };
  if (ZERO_PATTERN.test(trimmed)) return { ok: true, centavos: 0 };
  const parsed = parsePesos(trimmed);
  if (parsed.ok) return parsed;
  switch (parsed.reason) {
    case 'empty':
      return { ok: false, message: PROCEDURES_PROBLEM_TEXT.priceRequired };
    case 'not-a-number':
      return { ok: false, message: PROCEDURES_PROBLEM_TEXT.priceNotANumber };
    case 'too-large':
      return { ok: false, message: PROCEDURES_PROBLEM_TEXT.priceTooLarge };
    case 'not-positive':
    case 'too-many-decimals':
      return { ok: false, message: PROCEDURES_PROBLEM_TEXT.priceRange };
  }
}

/** What the price field shows for a stored price when editing: '1500.00' (no sign, no commas). */
export function priceInputOf(centavos: number): string {
  const pesos = Math.trunc(centavos / 100);
  return `${pesos}.${String(centavos % 100).padStart(2, '0')}`;
}
