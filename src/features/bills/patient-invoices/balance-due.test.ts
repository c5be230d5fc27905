import { describe, expect, it } from 'vitest';
import { balanceDueCentavos } from './balance-due';

const invoice = (balance_centavos: number, voided_at: string | null = null) => ({ balance_centavos, voided_at });

describe('a patient’s balance due', () => {
  it('is zero without invoices', () => {
    expect(balanceDueCentavos([])).toBe(0);
  });

  it('adds the balances of the invoices that are not void, exactly', () => {
    expect(balanceDueCentavos([invoice(150_050), invoice(10), invoice(20)])).toBe(150_080);
  });

  it('leaves void invoices out', () => {
    expect(balanceDueCentavos([invoice(5_000), invoice(99_999, '2026-11-23T02:00:00Z')])).toBe(5_000);
  });

  it('nets an overpaid invoice against what is owed elsewhere', () => {
    expect(balanceDueCentavos([invoice(-500), invoice(2_000)])).toBe(1_500);
  });

  it('does not change the list it is given', () => {
    const invoices = Object.freeze([invoice(1), invoice(2)]);
    expect(balanceDueCentavos(invoices)).toBe(3);
  });
});
