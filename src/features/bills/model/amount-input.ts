/**
 * Reading an amount field (Total, Amount) for the forms: its string as typed into integer
 * centavos, or the message the field shows, in the field's own words.
 */
import { pesosSchema } from '@/entities/money';
import { AMOUNT_PROBLEM_TEXT } from './messages';

export function amountSchema(label: string) {
  return pesosSchema({
    empty: AMOUNT_PROBLEM_TEXT.empty(label),
    'not-a-number': AMOUNT_PROBLEM_TEXT['not-a-number'](label),
    'not-positive': AMOUNT_PROBLEM_TEXT['not-positive'](label),
    'too-many-decimals': AMOUNT_PROBLEM_TEXT['too-many-decimals'](label),
    'too-large': AMOUNT_PROBLEM_TEXT['too-large'](label),
  });
}
