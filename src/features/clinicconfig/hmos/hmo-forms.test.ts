import { describe, expect, it } from 'vitest';
import {
  coverageFormSchema,
  EMPTY_COVERAGE_FORM,
  EMPTY_HMO_FORM,
  hmoFormSchema,
  mergeConcurrentHmoEdit,
  procedureLabels,
  type HmoFields,
} from './hmo-forms';

describe('the HMO form', () => {
  it('sends the name trimmed, the deadline as days and the limit as a decimal string', () => {
    expect(hmoFormSchema.parse({ ...EMPTY_HMO_FORM, name: ' Maxicare ', limit: '30,000' })).toEqual({
      name: 'Maxicare',
      claim_deadline_days: 30,
      annual_limit: '30000.00',
      active: true,
    });
    expect(hmoFormSchema.parse({ ...EMPTY_HMO_FORM, name: 'Intellicare' }).annual_limit).toBeNull();
  });

  it('refuses a blank name, a deadline outside 1–365 days and a limit that is not pesos', () => {
    const refused = hmoFormSchema.safeParse({ name: ' ', deadline: '0', limit: 'lots', active: true });
    expect(refused.error?.issues.map((issue) => issue.path[0])).toEqual(['name', 'deadline', 'limit']);
  });
});

describe('merging Edit HMO with a save made elsewhere meanwhile', () => {
  const opened: HmoFields = { name: 'Maxicare', claim_deadline_days: 30, annual_limit: '30000.00', active: true };
  const current: HmoFields = {
    name: 'Maxicare Healthcare',
    claim_deadline_days: 45,
    annual_limit: null,
    active: false,
  };

  it('shows the other save’s values in the fields this user left as opened', () => {
    expect(
      mergeConcurrentHmoEdit({ name: ' Maxicare ', deadline: '030', limit: '₱30,000', active: true }, opened, current),
    ).toEqual({ name: 'Maxicare Healthcare', deadline: '45', limit: '', active: false });
    expect(
      mergeConcurrentHmoEdit(
        { name: 'Maxicare', deadline: '30', limit: '', active: true },
        { ...opened, annual_limit: null },
        { ...current, annual_limit: '45000.50' },
      ).limit,
    ).toBe('45000.50');
  });

  it('keeps what this user typed where they changed a field, even to what is not valid', () => {
    expect(
      mergeConcurrentHmoEdit({ name: 'Maxicare PH', deadline: '60', limit: '25,000', active: false }, opened, current),
    ).toEqual({ name: 'Maxicare PH', deadline: '60', limit: '25,000', active: false });
    const limited = { ...current, annual_limit: '45000.00' };
    expect(
      mergeConcurrentHmoEdit({ name: 'Maxicare', deadline: 'x', limit: '', active: true }, opened, limited),
    ).toEqual({ name: 'Maxicare Healthcare', deadline: 'x', limit: '', active: false });
  });
});

describe('the coverage form', () => {
  it('sends a contracted price or a percentage, never both', () => {
    expect(coverageFormSchema.parse({ procedureId: '4', basis: 'price', amount: '900' })).toEqual({
      procedure_id: 4,
      contracted_price: '900.00',
      covered_percent: null,
    });
    expect(coverageFormSchema.parse({ procedureId: '4', basis: 'percent', amount: '80.5' })).toEqual({
      procedure_id: 4,
      contracted_price: null,
      covered_percent: '80.5',
    });
  });

  it('needs a procedure and an amount of its kind', () => {
    expect(coverageFormSchema.safeParse(EMPTY_COVERAGE_FORM).error?.issues.map((i) => i.path[0])).toEqual([
      'procedureId',
      'amount',
    ]);
    expect(coverageFormSchema.safeParse({ procedureId: '1', basis: 'percent', amount: '12.345' }).success).toBe(false);
  });
});

describe('procedureLabels', () => {
  it('names a procedure alone, and with its category when another of the clinic has its name', () => {
    const labels = procedureLabels([
      { id: 1, name: 'Cleaning', category: 'Adult' },
      { id: 2, name: 'cleaning', category: 'Pediatric' },
      { id: 3, name: 'Porcelain Crown', category: 'Restorative' },
    ]);
    expect([...labels.entries()]).toEqual([
      [1, 'Cleaning (Adult)'],
      [2, 'cleaning (Pediatric)'],
      [3, 'Porcelain Crown'],
    ]);
  });
});
