import { describe, expect, it } from 'vitest';
import { billTotalCentavos, isBillable, procedureNameOfReason } from './bill';

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

describe('which appointments are billed from the list', () => {
  it('is the Completed ones only', () => {
    expect(isBillable('Completed')).toBe(true);
    for (const status of ['Scheduled', 'Confirmed', 'Cancelled', 'No Show']) expect(isBillable(status)).toBe(false);
  });
});
