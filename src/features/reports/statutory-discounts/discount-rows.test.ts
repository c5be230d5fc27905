import { describe, expect, it } from 'vitest';
import { monthPeriod } from '../model/period';
import type { StatutoryDiscounts } from '../model/report-shapes';
import { discountsCsv, discountsFileName, discountsHeading, idTypeLabel, invoiceDay } from './discount-rows';

const REPORT: StatutoryDiscounts = {
  from: '2026-11-01',
  to: '2026-11-30',
  time_zone: 'Asia/Manila',
  invoices: [
    {
      id: 31,
      // 00:30 on November 2 in Manila, still November 1 in UTC.
      created_at: '2026-11-01T16:30:00+00:00',
      patient_name: 'Lola Peña, Sr.',
      discount_id_type: 'senior_citizen',
      discount_id_number: 'SC-0451',
      gross_centavos: 150_000,
      vat_exemption_centavos: 0,
      discount_centavos: 30_000,
      amount_due_centavos: 120_000,
    },
    {
      id: 32,
      created_at: '2026-11-03T03:00:00+00:00',
      patient_name: 'Ben Cruz',
      discount_id_type: 'pwd',
      discount_id_number: '=PWD-13',
      gross_centavos: 112_000,
      vat_exemption_centavos: 12_000,
      discount_centavos: 20_000,
      amount_due_centavos: 80_000,
    },
  ],
  by_type: [
    {
      discount_id_type: 'pwd',
      invoice_count: 1,
      gross_centavos: 112_000,
      vat_exemption_centavos: 12_000,
      discount_centavos: 20_000,
      amount_due_centavos: 80_000,
    },
    {
      discount_id_type: 'senior_citizen',
      invoice_count: 1,
      gross_centavos: 150_000,
      vat_exemption_centavos: 0,
      discount_centavos: 30_000,
      amount_due_centavos: 120_000,
    },
  ],
  overall: {
    invoice_count: 2,
    gross_centavos: 262_000,
    vat_exemption_centavos: 12_000,
    discount_centavos: 50_000,
    amount_due_centavos: 200_000,
  },
};

describe('the statutory discounts report as people read it', () => {
  it('names the ID types and the period, and dates each invoice by the clinic day', () => {
    expect(idTypeLabel('senior_citizen')).toBe('Senior citizen');
    expect(idTypeLabel('pwd')).toBe('PWD');
    expect(discountsHeading(REPORT)).toBe('Statutory discounts from 2026-11-01 to 2026-11-30');
    expect(invoiceDay(REPORT, REPORT.invoices[0]!.created_at)).toBe('2026-11-02');
    expect(discountsFileName(REPORT)).toBe('statutory-discounts-2026-11-01-to-2026-11-30.csv');
  });

  it('writes the CSV with each invoice, the totals per ID type and overall, exact pesos and no formulas', () => {
    const csv = discountsCsv(REPORT, 'Smile Dental');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Smile Dental — Statutory discounts from 2026-11-01 to 2026-11-30',
      '',
      'Date,Invoice,Patient,ID type,ID number,Gross (patient share),VAT exemption,Discount,Amount due',
      '2026-11-02,31,"Lola Peña, Sr.",Senior citizen,SC-0451,1500.00,0.00,300.00,1200.00',
      "2026-11-03,32,Ben Cruz,PWD,'=PWD-13,1120.00,120.00,200.00,800.00",
      '',
      'ID type,Invoices,Gross (patient share),VAT exemption,Discount,Amount due',
      'PWD total,1,1120.00,120.00,200.00,800.00',
      'Senior citizen total,1,1500.00,0.00,300.00,1200.00',
      'Overall total,2,2620.00,120.00,500.00,2000.00',
      '',
    ]);
  });

  it('opens on the clinic month of today, first to last day, leap years included', () => {
    expect(monthPeriod('2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthPeriod('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
