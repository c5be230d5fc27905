import { describe, expect, it } from 'vitest';
import { patientOptionLabel, procedureOptionLabel, sortByName } from './choices';

describe('the booking form’s choices', () => {
  it('sorts by name ignoring letter case, then by id, without changing the input', () => {
    const rows = [
      { id: 3, name: 'dr. paolo' },
      { id: 2, name: 'Dr. Andrea' },
      { id: 1, name: 'Dr. Paolo' },
    ];
    const copy = [...rows];
    expect(sortByName(rows).map((row) => row.id)).toEqual([2, 1, 3]);
    expect(rows).toEqual(copy);
  });

  it('shows a procedure with its price in pesos (en-PH)', () => {
    expect(procedureOptionLabel({ name: 'Composite Filling', priceCentavos: 150_000 })).toBe(
      'Composite Filling — ₱1,500.00',
    );
    expect(procedureOptionLabel({ name: 'Retainer', priceCentavos: 450_050 })).toBe('Retainer — ₱4,500.50');
    expect(procedureOptionLabel({ name: 'Check-up', priceCentavos: 0 })).toBe('Check-up — ₱0.00');
  });

  it('shows a patient with the phone when there is one', () => {
    expect(patientOptionLabel({ name: 'Maria Santos', phone: '+63 917 111 1111' })).toBe(
      'Maria Santos · +63 917 111 1111',
    );
    expect(patientOptionLabel({ name: 'Maria Santos', phone: ' ' })).toBe('Maria Santos');
  });
});
