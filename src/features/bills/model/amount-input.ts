/**
 * Reading an amount field (Total, Amount) for the forms: integer centavos, or the message the field
 * shows. Pure.
 */
import { parsePesos } from '@/entities/money';
import { AMOUNT_PROBLEM_TEXT } from './messages';

export type AmountInput = { ok: true; centavos: number } | { ok: false; message: string };

export function readAmount(label: string, input: string): AmountInput {
  const parsed = parsePesos(input);
  if (parsed.ok) return parsed;
  return { ok: false, message: AMOUNT_PROBLEM_TEXT[parsed.reason](label) };
}
