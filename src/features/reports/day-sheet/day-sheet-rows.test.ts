import { describe, expect, it } from 'vitest';
import { pesosCell } from '../model/csv-cells';
import type { DaySheet, ProductionAmounts } from '../model/report-shapes';
import { daySheetCsv, daySheetFileName, groupByStatus, paymentsByMethod } from './day-sheet-rows';

/**
 * An invoice's (or a group's) figures as the database answers them, each step from the one before:
 * the fixture's own arithmetic, standing in for SQL's.
 */
function amounts(gross: number, vat = 0, discount = 0, hmo = 0): ProductionAmounts {
  const net = gross - vat - discount;
  return {
    gross_centavos: gross,
    vat_exemption_centavos: vat,
    statutory_discount_centavos: discount,
    net_centavos: net,
    hmo_share_centavos: hmo,
    patient_pays_centavos: net - hmo,
  };
}

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
    ...amounts(344900, 10714, 17857, 60000),
    by_dentist: [
      { dentist_id: 1, dentist_name: 'Dr. Reyes', invoice_count: 2, ...amounts(294900, 10714, 17857, 60000) },
      { dentist_id: null, dentist_name: null, invoice_count: 1, ...amounts(50000) },
    ],
    invoices: [
      {
        id: 7,
        patient_name: 'Niño Peña',
        dentist_name: 'Dr. Reyes',
        created_at: '2026-11-26T02:20:00Z',
        discount_id_type: null,
        ...amounts(134900),
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
      // A senior citizen at a VAT-registered clinic, half the cleaning on an HMO: of the patient's
      // ₱1,000.00, VAT out (₱107.14), then 20% (₱178.57), leaves ₱714.29.
      {
        id: 9,
        patient_name: 'Lola Santos',
        dentist_name: 'Dr. Reyes',
        created_at: '2026-11-26T02:40:00Z',
        discount_id_type: 'senior_citizen',
        ...amounts(160000, 10714, 17857, 60000),
        items: [
          {
            position: 1,
            label: 'Cleaning',
            quantity: 1,
            unit_price_centavos: 120000,
            discount_centavos: 0,
            line_total_centavos: 120000,
            hmo_share_centavos: 60000,
            patient_share_centavos: 60000,
          },
          {
            position: 2,
            label: 'X-ray',
            quantity: 1,
            unit_price_centavos: 50000,
            discount_centavos: 10000,
            line_total_centavos: 40000,
            hmo_share_centavos: 0,
            patient_share_centavos: 40000,
          },
        ],
      },
      {
        id: 8,
        patient_name: 'Ana Cruz',
        dentist_name: null,
        created_at: '2026-11-26T03:00:00Z',
        discount_id_type: null,
        ...amounts(50000),
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
    expect(lines).toContain(
      'Dentist,Invoices,Gross,VAT exemption,SC/PWD discount,Net (production),HMO share,Patient pays',
    );
    expect(lines).toContain('Dr. Reyes,2,2949.00,107.14,178.57,2663.29,600.00,2063.29');
    expect(lines).toContain('No dentist (invoice not from an appointment),1,500.00,0.00,0.00,500.00,0.00,500.00');
    expect(lines).toContain('Production total,3,3449.00,107.14,178.57,3163.29,600.00,2563.29');
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

  it('lists each invoice from the gross of its lines to what the patient pays, its lines apart', () => {
    const lines = daySheetCsv(sheet, 'Ngiti').slice(1).split('\r\n');
    const at = lines.indexOf('Invoices issued');
    expect(lines.slice(at, at + 12)).toEqual([
      'Invoices issued',
      'Invoice,Patient,Dentist,Discount ID,Gross,VAT exemption,SC/PWD discount,Net (production),HMO share,Patient pays',
      '7,Niño Peña,Dr. Reyes,,1349.00,0.00,0.00,1349.00,0.00,1349.00',
      '9,Lola Santos,Dr. Reyes,Senior citizen,1600.00,107.14,178.57,1314.29,600.00,714.29',
      '8,Ana Cruz,No dentist (invoice not from an appointment),,500.00,0.00,0.00,500.00,0.00,500.00',
      '',
      'Lines of the invoices issued',
      'Invoice,Item,Qty,Price,Discount,Line total,HMO share,Patient share',
      '7,36 MO Composite filling,3,333.33,0.99,999.00,0.00,999.00',
      '7,X-ray,1,350.00,0.00,350.00,0.00,350.00',
      '9,Cleaning,1,1200.00,0.00,1200.00,600.00,600.00',
      '9,X-ray,1,500.00,100.00,400.00,0.00,400.00',
    ]);
  });

  it('never puts an invoice’s figure and a line’s in one column: each column sums to its total once', () => {
    const rows = daySheetCsv(sheet, 'Ngiti')
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(','));
    /** The data rows of a section: after its title and header, up to the blank line. */
    const section = (title: string) => {
      const at = rows.findIndex((row) => row[0] === title);
      const end = rows.findIndex((row, index) => index > at && row.length === 1 && row[0] === '');
      return { header: rows[at + 1]!, data: rows.slice(at + 2, end) };
    };
    const centavosIn = (cell: string) => Number(cell.replace('.', ''));
    const columnSum = ({ header, data }: ReturnType<typeof section>, column: string, invoiceId?: string) =>
      data
        .filter((row) => invoiceId === undefined || row[0] === invoiceId)
        .reduce((sum, row) => sum + centavosIn(row[header.indexOf(column)]!), 0);

    const invoices = section('Invoices issued');
    const production = section('Production (invoices issued)');
    const total = production.data.find((row) => row[0] === 'Production total')!;
    for (const column of ['Gross', 'VAT exemption', 'SC/PWD discount', 'Net (production)', 'HMO share', 'Patient pays'])
      expect(columnSum(invoices, column)).toBe(centavosIn(total[production.header.indexOf(column)]!));

    // An itemised invoice's lines add up to its gross and its HMO share.
    const itemLines = section('Lines of the invoices issued');
    for (const invoiceId of ['7', '9']) {
      const invoice = invoices.data.find((row) => row[0] === invoiceId)!;
      const figure = (column: string) => centavosIn(invoice[invoices.header.indexOf(column)]!);
      expect(columnSum(itemLines, 'Line total', invoiceId)).toBe(figure('Gross'));
      expect(columnSum(itemLines, 'HMO share', invoiceId)).toBe(figure('HMO share'));
    }
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
