import { describe, expect, it } from 'vitest';
import { toCategories } from './categories';

describe('toCategories', () => {
  it('orders categories and procedures by name, ignoring case, with prices in centavos', () => {
    const rows = [
      {
        id: 2,
        name: 'restorative',
        procedures: [
          { id: 5, name: 'Inlay', price: '2500.00' },
          { id: 4, name: 'amalgam Filling', price: '800.50' },
        ],
      },
      { id: 1, name: 'Cleaning', procedures: [] },
    ];
    const before = structuredClone(rows);
    expect(toCategories(rows)).toEqual([
      { id: 1, name: 'Cleaning', procedures: [] },
      {
        id: 2,
        name: 'restorative',
        procedures: [
          { id: 4, categoryId: 2, name: 'amalgam Filling', priceCentavos: 80_050 },
          { id: 5, categoryId: 2, name: 'Inlay', priceCentavos: 250_000 },
        ],
      },
    ]);
    expect(rows).toEqual(before);
  });
});
