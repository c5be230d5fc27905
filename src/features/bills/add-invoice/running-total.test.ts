import { describe, expect, it } from 'vitest';
import { lineTotalCentavos, runningTotalCentavos } from './running-total';

describe('the item editor’s running total', () => {
  it('adds 3 × ₱333.33 less ₱0.99 and ₱0.10 + ₱0.20 to exactly ₱999.30', () => {
    const lines = [
      { price: '333.33', quantity: '3', discount: '0.99' },
      { price: '0.10', quantity: '1', discount: '' },
      { price: '₱0.20', quantity: '1', discount: '0' },
    ];
    expect(lines.map(lineTotalCentavos)).toEqual([99_900, 10, 20]);
    expect(runningTotalCentavos(lines)).toBe(99_930);
  });

  it('leaves out a line it cannot read yet', () => {
    expect(lineTotalCentavos({ price: '1,500', quantity: 'two', discount: '' })).toBeNull();
    expect(lineTotalCentavos({ price: '1.005', quantity: '1', discount: '' })).toBeNull();
    expect(
      runningTotalCentavos([
        { price: '', quantity: '1', discount: '' },
        { price: '1,500', quantity: '2', discount: '' },
      ]),
    ).toBe(300_000);
  });
});
