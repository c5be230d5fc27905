import { describe, expect, it } from 'vitest';
import { auditValueKind } from './value-kinds';

describe('auditValueKind', () => {
  it('reads money from the `_centavos` suffix', () => {
    expect(auditValueKind('amount_centavos')).toBe('centavos');
    expect(auditValueKind('statutory_discount_centavos')).toBe('centavos');
    expect(auditValueKind('refund_centavos')).toBe('centavos');
  });

  it('reads instants from the `_at` suffix and the instant columns named otherwise', () => {
    expect(auditValueKind('cancelled_at')).toBe('instant');
    expect(auditValueKind('voided_at')).toBe('instant');
    expect(auditValueKind('removed_at')).toBe('instant');
    expect(auditValueKind('appointment_time')).toBe('instant');
    expect(auditValueKind('payment_date')).toBe('instant');
  });

  it('leaves every other field as it is, whatever its values look like', () => {
    for (const field of ['notes', 'reason', 'status', 'reminder_time', 'start_time', 'valid_from', 'specific_date']) {
      expect(auditValueKind(field)).toBeNull();
    }
  });

  it('goes by the whole suffix, not a part of the name', () => {
    expect(auditValueKind('centavos')).toBeNull();
    expect(auditValueKind('centavos_total')).toBeNull();
    expect(auditValueKind('format')).toBeNull();
    expect(auditValueKind('at_home')).toBeNull();
    expect(auditValueKind('appointment_time_note')).toBeNull();
  });
});
