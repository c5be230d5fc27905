import { describe, expect, it } from 'vitest';
import { billStart, billTotalCentavos, isBillable, procedureNameOfReason } from './bill';

describe('the procedure of an appointment’s reason', () => {
  it('is the whole reason when there are no notes', () => {
    expect(procedureNameOfReason('Tooth Extraction')).toBe('Tooth Extraction');
  });

  it('stops where the notes start', () => {
    expect(procedureNameOfReason('Cleaning — Notes: sensitive gums — Notes: twice')).toBe('Cleaning');
  });

  it('is trimmed', () => {
    expect(procedureNameOfReason('  Root Canal   — Notes: x')).toBe('Root Canal');
  });

  it('is empty without a reason, or with notes only', () => {
    expect(procedureNameOfReason(null)).toBe('');
    expect(procedureNameOfReason(undefined)).toBe('');
    expect(procedureNameOfReason('')).toBe('');
    expect(procedureNameOfReason(' — Notes: walk-in')).toBe('');
  });

  it('keeps a dash that is not the notes separator', () => {
    expect(procedureNameOfReason('Crown — Porcelain')).toBe('Crown — Porcelain');
  });
});

describe('the total a bill starts at', () => {
  it('is the procedure’s current price, exactly', () => {
    expect(billTotalCentavos(['1500.50'])).toBe(150_050);
    expect(billTotalCentavos(['0.30'])).toBe(30);
    expect(billTotalCentavos(['9999999999.99'])).toBe(999_999_999_999);
  });

  it('reads the price the database sends as decimal text, with or without cents', () => {
    expect(billTotalCentavos(['1500'])).toBe(150_000);
  });

  it('is the price when procedures of that name in several categories agree', () => {
    expect(billTotalCentavos(['800.00', '800'])).toBe(80_000);
  });

  it('is none when no procedure has the name', () => {
    expect(billTotalCentavos([])).toBeUndefined();
  });

  it('is none when procedures of that name disagree on the price', () => {
    expect(billTotalCentavos(['800.00', '900.00'])).toBeUndefined();
  });

  it('is none for a free procedure, since an invoice is at least ₱0.01', () => {
    expect(billTotalCentavos(['0.00'])).toBeUndefined();
  });
});

describe('how a bill starts from the procedures named as the reason', () => {
  it('is the one procedure’s line at its price, and that total should Total be chosen', () => {
    expect(billStart([{ id: 7, price: '1500.50' }])).toEqual({
      items: [{ procedureId: 7, priceCentavos: 150_050 }],
      totalCentavos: 150_050,
    });
  });

  it('is only the total when procedures of that name in several categories agree, since the line is ambiguous', () => {
    expect(
      billStart([
        { id: 7, price: '800.00' },
        { id: 9, price: '800' },
      ]),
    ).toEqual({ totalCentavos: 80_000 });
  });

  it('is nothing when they disagree, when none has the name, or for a free procedure', () => {
    expect(
      billStart([
        { id: 7, price: '800.00' },
        { id: 9, price: '900.00' },
      ]),
    ).toEqual({});
    expect(billStart([])).toEqual({});
    expect(billStart([{ id: 7, price: '0.00' }])).toEqual({});
  });
});

describe('which appointments are billed from the list', () => {
  it('is the Completed ones only', () => {
    expect(isBillable('Completed')).toBe(true);
    for (const status of ['Scheduled', 'Confirmed', 'Cancelled', 'No Show']) expect(isBillable(status)).toBe(false);
  });
});
