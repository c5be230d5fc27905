import { describe, expect, it } from 'vitest';
import { pesosCell } from '../model/csv-cells';
import type { DaySheet } from '../model/report-shapes';
import { daySheetCsv, daySheetFileName, groupByStatus, paymentsByMethod } from './day-sheet-rows';

const sheet: DaySheet = {
  from: '2026-11-26',
  to: '2026-11-26',
  time_zone: 'Asia/Manila',
  appointments: [
    {
      id: 2,
      appointment_time: '2026-11-26T02:00:00Z',
      status: 'Completed',
      patient_name: 'Niño Peña',
      dentist_name: 'Dr. Reyes',
      reason: 'Cleaning',
    },
    {
      id: 1,
      appointment_time: '2026-11-26T01:00:00Z',
      status: 'Scheduled',
      patient_name: 'Ana Cruz',
      dentist_name: 'Dr. Reyes',
      reason: null,
    },
    {
      id: 3,
      appointment_time: '2026-11-26T03:00:00Z',
      status: 'Completed',
      patient_name: '=HYPERLINK("x")',
      dentist_name: 'Dr. Lim',
      reason: 'Filling, upper',
    },
  ],
  production: {
    invoice_count: 3,
    total_centavos: 350050,
    by_dentist: [
      { dentist_id: 1, dentist_name: 'Dr. Reyes', invoice_count: 2, total_centavos: 300050 },
      { dentist_id: null, dentist_name: null, invoice_count: 1, total_centavos: 50000 },
    ],
    invoices: [
      {
        id: 7,
        patient_name: 'Niño Peña',
        dentist_name: 'Dr. Reyes',
        created_at: '2026-11-26T02:20:00Z',
        total_centavos: 134900,
        items: [
          {
            position: 1,
            label: '36 MO Composite filling',
            quantity: 3,
            unit_price_centavos: 33333,
            discount_centavos: 99,
            line_total_centavos: 99900,
            hmo_share_centavos: 0,
            patient_share_centavos: 99900,
          },
          {
            position: 2,
            label: 'X-ray',
            quantity: 1,
            unit_price_centavos: 35000,
            discount_centavos: 0,
            line_total_centavos: 35000,
            hmo_share_centavos: 0,
            patient_share_centavos: 35000,
          },
        ],
      },
      {
        id: 8,
        patient_name: 'Ana Cruz',
        dentist_name: null,
        created_at: '2026-11-26T03:00:00Z',
        total_centavos: 50000,
        items: [],
      },
    ],
  },
  payments: [
    {
      id: 10,
      invoice_id: 5,
      patient_name: 'Niño Peña',
      amount_centavos: 150050,
      method: 'cash',
      reference_number: null,
      payment_date: '2026-11-26T02:30:00Z',
      receipt_number: 41,
      cashier_name: 'Rosa Dela Cruz',
    },
    {
      id: 11,
      invoice_id: 6,
      patient_name: 'Ana Cruz',
      amount_centavos: 1,
      method: 'e-wallet',
      reference_number: 'GC-1',
      payment_date: '2026-11-26T04:00:00Z',
      receipt_number: 42,
      cashier_name: null,
    },
  ],
  totals: [
    { method: 'cash', payment_count: 1, total_centavos: 150050 },
    { method: 'e-wallet', payment_count: 1, total_centavos: 1 },
  ],
  cashier_totals: [
    {
      cashier_id: '6f1c2d4e-0000-4000-8000-000000000001',
      cashier_name: 'Rosa Dela Cruz',
      payment_count: 1,
      total_centavos: 150050,
    },
    { cashier_id: null, cashier_name: null, payment_count: 1, total_centavos: 1 },
  ],
  grand_total_centavos: 150051,
  hmo_collections: {
    payments: [
      {
        id: 3,
        batch_id: 9,
        hmo_name: 'Maxicare',
        amount_centavos: 650075,
        received_on: '2026-11-26',
        reference_number: 'CHK-7',
        recorded_by_name: 'Rosa Dela Cruz',
      },
    ],
    total_centavos: 650075,
  },
  voids: [
    {
      kind: 'payment',
      id: 12,
      invoice_id: 5,
      patient_name: 'Niño Peña',
      hmo_name: null,
      amount_centavos: 5000,
      method: 'card',
      voided_at: '2026-11-26T05:00:00Z',
      void_reason: 'Entered twice',
      voided_by_name: 'Dr. Admin',
    },
    {
      kind: 'hmo_payment',
      id: 4,
      invoice_id: null,
      patient_name: null,
      hmo_name: 'Intellicare',
      amount_centavos: 120025,
      method: null,
      voided_at: '2026-11-26T06:15:00Z',
      void_reason: 'Recorded against the wrong batch',
      voided_by_name: null,
    },
  ],
  open_invoices: [
    {
      id: 6,
      patient_name: 'Ana Cruz',
      appointment_id: 1,
      total_centavos: 200000,
      paid_centavos: 1,
      balance_centavos: 199999,
      status: 'Partial',
      created_at: '2026-11-26T01:30:00Z',
    },
  ],
};

