import { describe, expect, it } from 'vitest';
import { voidFailureText } from './void-entry';

describe('the void dialog’s text for a refusal', () => {
  it('words the database’s coded refusals, whatever their message says', () => {
    expect(voidFailureText({ code: '42501', message: 'any text', hint: 'void_forbidden' }, 403)).toBe(
      'Only an admin can void.',
    );
    expect(voidFailureText({ code: 'PT409', message: 'any text', hint: 'payment_already_void' }, 409)).toBe(
      'This payment is already void.',
    );
    expect(voidFailureText({ code: 'PT409', message: 'any text', hint: 'invoice_has_payments' }, 409)).toBe(
      "Void this invoice's payments first.",
    );
  });

  it('never shows a server sentence without a code', () => {
    expect(voidFailureText({ code: 'XX000', message: 'relation "payments" does not exist' }, 500)).toBe(
      'The entry could not be voided. Nothing was changed.',
    );
    expect(voidFailureText({ code: 'PT409', message: 'This payment is already void.' }, 409)).toBe(
      'The entry could not be voided. Nothing was changed.',
    );
  });

  it('says when there was no answer', () => {
    expect(voidFailureText({ code: '', message: 'TypeError: Failed to fetch' }, 0)).toBe(
      'Network error while voiding. Nothing was changed; check the connection and try again.',
    );
  });
});
