import { describe, expect, it } from 'vitest';
import { addInvoiceSchema } from './add-invoice.schema';

const ana = { id: 7, name: 'Ana Santos' };

/** What the form shows at each field, or the fields it sends. */
function check(values: { patient: typeof ana | null; total: string }) {
  const parsed = addInvoiceSchema.safeParse(values);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

describe('the Add Invoice form', () => {
  it('takes a picked patient and a total as typed', () => {
    expect(check({ patient: ana, total: '₱1,234.50' })).toEqual({
      ok: true,
      fields: { patientId: 7, totalCentavos: 123_450 },
    });
  });

  it('asks for a patient picked from the results, and says what is wrong with the total', () => {
    expect(check({ patient: null, total: '' })).toEqual({
      ok: false,
      errors: { patient: 'Please select a patient.', total: 'Total is required.' },
    });
    expect(check({ patient: null, total: '100' })).toEqual({
      ok: false,
      errors: { patient: 'Please select a patient.' },
    });
  });

  it.each([
    ['0', 'Total must be more than ₱0.00.'],
    ['0.001', 'Total can have at most 2 decimals (centavos).'],
    ['ten', 'Total must be a number of pesos, like 1,500 or 1500.50.'],
    ['99999999999', 'Total can be at most ₱9,999,999,999.99.'],
  ])('refuses the total "%s"', (total, message) => {
    expect(check({ patient: ana, total })).toEqual({ ok: false, errors: { total: message } });
  });

  it('accepts the smallest total, ₱0.01', () => {
    expect(check({ patient: ana, total: '0.01' })).toMatchObject({ ok: true, fields: { totalCentavos: 1 } });
  });
});