describe('the day sheet rows', () => {
  it('group appointments by status in the order of the day’s work, each in time order', () => {
    expect(
      groupByStatus(sheet.appointments).map((group) => [group.status, group.appointments.map((a) => a.id)]),
    ).toEqual([
      ['Scheduled', [1]],
      ['Completed', [2, 3]],
    ]);
  });

  it('list each method’s payments under its total, in the order of the totals', () => {
    const cash = { ...sheet.payments[0]!, id: 13 };
    const grouped = paymentsByMethod({
      totals: sheet.totals,
      payments: [sheet.payments[1]!, cash, sheet.payments[0]!],
    });
    expect(grouped.map(({ total, payments }) => [total.method, payments.map((payment) => payment.id)])).toEqual([
      ['cash', [13, 10]],
      ['e-wallet', [11]],
    ]);
  });

  it('writes pesos as exact decimal numbers', () => {
    expect([150050, 1, 0, -2550, 99999999999].map(pesosCell)).toEqual([
      '1500.50',
      '0.01',
      '0.00',
      '-25.50',
      '999999999.99',
    ]);
  });

  it('makes a CSV with a BOM, CRLF lines, ñ kept, formulas guarded and the screen’s totals', () => {
    const csv = daySheetCsv(sheet, 'Clínica Ngiti');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('"Clínica Ngiti — Day sheet for Thursday, 2026-11-26"');
    expect(lines).toContain('Date,Time,Patient,Dentist,Procedure,Status');
    expect(lines).toContain('2026-11-26,09:00,Ana Cruz,Dr. Reyes,,Scheduled');
    expect(lines).toContain('2026-11-26,10:00,Niño Peña,Dr. Reyes,Cleaning,Completed');
    expect(lines).toContain(`2026-11-26,11:00,"'=HYPERLINK(""x"")",Dr. Lim,"Filling, upper",Completed`);
    expect(lines).toContain('Dentist,Invoices,Total');
    expect(lines).toContain('Dr. Reyes,2,3000.50');
    expect(lines).toContain('No dentist (invoice not from an appointment),1,500.00');
    expect(lines).toContain('Production total,3,3500.50');
    expect(lines).toContain('Method,Date,Time,Receipt #,Invoice,Patient,Ref #,Cashier,Amount');
    expect(lines).toContain('Cash,2026-11-26,10:30,41,5,Niño Peña,,Rosa Dela Cruz,1500.50');
    expect(lines).toContain('E-Wallet,2026-11-26,12:00,42,6,Ana Cruz,GC-1,The system,0.01');
    expect(lines).toContain('Cash total,,,,,,,,1500.50');
    expect(lines).toContain('E-Wallet total,,,,,,,,0.01');
    expect(lines).toContain('Grand total,,,,,,,,1500.51');
    expect(lines).toContain('Cashier,Payments,Total');
    expect(lines).toContain('Rosa Dela Cruz,1,1500.50');
    expect(lines).toContain('The system,1,0.01');
    expect(lines).toContain('HMO collections (apart from patients’ payments)');
    expect(lines).toContain('Date received,HMO,Batch,Ref #,Recorded by,Amount');
    expect(lines).toContain('2026-11-26,Maxicare,9,CHK-7,Rosa Dela Cruz,6500.75');
    expect(lines).toContain('HMO collections total,,,,,6500.75');
    expect(lines).toContain('Voided,Invoice,Patient or HMO,Method,Amount,Voided date,Voided time,Voided by,Reason');
    expect(lines).toContain('Payment,5,Niño Peña,Card,50.00,2026-11-26,13:00,Dr. Admin,Entered twice');
    // An HMO payment: no invoice or method, the HMO's name where a patient's goes.
    expect(lines).toContain(
      'HMO payment,,Intellicare,,1200.25,2026-11-26,14:15,The system,Recorded against the wrong batch',
    );
    expect(lines).toContain('6,Ana Cruz,Partial,2000.00,0.01,1999.99');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('lists each invoice issued with its lines under it, a plain one alone', () => {
    const lines = daySheetCsv(sheet, 'Ngiti').slice(1).split('\r\n');
    const at = lines.indexOf('Invoices issued');
    expect(lines.slice(at, at + 6)).toEqual([
      'Invoices issued',
      'Invoice,Patient,Dentist,Item,Qty,Price,Discount,Total',
      '7,Niño Peña,Dr. Reyes,,,,,1349.00',
      ',,,36 MO Composite filling,3,333.33,0.99,999.00',
      ',,,X-ray,1,350.00,0.00,350.00',
      '8,Ana Cruz,No dentist (invoice not from an appointment),,,,,500.00',
    ]);
  });

  it("writes the clinic's date and 24-hour time, not UTC's, for an instant just after the clinic's midnight", () => {
    const early = { ...sheet.appointments[0]!, appointment_time: '2026-11-25T16:30:00Z', status: 'Scheduled' as const };
    const csv = daySheetCsv({ ...sheet, appointments: [early], payments: [], totals: [], voids: [] }, 'Ngiti');
    expect(csv.split('\r\n')).toContain('2026-11-26,00:30,Niño Peña,Dr. Reyes,Cleaning,Scheduled');
  });

  it('names the file by its day, or by its first and last day', () => {
    expect(daySheetFileName({ from: '2026-11-26', to: '2026-11-26' })).toBe('day-sheet-2026-11-26.csv');
    expect(daySheetFileName({ from: '2026-11-23', to: '2026-11-26' })).toBe('day-sheet-2026-11-23-to-2026-11-26.csv');
  });

  it('heads a longer period with its first and last day', () => {
    const csv = daySheetCsv({ ...sheet, from: '2026-11-23' }, 'Ngiti');
    expect(csv.slice(1).split('\r\n')[0]).toBe('"Ngiti — Day sheet for Monday, 2026-11-23 to Thursday, 2026-11-26"');
  });
});
