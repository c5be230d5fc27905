import { describe, expect, it } from 'vitest';
import { sortDentistsByName } from './dentist-list';

describe('the order of the Dentists table', () => {
  it('sorts by name ignoring case, without changing the list it was given', () => {
    const list = Object.freeze([
      { id: 1, name: 'dr. zed' },
      { id: 2, name: 'Dr. Andrea' },
      { id: 3, name: 'dr. beth' },
      { id: 4, name: 'Dr. Beth' },
      { id: 5, name: 'DR. CARLO' },
    ]);
    expect(sortDentistsByName(list).map((dentist) => dentist.id)).toEqual([2, 3, 4, 5, 1]);
    expect(list.map((dentist) => dentist.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts names differing only in case in id order', () => {
    expect(
      sortDentistsByName([
        { id: 9, name: 'ana' },
        { id: 3, name: 'ANA' },
      ]).map((d) => d.id),
    ).toEqual([3, 9]);
  });
});
