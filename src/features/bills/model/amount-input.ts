/**
 * Reading an amount field (Total, Amount) for the forms: integer centavos, or the message the field
 * shows, in the field's own words.
 */
import { parsePesos, pesosSchema } from '@/entities/money';
import { AMOUNT_PROBLEM_TEXT } from './messages';

export type AmountInput = { ok: true; centavos: number } | { ok: false; message: string };

export function readAmount(label: string, input: string): AmountInput {
  const parsed = parsePesos(input);
  if (parsed.ok) return parsed;
  return { ok: false, message: AMOUNT_PROBLEM_TEXT[parsed.reason](label) };
}

/** The zod schema of an amount field: its string as typed, read into integer centavos. */
export function amountSchema(label: string) {
  return pesosSchema({
    empty: AMOUNT_PROBLEM_TEXT.empty(label),
    'not-a-number': AMOUNT_PROBLEM_TEXT['not-a-number'](label),
    'not-positive': AMOUNT_PROBLEM_TEXT['not-positive'](label),
    'too-many-decimals': AMOUNT_PROBLEM_TEXT['too-many-decimals'](label),
    'too-large': AMOUNT_PROBLEM_TEXT['too-large'](label),
  });
}
